package dev.csl.runner;

import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.worker.CommandTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A {@link RunSessionFactory} for {@code csl serve} that keeps up to {@code size} warm worker JVMs.
 * A worker is started for one working directory (inside the sandbox that makes exactly that
 * directory writable), so the pool keeps them per directory: a session that ends with a healthy
 * worker hands it back, and the next apply of the same directory reuses it instead of starting a
 * JVM. A worker holds nothing of an apply between requests (each request names its root and
 * directory), so reuse carries nothing over; one that crashed, timed out or ran out of memory is
 * never handed back, and the next session starts a fresh one. Workers of other directories are
 * never shared. Close the pool on shutdown.
 */
public final class WorkerPool implements RunSessionFactory, AutoCloseable {
    /** A warm worker and what it was started for. */
    private record Idle(Path root, String layer, WorkerProcess worker) {}

    private final int size;
    private final WorkerLauncher launcher;
    private final Deque<Idle> idle = new ArrayDeque<>();
    private final ExecutorService starter;
    private boolean closed;

    WorkerPool(int size) {
        this(size, WorkerLauncher.longLived());
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
        return open(config, CommandTable.builtins());
    }

    /** As {@link #open(RunnerConfig)}, checking commands against {@code table} (tests). */
    RunSession open(RunnerConfig config, CommandTable table) {
        WorkerPool pool = this;
        return new StandardRunSession(
                config,
                new WorkerSource() {
                    @Override
                    public WorkerProcess take(Path root, Sandbox sandbox) throws IOException {
                        return pool.take(root, sandbox);
                    }

                    @Override
                    public void giveBack(Path root, Sandbox sandbox, WorkerProcess worker) {
                        pool.giveBack(root, sandbox, worker);
                    }
                },
                table);
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
                if (i.root().equals(root) && i.layer().equals(sandbox.layer())) {
                    it.remove();
                    if (i.worker().alive()) {
                        warm = i.worker();
                        break;
                    }
                }
            }
        }
        if (warm != null) {
            return warm;
        }
        launcher.prepareArchive(root); // a long-lived server has time to let it finish
        return WorkerProcess.start(launcher.command(root, sandbox));
    }

    /** Keeps a healthy worker for the next session of its directory (the newest first). */
    void giveBack(Path root, Sandbox sandbox, WorkerProcess worker) {
        WorkerProcess evicted = null;
        synchronized (this) {
            if (!closed && worker.alive()) {
                idle.addFirst(new Idle(root, sandbox.layer(), worker));
                worker = null;
                if (idle.size() > size) {
                    evicted = idle.pollLast().worker();
                }
            }
        }
        if (worker != null) {
            worker.close();
        }
        if (evicted != null) {
            evicted.close();
        }
    }

    /**
     * Starts a warm worker for {@code root} ahead of its first apply (csl serve may prepare one).
     */
    void prepare(Path root, Sandbox sandbox) {
        starter.execute(() -> startOne(root, sandbox));
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
                    idle.addLast(new Idle(root, sandbox.layer(), w));
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
