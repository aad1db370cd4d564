package dev.csl.runner;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A {@link RunSessionFactory} that keeps up to {@code size} worker JVMs started ahead of time, for
 * {@code csl serve}. A session takes a warm worker at its first RUN (binding it to its working
 * directory) and stops it when it closes; a replacement is started in the background. Workers are
 * never shared between sessions, so nothing of one apply leaks into the next. Close the pool on
 * shutdown.
 */
public final class WorkerPool implements RunSessionFactory, AutoCloseable {
    private final int size;
    private final WorkerLauncher launcher;
    private final Deque<WorkerProcess> idle = new ArrayDeque<>();
    private final ExecutorService starter;
    private boolean closed;

    WorkerPool(int size) {
        this(size, WorkerLauncher.standard());
    }

    WorkerPool(int size, WorkerLauncher launcher) {
        if (size < 1) {
            throw new IllegalArgumentException("pool size must be at least 1: " + size);
        }
        this.size = size;
        this.launcher = launcher;
        this.starter =
                Executors.newSingleThreadExecutor(
                        r -> {
                            Thread t = new Thread(r, "csl-worker-pool");
                            t.setDaemon(true);
                            return t;
                        });
        for (int i = 0; i < size; i++) {
            starter.execute(this::startOne);
        }
    }

    @Override
    public RunSession open(RunnerConfig config) {
        return new StandardRunSession(config, root -> take());
    }

    /** Warm workers ready right now (for tests and diagnostics). */
    synchronized int idleCount() {
        idle.removeIf(w -> !w.alive());
        return idle.size();
    }

    private WorkerProcess take() throws IOException {
        WorkerProcess w;
        synchronized (this) {
            if (closed) {
                throw new IOException("the worker pool is closed");
            }
            do {
                w = idle.pollFirst();
            } while (w != null && !w.alive());
        }
        starter.execute(this::startOne);
        return w != null ? w : WorkerProcess.start(launcher, null);
    }

    private void startOne() {
        synchronized (this) {
            if (closed || idle.size() >= size) {
                return;
            }
        }
        try {
            WorkerProcess w = WorkerProcess.start(launcher, null);
            synchronized (this) {
                if (!closed) {
                    idle.addLast(w);
                    return;
                }
            }
            w.close();
        } catch (IOException e) {
            // no warm worker this time; sessions start their own
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        starter.shutdownNow();
        WorkerProcess w;
        while (true) {
            synchronized (this) {
                w = idle.pollFirst();
            }
            if (w == null) {
                return;
            }
            w.close();
        }
    }
}
