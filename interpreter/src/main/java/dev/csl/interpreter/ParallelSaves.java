package dev.csl.interpreter;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs the independent saves of one flush on a few threads. Each save is a temporary file and an
 * fsync (the renames and one fsync per directory follow, JournaledSaves): mostly waiting on the
 * disk, which overlaps well, and in a cold JVM also interpreted code, which the second core can
 * share (0.95 of one thread for a typical apply, docs/coldstart.md). Every file is still written
 * whole or not at all; only the order between different files is given up, and the journal that
 * lets undo and recovery put them back was made durable before any of them (JournaledSaves).
 */
final class ParallelSaves {
    /** A few: the saves mostly wait on the disk, and each thread costs its start on two cores. */
    static final int MAX_THREADS = 4;

    /** One file's save. */
    interface Save<T> {
        void run(T item) throws IOException;
    }

    private ParallelSaves() {}

    /**
     * Runs {@code save} for every item and returns, index by index, what each threw (null where it
     * succeeded). Returns only when every save has ended, even if interrupted meanwhile.
     */
    static <T> IOException[] run(List<T> items, Save<T> save) {
        IOException[] failures = new IOException[items.size()];
        int threads = Math.min(MAX_THREADS, items.size());
        if (threads <= 1) {
            for (int i = 0; i < items.size(); i++) {
                failures[i] = attempt(save, items.get(i));
            }
            return failures;
        }
        AtomicInteger next = new AtomicInteger();
        Runnable worker =
                () -> {
                    for (int i = next.getAndIncrement();
                            i < items.size();
                            i = next.getAndIncrement()) {
                        failures[i] = attempt(save, items.get(i));
                    }
                };
        Thread[] started = new Thread[threads - 1];
        for (int t = 0; t < started.length; t++) {
            started[t] = new Thread(worker, "csl-save-" + t);
            started[t].setDaemon(true);
            started[t].start();
        }
        worker.run();
        joinAll(started);
        return failures;
    }

    private static <T> IOException attempt(Save<T> save, T item) {
        try {
            save.run(item);
            return null;
        } catch (IOException e) {
            return e;
        } catch (RuntimeException e) {
            return new IOException(e.getMessage() == null ? e.toString() : e.getMessage(), e);
        }
    }

    /** A write in flight is never abandoned: an interrupt is kept for later, not acted on. */
    private static void joinAll(Thread[] threads) {
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
