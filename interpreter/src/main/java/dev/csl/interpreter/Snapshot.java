package dev.csl.interpreter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The state of one path on disk before a change: absent, a file (bytes and mode), a directory (mode
 * and every entry below it) or a symlink (its target). Captured without following symlinks.
 *
 * @param children for a directory: its entries by name, sorted; otherwise empty
 * @param mode POSIX permission bits, or -1 where the file system has none
 */
record Snapshot(
        Kind kind, byte[] bytes, int mode, String linkTarget, TreeMap<String, Snapshot> children) {
    enum Kind {
        ABSENT,
        FILE,
        DIRECTORY,
        SYMLINK
    }

    static final Snapshot ABSENT = new Snapshot(Kind.ABSENT, null, -1, null, new TreeMap<>());

    static Snapshot capture(Path path) throws IOException {
        BasicFileAttributes attrs;
        try {
            attrs =
                    Files.readAttributes(
                            path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return ABSENT;
        }
        if (attrs.isSymbolicLink()) {
            return new Snapshot(
                    Kind.SYMLINK,
                    null,
                    -1,
                    Files.readSymbolicLink(path).toString(),
                    new TreeMap<>());
        }
        if (attrs.isDirectory()) {
            TreeMap<String, Snapshot> children = new TreeMap<>();
            try (Stream<Path> list = Files.list(path)) {
                for (Path child : (Iterable<Path>) list::iterator) {
                    children.put(child.getFileName().toString(), capture(child));
                }
            }
            return new Snapshot(Kind.DIRECTORY, null, modeOf(path), null, children);
        }
        return new Snapshot(
                Kind.FILE, Files.readAllBytes(path), modeOf(path), null, new TreeMap<>());
    }

    /** A short description of the current state, to tell whether a path changed since. */
    static String fingerprint(Path path) throws IOException {
        return capture(path).fingerprint();
    }

    String fingerprint() {
        return switch (kind) {
            case ABSENT -> "absent";
            case FILE -> "file:" + bytes.length + ":" + crc32c(bytes);
            case SYMLINK -> "symlink:" + linkTarget;
            case DIRECTORY -> {
                StringBuilder sb = new StringBuilder();
                children.forEach(
                        (name, s) ->
                                sb.append(name).append('=').append(s.fingerprint()).append(';'));
                // CRC32C as for files: SHA-256 would load the security providers (~8 ms cold).
                byte[] listing = sb.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
                yield "dir:" + listing.length + ":" + crc32c(listing);
            }
        };
    }

    /** Puts this state back at {@code path}: whatever is there now is replaced. */
    void restore(Path path) throws IOException {
        if (kind == Kind.FILE && !isRealDirectory(path)) {
            Path parent = path.getParent();
            Files.createDirectories(parent);
            Path temp = parent.resolve(".csl-undo-" + Long.toHexString(System.nanoTime()) + ".tmp");
            Files.write(temp, bytes);
            setMode(temp, mode);
            AtomicFiles.moveAtomically(temp, path);
            return;
        }
        deleteTree(path);
        switch (kind) {
            case ABSENT -> {}
            case FILE -> restore(path);
            case SYMLINK -> {
                Files.createDirectories(path.getParent());
                Files.createSymbolicLink(path, path.getFileSystem().getPath(linkTarget));
            }
            case DIRECTORY -> {
                Files.createDirectories(path);
                for (var e : children.entrySet()) {
                    e.getValue().restore(path.resolve(e.getKey()));
                }
                setMode(path, mode);
            }
        }
    }

    private static boolean isRealDirectory(Path path) {
        return Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS);
    }

    /** Deletes a file, a link (never its target) or a whole tree; nothing when absent. */
    static void deleteTree(Path path) throws IOException {
        BasicFileAttributes attrs;
        try {
            attrs =
                    Files.readAttributes(
                            path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return;
        }
        if (attrs.isDirectory()) {
            List<Path> children = new ArrayList<>();
            try (Stream<Path> list = Files.list(path)) {
                list.forEach(children::add);
            }
            for (Path child : children) {
                deleteTree(child);
            }
        }
        Files.deleteIfExists(path);
    }

    static int modeOf(Path path) {
        try {
            Set<PosixFilePermission> perms =
                    Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
            int mode = 0;
            for (PosixFilePermission p : perms) {
                mode |= 1 << (8 - p.ordinal());
            }
            return mode;
        } catch (UnsupportedOperationException | IOException e) {
            return -1;
        }
    }

    static void setMode(Path path, int mode) throws IOException {
        if (mode < 0) {
            return;
        }
        Set<PosixFilePermission> perms = java.util.EnumSet.noneOf(PosixFilePermission.class);
        for (PosixFilePermission p : PosixFilePermission.values()) {
            if ((mode & (1 << (8 - p.ordinal()))) != 0) {
                perms.add(p);
            }
        }
        try {
            Files.setPosixFilePermissions(path, perms);
        } catch (UnsupportedOperationException e) {
            // The file system has no POSIX modes (Windows-like): nothing to keep.
        }
    }

    /**
     * A fast content checksum for "changed since the apply" (not a security boundary): CRC32C is an
     * intrinsic, where SHA-256 of a 20 MB file costs a tenth of a second without C2.
     */
    static String crc32c(byte[] data) {
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(data, 0, data.length);
        return Long.toHexString(crc.getValue());
    }

    static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
