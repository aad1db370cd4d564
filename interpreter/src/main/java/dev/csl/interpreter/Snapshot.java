package dev.csl.interpreter;

import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.Deadline;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Set;
import java.util.TreeMap;

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
        SYMLINK,
        /** A FIFO, socket or device: recorded so undo can say it cannot put it back. */
        SPECIAL
    }

    static final Snapshot ABSENT = new Snapshot(Kind.ABSENT, null, -1, null, new TreeMap<>());

    /**
     * The deepest tree recorded: the journal writes a tree as nested JSON and reads it back by
     * recursion, and the post-command walk stops at 512 levels too; deeper is refused plainly.
     */
    static final int MAX_DEPTH = 400;

    private static int depth(String rel) {
        int depth = 0;
        for (int i = rel.indexOf('/'); i >= 0; i = rel.indexOf('/', i + 1)) {
            depth++;
        }
        return depth;
    }

    /**
     * The state of {@code rel} (relative to the guard's root) through the guard: a path that now
     * leads outside is refused ({@link GuardException}), and a FIFO, socket or device is recorded
     * as {@link Kind#SPECIAL} without being opened (opening a FIFO would block csl).
     */
    /** A regular file's state as read: its bytes and mode. */
    static Snapshot ofFile(byte[] bytes, int mode) {
        return new Snapshot(Kind.FILE, bytes, mode, null, new TreeMap<>());
    }

    static Snapshot capture(GuardedFiles files, String rel) throws IOException {
        return capture(files, rel, Deadline.NONE);
    }

    /**
     * As {@link #capture(GuardedFiles, String)}, giving up with {@link Deadline.Passed} once {@code
     * deadline} passes: a RUN's recording is under the command's timeout (a tree thousands of
     * directories deep costs a walk from the root per entry).
     */
    static Snapshot capture(GuardedFiles files, String rel, Deadline deadline) throws IOException {
        // The mount table is read only when a directory is met: most snapshots are of one file.
        java.util.concurrent.atomic.AtomicReference<Set<Path>> mounts =
                new java.util.concurrent.atomic.AtomicReference<>();
        return capture(
                files,
                rel,
                () -> {
                    if (mounts.get() == null) {
                        mounts.set(files.mountPoints());
                    }
                    return mounts.get();
                },
                deadline);
    }

    /**
     * A mount point is recorded as a special entry, never entered: what is mounted there may be
     * outside the working directory, and recursive changes refuse trees holding one anyway.
     */
    private static Snapshot capture(
            GuardedFiles files,
            String rel,
            java.util.function.Supplier<Set<Path>> mounts,
            Deadline deadline)
            throws IOException {
        deadline.check();
        if (depth(rel) > MAX_DEPTH) {
            throw new IOException(
                    rel.substring(0, rel.indexOf('/'))
                            + " holds a chain of directories more than "
                            + MAX_DEPTH
                            + " levels deep, which csl does not record for undo (nor change);"
                            + " leave it out, or remove it outside csl");
        }
        FileInfo info = files.stat(rel);
        if (info.type() == FileInfo.Type.DIRECTORY && mounts.get().contains(info.resolved())) {
            return new Snapshot(Kind.SPECIAL, null, -1, null, new TreeMap<>());
        }
        return switch (info.type()) {
            case MISSING -> ABSENT;
            case SYMLINK ->
                    new Snapshot(Kind.SYMLINK, null, -1, info.linkTarget(), new TreeMap<>());
            case OTHER -> new Snapshot(Kind.SPECIAL, null, -1, null, new TreeMap<>());
            case DIRECTORY -> {
                TreeMap<String, Snapshot> children = new TreeMap<>();
                for (String name : files.list(rel)) {
                    children.put(name, capture(files, child(rel, name), mounts, deadline));
                }
                yield new Snapshot(Kind.DIRECTORY, null, info.posixMode(), null, children);
            }
            case FILE ->
                    new Snapshot(
                            Kind.FILE,
                            files.readBytes(rel),
                            info.posixMode(),
                            null,
                            new TreeMap<>());
        };
    }

    private static String child(String rel, String name) {
        return rel.equals(".") ? name : rel + "/" + name;
    }

    /** A short description of the current state, to tell whether a path changed since. */
    static String fingerprint(GuardedFiles files, String rel) throws IOException {
        return capture(files, rel).fingerprint();
    }

    /** The fingerprint of a regular file holding {@code bytes}. */
    static String fileFingerprint(byte[] bytes) {
        return "file:" + bytes.length + ":" + crc32c(bytes);
    }

    String fingerprint() {
        return switch (kind) {
            case ABSENT -> "absent";
            case SPECIAL -> "special";
            case FILE -> fileFingerprint(bytes);
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

    /**
     * Puts this state back at {@code rel} through the guard: whatever is there now is replaced,
     * never followed. A path that leads outside the working directory now (a directory swapped for
     * a symlink since) is refused before anything there changes.
     */
    void restore(GuardedFiles files, String rel) throws IOException {
        FileInfo now = files.stat(rel);
        switch (kind) {
            case FILE -> {
                if (now.type() == FileInfo.Type.DIRECTORY) {
                    files.deleteRecursive(rel);
                }
                files.restoreFile(rel, bytes, mode);
            }
            case ABSENT -> {
                if (now.type() != FileInfo.Type.MISSING) {
                    files.deleteRecursive(rel);
                }
            }
            case SYMLINK -> {
                if (now.type() != FileInfo.Type.MISSING) {
                    files.deleteRecursive(rel);
                }
                files.createSymlink(rel, linkTarget);
            }
            case DIRECTORY -> {
                if (now.type() != FileInfo.Type.MISSING) {
                    files.deleteRecursive(rel);
                }
                files.createDirectories(rel);
                for (var e : children.entrySet()) {
                    e.getValue().restore(files, child(rel, e.getKey()));
                }
                if (mode >= 0) {
                    files.setMode(rel, mode);
                }
            }
            case SPECIAL ->
                    throw new IOException(
                            "a FIFO, socket or device cannot be put back; create it again by hand");
        }
    }

    /** Deletes a file, a link (never its target) or a whole tree; nothing when absent. */
    static void deleteTree(GuardedFiles files, String rel) throws IOException {
        if (files.stat(rel).type() != FileInfo.Type.MISSING) {
            files.deleteRecursive(rel);
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
