package dev.csl.runner;

import dev.csl.runner.sandbox.Sandbox;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A {@link RunSessionFactory} for {@code csl serve} that keeps up to {@code size} worker JVMs
 * started ahead of time. A worker is started for one working directory (inside the sandbox that
 * makes exactly that directory writable), so the pool keeps them per directory: when a session
 * takes a warm worker, a replacement for the same directory starts in the background, and the next
 * apply there finds it ready. Workers are never handed back, so nothing of one apply leaks into the
 * next. Close the pool on shutdown.
 */
public final class WorkerPool implements RunSessionFactory, AutoCloseable {
    /** A warm worker and what it was started for. */
    private record Idle(Path root, boolean sandboxed, WorkerProcess worker) {}

    private final int size;
    private final WorkerLauncher launcher;
    private final Deque<Idle> idle = new ArrayDeque<>();
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
    }

    @Override
    public RunSession open(RunnerConfig config) {
        return new StandardRunSession(config, this::take);
    }

    /** Warm workers ready right now (for tests and diagnostics). */
    synchronized int idleCount() {
        idle.removeIf(i -> !i.worker().alive());
        return idle.size();
    }

    private WorkerProcess take(Path root, Sandbox sandbox) throws IOException {
        WorkerProcess warm = null;
        synchronized (this) {
            if (closed) {
                throw new IOException("the worker pool is closed");
            }
            for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
                Idle i = it.next();
                if (i.root().equals(root) && i.sandboxed() == sandbox.active()) {
                    it.remove();
                    if (i.worker().alive()) {
                        warm = i.worker();
                        break;
                    }
                }
            }
        }
        starter.execute(() -> startOne(root, sandbox));
        launcher.prepareArchive(root); // a long-lived server has time to let it finish
        return warm != null ? warm : WorkerProcess.start(launcher.command(root, sandbox));
    }

    private void startOne(Path root, Sandbox sandbox) {
        synchronized (this) {
            if (closed) {
                return;
            }
        }
        WorkerProcess evicted = null;
        try {
            WorkerProcess w = WorkerProcess.start(launcher.command(root, sandbox));
            synchronized (this) {
                if (!closed) {
                    idle.addLast(new Idle(root, sandbox.active(), w));
                    if (idle.size() > size) {
                        evicted = idle.pollFirst().worker();
                    }
                    w = null;
                }
            }
            if (w != null) {
                w.close();
            }
        } catch (IOException e) {
            // no warm worker this time; the next session starts its own
        }
        if (evicted != null) {
            evicted.close();
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        starter.shutdownNow();
        while (true) {
            Idle i;
            synchronized (this) {
                i = idle.pollFirst();
            }
            if (i == null) {
                return;
            }
            i.worker().close();
        }
    }
}
