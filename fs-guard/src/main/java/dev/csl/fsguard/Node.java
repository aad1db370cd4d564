package dev.csl.fsguard;

import java.time.Instant;

/**
 * What the guard knows about one directory entry, read without following it.
 *
 * @param type what the entry is (MISSING when absent)
 * @param kind for OTHER: "FIFO", "socket", "device"; otherwise the type in words
 * @param size size in bytes
 * @param posixMode permission bits, or -1 where the file system has none
 * @param modified last modification time (EPOCH when missing)
 */
record Node(FileInfo.Type type, String kind, long size, int posixMode, Instant modified) {

    static final Node MISSING = new Node(FileInfo.Type.MISSING, "missing", 0, -1, Instant.EPOCH);

    boolean exists() {
        return type != FileInfo.Type.MISSING;
    }

    boolean isDirectory() {
        return type == FileInfo.Type.DIRECTORY;
    }

    boolean isFile() {
        return type == FileInfo.Type.FILE;
    }

    boolean isLink() {
        return type == FileInfo.Type.SYMLINK;
    }
}
