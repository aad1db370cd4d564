package dev.csl.cli;

import dev.csl.fsguard.Ownership;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;

/**
 * Where the resident process of one csl build listens: {@code csl-HASH.sock} in a directory of the
 * user's own that nobody else may enter ({@code $XDG_RUNTIME_DIR/csl}, else {@code
 * $XDG_CACHE_HOME/csl/daemon}, else {@code ~/.cache/csl/daemon}), HASH naming the jar (its path,
 * size and modification time), so that a rebuild never reaches an older process. The C client
 * ({@code cli/src/main/c/csl-client.c}) computes the same name.
 *
 * @param directory the socket's directory
 * @param hash the build's hash (16 hex digits)
 */
record DaemonPlace(Path directory, String hash) {
    private static final Set<PosixFilePermission> OWNER_ONLY =
            PosixFilePermissions.fromString("rwx------");

    /** The place for {@code jar} under the caller's environment, or null when csl has no jar. */
    static DaemonPlace of(Map<String, String> env, Path jar) throws IOException {
        return new DaemonPlace(directory(env), hash(jar));
    }

    Path socket() {
        return directory.resolve("csl-" + hash + ".sock");
    }

    Path lock() {
        return directory.resolve("csl-" + hash + ".lock");
    }

    /** The jar this process runs from: the launcher's build directory names it. */
    static Path jar(String buildDirectory) {
        return buildDirectory == null ? null : Path.of(buildDirectory + "/csl.jar");
    }

    static Path directory(Map<String, String> env) throws IOException {
        String runtime = env.get("XDG_RUNTIME_DIR");
        if (runtime != null && runtime.startsWith("/")) {
            return Path.of(runtime, "csl");
        }
        String cache = env.get("XDG_CACHE_HOME");
        if (cache != null && cache.startsWith("/")) {
            return Path.of(cache, "csl", "daemon");
        }
        String home = env.get("HOME");
        if (home == null || !home.startsWith("/")) {
            throw new IOException(
                    "no XDG_RUNTIME_DIR, XDG_CACHE_HOME or HOME to put the socket in");
        }
        return Path.of(home, ".cache", "csl", "daemon");
    }

    /**
     * Creates the directory (owner only) when missing; refuses one that is a link, not this user's,
     * or open to others: whoever could enter it could put a socket of theirs there.
     */
    void prepare() throws IOException {
        if (!Files.isDirectory(directory, LinkOption.NOFOLLOW_LINKS)) {
            // The user's runtime or cache directory, named by the user's environment, never by an
            // answer or a project: outside every working directory, so not the guard's to reach.
            Files.createDirectories(directory.getParent()); // the user's runtime/cache dir
            Files.createDirectory( // csl's own socket directory there, never a project's
                    directory, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        }
        String why = unsafe(directory);
        if (why != null) {
            throw new IOException(why);
        }
    }

    /** Why {@code dir} may not hold the socket, or null when it may. */
    static String unsafe(Path dir) throws IOException {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return dir + " is not a directory";
        }
        Object uid = Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
        if (!(uid instanceof Number n) || n.longValue() != Ownership.currentUid()) {
            return dir + " is not this user's";
        }
        if (!OWNER_ONLY.containsAll(
                Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS))) {
            return dir + " is open to other users (it must be 0700)";
        }
        return null;
    }

    /**
     * FNV-1a (64 bits) of "path\0size\0seconds\0nanoseconds" of the jar's modification time: the C
     * client hashes the same fields of its stat.
     */
    static String hash(Path jar) throws IOException {
        BasicFileAttributes a = Files.readAttributes(jar, BasicFileAttributes.class);
        java.time.Instant t = a.lastModifiedTime().toInstant();
        String key = jar + "\0" + a.size() + "\0" + t.getEpochSecond() + "\0" + t.getNano();
        long h = 0xcbf29ce484222325L;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return String.format("%016x", h);
    }
}
