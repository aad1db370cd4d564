package dev.csl.runner;

import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.process.CommandEnvironment;
import dev.csl.runner.sandbox.ContainerPool;
import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.worker.CommandTable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A {@link RunSessionFactory} that keeps up to {@code size} warm worker JVMs, for {@code csl serve}
 * and the resident process. A worker is started for one working directory (inside the sandbox that
 * makes exactly that directory writable) with one environment, so the pool keeps it under all that
 * its behaviour depends on ({@link WorkerKey}: the directory, the whole command line with its
 * sandbox view and ceilings, the environment, the project's settings): a session that ends with a
 * healthy worker hands it back, and the next apply with the same key reuses it instead of starting
 * a JVM. A worker holds nothing of an apply between requests (each request names its root and
 * directory), so reuse carries nothing over; one that crashed, timed out or ran out of memory is
 * never handed back. When a project's settings change (its commands.json, its trust record, its
 * sandbox layer or view), its idle workers are stopped at the next take; a worker unused for the
 * idle time is stopped too, and beyond {@code size} idle workers the least recently used one. Close
 * the pool on shutdown.
 *
 * <p>Under the container layer its sessions also take their warm containers from, and hand them
 * back to, the pool's {@link ContainerPool} (removed after the same idle time, or {@link
 * ContainerPool#IDLE} where workers wait as long as the pool).
 */
public final class WorkerPool implements RunSessionFactory, AutoCloseable {
    /** A warm worker, what it was started for, and when it was last handed back. */
    private record Idle(WorkerKey key, WorkerProcess worker, long since) {}

    private final int size;
    private final Duration idleLimit;
    private final WorkerLauncher launcher;
    private final Deque<Idle> idle = new ArrayDeque<>();
    private final Map<WorkerProcess, WorkerKey> lent = new IdentityHashMap<>();
    private final ContainerPool containers;

    /**
     * Starts every worker: under bubblewrap's {@code --die-with-parent} a worker lives only as long
     * as the thread that started it, and the threads of serve's requests and of the resident
     * process's calls come and go. Its one thread lives as long as the pool.
     */
    private final ScheduledExecutorService starter;

    private long started;
    private long reused;
    private long retired;
    private boolean closed;

    WorkerPool(int size) {
        this(size, null, WorkerLauncher.longLived());
    }

    WorkerPool(int size, WorkerLauncher launcher) {
        this(size, null, launcher);
    }

    /** {@code idleLimit}: how long a worker may wait unused; {@code null}: as long as the pool. */
    WorkerPool(int size, Duration idleLimit, WorkerLauncher launcher) {
        this(
                size,
                idleLimit,
                launcher,
                new ContainerPool(
                        ContainerPool.SIZE, idleLimit != null ? idleLimit : ContainerPool.IDLE));
    }

    /** As above, its sessions' warm containers kept in {@code containers}. */
    WorkerPool(int size, Duration idleLimit, WorkerLauncher launcher, ContainerPool containers) {
        if (size < 1) {
            throw new IllegalArgumentException("pool size must be at least 1: " + size);
        }
        this.size = size;
        // A pool's process serves many calls: their sandbox views are remembered while they hold.
        Sandbox.rememberViews();
        this.idleLimit = idleLimit;
        this.launcher = launcher;
        this.containers = containers;
        this.starter =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "csl-worker-pool");
                            t.setDaemon(true);
                            return t;
                        });
        if (idleLimit != null) {
            long every = Math.max(1, Math.min(30_000, idleLimit.toMillis() / 4));
            starter.scheduleWithFixedDelay(this::retireIdle, every, every, TimeUnit.MILLISECONDS);
        }
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
                        return pool.take(root, sandbox, Map.of());
                    }

                    @Override
                    public WorkerProcess take(
                            Path root, Sandbox sandbox, Map<String, String> environment)
                            throws IOException {
                        return pool.take(root, sandbox, environment);
                    }

                    @Override
                    public void giveBack(Path root, Sandbox sandbox, WorkerProcess worker) {
                        pool.giveBack(worker);
                    }

                    @Override
                    public ContainerPool containers() {
                        return containers;
                    }
                },
                table);
    }

    /** Warm workers ready right now (for tests and diagnostics). */
    synchronized int idleCount() {
        idle.removeIf(i -> !i.worker().alive());
        return idle.size();
    }

    /** What the pool's warm containers are and have done, for {@code csl daemon status}. */
    public String describeContainers() {
        return containers.describe();
    }

    /** What the pool holds and has done, for {@code csl daemon status}. */
    public synchronized String describe() {
        idle.removeIf(i -> !i.worker().alive());
        long projects = idle.stream().map(i -> i.key().root()).distinct().count();
        return idle.size()
                + " warm worker JVM"
                + (idle.size() == 1 ? "" : "s")
                + " idle for "
                + projects
                + " project"
                + (projects == 1 ? "" : "s")
                + " (at most "
                + size
                + "), "
                + lent.size()
                + " in use; started "
                + started
                + ", reused "
                + reused
                + ", retired "
                + retired;
    }

    private WorkerProcess take(Path root, Sandbox sandbox, Map<String, String> callers)
            throws IOException {
        // What the worker will see of the caller's environment, and nothing else, keys it.
        Map<String, String> environment = CommandEnvironment.basic().filter(callers);
        List<String> command = launcher.command(root, sandbox);
        WorkerKey key = WorkerKey.of(root, sandbox.layer(), command, environment);
        WorkerProcess warm = null;
        List<WorkerProcess> stale = new java.util.ArrayList<>();
        synchronized (this) {
            if (closed) {
                throw new IOException("the worker pool is closed");
            }
            for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
                Idle i = it.next();
                if (warm == null && i.key().equals(key)) {
                    it.remove();
                    if (i.worker().alive()) {
                        warm = i.worker();
                    }
                } else if (i.key().sameProjectOtherSettings(key) || !i.worker().alive()) {
                    it.remove();
                    stale.add(i.worker());
                    retired++;
                }
            }
            if (warm != null) {
                reused++;
                lent.put(warm, key);
            }
        }
        stale.forEach(WorkerProcess::close);
        if (warm != null) {
            return warm;
        }
        launcher.prepareArchive(root); // a long-lived server has time to let it finish
        WorkerProcess fresh = startOnPoolThread(command, environment);
        synchronized (this) {
            started++;
            lent.put(fresh, key);
        }
        return fresh;
    }

    private WorkerProcess startOnPoolThread(List<String> command, Map<String, String> environment)
            throws IOException {
        CompletableFuture<WorkerProcess> start;
        try {
            start =
                    CompletableFuture.supplyAsync(
                            () -> {
                                try {
                                    return WorkerProcess.start(command, environment);
                                } catch (IOException e) {
                                    throw new CompletionException(e);
                                }
                            },
                            starter);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            throw new IOException("the worker pool is closed", e);
        }
        try {
            return start.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("the worker could not be started: " + e.getCause(), e);
        } catch (InterruptedException e) {
            // the start goes on without its caller: the worker it makes is nobody's, so it is
            // stopped as soon as it exists (left, it would outlive the pool as an orphan)
            start.thenAccept(WorkerProcess::close);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting the worker", e);
        }
    }

    /** Keeps a healthy worker for the next session with its key (the newest first). */
    void giveBack(WorkerProcess worker) {
        WorkerProcess evicted = null;
        synchronized (this) {
            WorkerKey key = lent.remove(worker);
            if (!closed && key != null && worker.alive()) {
                idle.addFirst(new Idle(key, worker, System.nanoTime()));
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

    /** Stops the workers unused for longer than the idle limit. */
    private void retireIdle() {
        List<WorkerProcess> expired = new java.util.ArrayList<>();
        synchronized (this) {
            long now = System.nanoTime();
            for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
                Idle i = it.next();
                if (now - i.since() > idleLimit.toNanos() || !i.worker().alive()) {
                    it.remove();
                    expired.add(i.worker());
                }
            }
        }
        expired.forEach(WorkerProcess::close);
    }

    /**
     * For a server's last moments (its shutdown hook, before it kills what it started): removes
     * every warm container of this process, kept or in use, so that killing the runtime's client
     * afterwards does not leave one.
     */
    public static void removeAllContainers() {
        ContainerPool.closeAll();
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        containers.close();
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
