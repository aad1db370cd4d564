package dev.csl.fsguard;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * The user's own state, outside every project: what this user granted through csl (trusted
 * commands.json files, approvals, safe directories, the journals csl wrote). Anything csl reads
 * back from a project is as untrusted as an answer unless a record here says this user's csl made
 * it. The directory is {@code $CSL_CONFIG_HOME}, else {@code $XDG_CONFIG_HOME/csl}, else {@code
 * ~/.config/csl}; it is made private (0700) and reached through the guard like {@code .csl}, so a
 * link planted inside cannot carry a write elsewhere.
 */
public final class UserState {
    /** Where tests and unusual set-ups put the state (an absolute path). */
    public static final String ENV = "CSL_CONFIG_HOME";

    private static volatile UserState current;

    private final Path root;

    private UserState(Path root) {
        this.root = root;
    }

    /** The state directory at {@code root} (absolute). */
    public static UserState at(Path root) {
        if (!root.isAbsolute()) {
            throw new IllegalArgumentException(
                    "the user's state directory must be absolute: " + root);
        }
        return new UserState(root.normalize());
    }

    /** The state directory named by {@code env} and {@code home}, as csl looks it up. */
    public static UserState locate(Map<String, String> env, String home) {
        String own = env.get(ENV);
        if (own != null && !own.isEmpty() && Path.of(own).isAbsolute()) {
            return at(Path.of(own));
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isEmpty() && Path.of(xdg).isAbsolute()) {
            return at(Path.of(xdg, "csl"));
        }
        return at(Path.of(home, ".config", "csl"));
    }

    /** This process's user state (looked up once from its environment). */
    public static UserState current() {
        UserState state = current;
        if (state == null) {
            state = locate(System.getenv(), HomeDirectory.current());
            current = state;
        }
        return state;
    }

    public Path root() {
        return root;
    }

    /** The content of {@code rel}, or null when there is none (nor the directory itself). */
    public byte[] readIfExists(String rel) throws IOException {
        if (!isDirectory(root)) {
            return null;
        }
        GuardedFiles files = Guard.open(root, true);
        if (files.stat(rel).type() != FileInfo.Type.FILE) {
            return null; // a link or anything else planted here is no record of csl's
        }
        return files.readBytes(rel);
    }

    /** Replaces {@code rel} atomically, making the private directory and the parents it needs. */
    public void write(String rel, byte[] data) throws IOException {
        GuardedFiles files = Guard.open(ensureRoot(), true);
        int slash = rel.lastIndexOf('/');
        if (slash > 0) {
            files.createDirectories(rel.substring(0, slash));
        }
        files.writeAtomic(rel, data);
    }

    /** Deletes {@code rel} (never through a link); nothing when it is absent. */
    public void delete(String rel) throws IOException {
        if (!isDirectory(root)) {
            return;
        }
        GuardedFiles files = Guard.open(root, true);
        if (files.stat(rel).type() != FileInfo.Type.MISSING) {
            files.deleteRecursive(rel);
        }
    }

    /**
     * Makes the state directory itself with plain file calls: its path comes from the user's own
     * environment or home directory, never from an answer or a project, and everything below it is
     * then written through the guard rooted here.
     */
    private Path ensureRoot() throws IOException {
        if (!isDirectory(root)) {
            Path parent = root.getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            try {
                Files.createDirectory(root);
                if (root.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                    Files.setPosixFilePermissions(
                            root, PosixFilePermissions.fromString("rwx------"));
                }
            } catch (FileAlreadyExistsException raced) {
                // made meanwhile: used like any existing one
            }
        }
        return root;
    }

    /**
     * A linked {@code ~/.config} is the user's own choice, so the root may be reached by a link.
     */
    private static boolean isDirectory(Path dir) {
        return Files.isDirectory(dir);
    }

    /** A stable file name for a key such as a project's real path: its SHA-256 in hex. */
    public static String keyOf(String text) {
        return sha256(text.getBytes(StandardCharsets.UTF_8));
    }

    /** SHA-256 of {@code bytes}, in lower-case hex. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
