package dev.csl.interpreter;

import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;

/**
 * {@code .csl/lock}: one real apply or undo per working directory at a time, across processes (a
 * CLI run next to {@code csl serve}), so that journals never interleave. Within one process csl
 * serve already serializes requests per directory.
 */
final class DirectoryLock implements AutoCloseable {
    static final String FILE = ".csl/lock";
    private static final long WAIT_MILLIS = 30_000;

    private final FileChannel channel;
    private final FileLock lock;

    private DirectoryLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Waits up to 30 s for the lock; throws when another csl keeps holding it. */
    static DirectoryLock acquire(StateDirectory state) throws IOException {
        Path root = state.path().getParent();
        FileChannel channel = state.openLock(FILE.substring(FILE.indexOf('/') + 1));
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000;
        try {
            while (true) {
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException sameProcess) {
                    // This process holds it (csl serve serializes per directory): go on.
                    return new DirectoryLock(channel, null);
                } catch (UnsupportedOperationException | IOException noLocks) {
                    return new DirectoryLock(channel, null);
                }
                if (lock != null) {
                    return new DirectoryLock(channel, lock);
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException(
                            "another csl apply or undo is still running in "
                                    + root
                                    + " (it holds "
                                    + FILE
                                    + ")");
                }
                Thread.sleep(50);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            channel.close();
            throw new IOException("interrupted while waiting for " + FILE, e);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            if (lock != null) {
                lock.release();
            }
        } finally {
            channel.close();
        }
    }
}
