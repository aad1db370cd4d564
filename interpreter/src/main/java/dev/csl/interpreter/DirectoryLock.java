package dev.csl.interpreter;

import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code .csl/lock}: one real apply or undo per working directory at a time, across processes (a
 * CLI run next to {@code csl serve}), so that journals never interleave. Within one process the
 * file lock cannot tell two callers apart (the resident process serves many at once), so a lock per
 * directory in this process comes first.
 */
final class DirectoryLock implements AutoCloseable {
    static final String FILE = ".csl/lock";
    private static final long WAIT_MILLIS = 30_000;

    /** The process's own lock of each directory: file locks belong to the whole process. */
    private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS =
            new ConcurrentHashMap<>();

    private final FileChannel channel;
    private final FileLock lock;
    private final ReentrantLock inProcess;

    private DirectoryLock(FileChannel channel, FileLock lock, ReentrantLock inProcess) {
        this.channel = channel;
        this.lock = lock;
        this.inProcess = inProcess;
    }

    /** Waits up to 30 s for the lock; throws when another csl keeps holding it. */
    static DirectoryLock acquire(StateDirectory state) throws IOException {
        Path root = state.path().getParent();
        long deadline = System.nanoTime() + WAIT_MILLIS * 1_000_000;
        ReentrantLock inProcess =
                IN_PROCESS.computeIfAbsent(
                        state.path().toAbsolutePath().normalize(), k -> new ReentrantLock());
        try {
            if (!inProcess.tryLock(WAIT_MILLIS, TimeUnit.MILLISECONDS)) {
                throw new IOException(
                        "another csl apply or undo is still running in "
                                + root
                                + " (it holds "
                                + FILE
                                + ")");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for " + FILE, e);
        }
        FileChannel channel;
        try {
            channel = state.openLock(FILE.substring(FILE.indexOf('/') + 1));
        } catch (IOException | RuntimeException e) {
            inProcess.unlock();
            throw e;
        }
        try {
            while (true) {
                FileLock lock;
                try {
                    lock = channel.tryLock();
                } catch (OverlappingFileLockException sameProcess) {
                    // This process holds it (csl serve serializes per directory): go on.
                    return new DirectoryLock(channel, null, inProcess);
                } catch (UnsupportedOperationException | IOException noLocks) {
                    return new DirectoryLock(channel, null, inProcess);
                }
                if (lock != null) {
                    return new DirectoryLock(channel, lock, inProcess);
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
            inProcess.unlock();
            throw new IOException("interrupted while waiting for " + FILE, e);
        } catch (IOException e) {
            channel.close();
            inProcess.unlock();
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
            try {
                channel.close();
            } finally {
                inProcess.unlock();
            }
        }
    }
}
