package dev.csl.interpreter;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Small helpers for csl's own bookkeeping files (journal, audit), which live under .csl/. */
final class AtomicFiles {
    private AtomicFiles() {}

    static void moveAtomically(Path from, Path to) throws IOException {
        try {
            Files.move(
                    from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Writes {@code data} to a temporary sibling, forces it to disk, then renames it. */
    static void writeDurably(Path target, byte[] data) throws IOException {
        Path temp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel ch =
                FileChannel.open(
                        temp,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.WRITE)) {
            ch.write(java.nio.ByteBuffer.wrap(data));
            ch.force(true);
        }
        moveAtomically(temp, target);
    }

    /** Appends {@code data} and forces it to disk before returning. */
    static void appendDurably(Path target, byte[] data) throws IOException {
        try (FileChannel ch =
                FileChannel.open(
                        target,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND,
                        StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(data);
            while (buf.hasRemaining()) {
                ch.write(buf);
            }
            ch.force(true);
        }
    }
}
