package dev.csl.runner.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * {@code csl-confine}, the small C program (runner/src/main/c/csl-confine.c) every child is started
 * through: it sets the ceilings (file size, processes), a session of its own, and under the
 * Landlock layer the Landlock ruleset, no_new_privs and a seccomp filter, then execs the command.
 * The Maven build compiles it into the class path where a C compiler exists; at run time it is
 * copied once into csl's own cache directory ({@code $XDG_CACHE_HOME/csl} or {@code ~/.cache/csl})
 * under a name holding its content hash, so a changed binary is never run in its place.
 *
 * @param path the extracted program, or {@code null} when there is none
 * @param why why there is none (empty when there is one)
 */
public record ConfineLauncher(Path path, String why) {
    static final String RESOURCE = "csl-confine";

    private static final class Cached {
        // Extracted once per JVM: the class path does not change while csl runs.
        static final ConfineLauncher RESULT = extract();
    }

    /** The launcher of this installation, extracted once. */
    public static ConfineLauncher machine() {
        return Cached.RESULT;
    }

    static ConfineLauncher unavailable(String why) {
        return new ConfineLauncher(null, why);
    }

    public boolean available() {
        return path != null;
    }

    private static ConfineLauncher extract() {
        if (!System.getProperty("os.name", "")
                .toLowerCase(java.util.Locale.ROOT)
                .contains("linux")) {
            return unavailable("csl-confine is built for Linux only");
        }
        byte[] program;
        try (InputStream in = ConfineLauncher.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                return unavailable(
                        "this csl was built without a C compiler, so it has no csl-confine launcher");
            }
            program = in.readAllBytes();
        } catch (IOException e) {
            return unavailable(
                    "csl-confine could not be read from csl's class path: " + e.getMessage());
        }
        try {
            Path dir = cacheDirectory();
            Path target = dir.resolve(RESOURCE + "-" + hash(program).substring(0, 16));
            if (Files.isRegularFile(target)
                    && hash(Files.readAllBytes(target)).equals(hash(program))) {
                return new ConfineLauncher(target, "");
            }
            // csl's own cache directory, never a project: written directly, then renamed into place
            Path temporary = Files.createTempFile(dir, RESOURCE, ".tmp");
            try {
                Files.write(temporary, program);
                Files.setPosixFilePermissions(
                        temporary, PosixFilePermissions.fromString("rwx------"));
                try {
                    Files.move(
                            temporary,
                            target,
                            StandardCopyOption.ATOMIC_MOVE,
                            StandardCopyOption.REPLACE_EXISTING);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                // the temporary file made just above in csl's own cache directory
                Files.deleteIfExists(temporary);
            }
            return new ConfineLauncher(target, "");
        } catch (IOException | RuntimeException e) {
            return unavailable(
                    "csl-confine could not be copied to csl's cache directory: " + e.getMessage());
        }
    }

    /**
     * {@code $XDG_CACHE_HOME/csl}, else {@code ~/.cache/csl}, created readable by its owner only.
     */
    static Path cacheDirectory() throws IOException {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base =
                xdg != null && Path.of(xdg).isAbsolute()
                        ? Path.of(xdg)
                        : Path.of(System.getProperty("user.home"), ".cache");
        Path dir = base.resolve("csl");
        if (!Files.isDirectory(dir)) {
            // csl's own cache directory under the user's home, never a project
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
        return dir;
    }

    private static String hash(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
