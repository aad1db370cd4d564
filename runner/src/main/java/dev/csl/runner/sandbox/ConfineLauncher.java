package dev.csl.runner.sandbox;

import dev.csl.fsguard.Installation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.zip.CRC32;
import java.util.zip.CRC32C;

/**
 * {@code csl-confine}, the small C program (runner/src/main/c/csl-confine.c) every child is started
 * through: it sets the ceilings (file size, processes), a session of its own, and under the
 * Landlock layer the Landlock ruleset, no_new_privs and a seccomp filter, then execs the command.
 * The Maven build compiles it into the class path where a C compiler exists; at run time it is
 * copied once into csl's own cache directory ({@code $XDG_CACHE_HOME/csl} or {@code ~/.cache/csl})
 * under a name holding its content hash, and a copy is run only when its bytes are the program's,
 * so a changed binary is never run in its place.
 *
 * @param path the extracted program, or {@code null} when there is none
 * @param why why there is none (empty when there is one)
 */
public record ConfineLauncher(Path path, String why) {
    static final String RESOURCE = "csl-confine";

    // Extracted once per process: the class path does not change while csl runs.
    private static final Once<ConfineLauncher> MACHINE =
            new Once<>(
                    "csl-confine-extract",
                    e ->
                            unavailable(
                                    "csl-confine could not be copied to csl's cache directory: "
                                            + e));

    /** The launcher of this installation, extracted once (here, unless that already runs). */
    public static ConfineLauncher machine() {
        return MACHINE.get(ConfineLauncher::extract);
    }

    /**
     * Starts the extraction on a thread of its own, so that a RUN's worker command can be worked
     * out meanwhile ({@link #machine} then waits only for what is left).
     */
    public static void startInBackground() {
        MACHINE.start(ConfineLauncher::extract);
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
            return copyInto(cacheDirectory(), program);
        } catch (IOException | RuntimeException e) {
            return unavailable(
                    "csl-confine could not be copied to csl's cache directory: " + e.getMessage());
        }
    }

    /**
     * {@code program} as a file in {@code dir} under its hash: the copy there if its bytes are the
     * program's, else a fresh copy put in its place.
     */
    static ConfineLauncher copyInto(Path dir, byte[] program) throws IOException {
        return new ConfineLauncher(copyInto(dir, RESOURCE, program), "");
    }

    /** As {@link #copyInto(Path, byte[])}, for the program {@code name} (csl's other programs). */
    static Path copyInto(Path dir, String name, byte[] program) throws IOException {
        Path target = dir.resolve(name + "-" + hash(program));
        if (Files.isRegularFile(target) && Arrays.equals(Files.readAllBytes(target), program)) {
            return target;
        }
        // csl's own cache directory, never a project: written directly, then renamed into place
        Path temporary = Files.createTempFile(dir, name, ".tmp");
        try {
            Files.write(temporary, program);
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rwx------"));
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
        return target;
    }

    /**
     * csl's cache directory ({@link Installation#cacheDirectory()}, which the guard and the sandbox
     * protect where it lies inside a project), created readable by its owner only.
     */
    static Path cacheDirectory() throws IOException {
        Path dir = Installation.cacheDirectory();
        if (!Files.isDirectory(dir)) {
            // csl's own cache directory under the user's home, never a project
            Files.createDirectories(dir);
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        }
        return dir;
    }

    /**
     * A 64-bit content hash for the copy's name (CRC-32 and CRC-32C side by side): it only keeps
     * two builds' launchers apart; whether a copy may be run is decided by comparing its bytes. Not
     * SHA-256: its provider costs a cold JVM milliseconds on every RUN's start.
     */
    static String hash(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        CRC32C crcC = new CRC32C();
        crcC.update(bytes);
        String hex = Long.toHexString(crc.getValue() << 32 | crcC.getValue());
        return "0".repeat(16 - hex.length()) + hex;
    }
}
