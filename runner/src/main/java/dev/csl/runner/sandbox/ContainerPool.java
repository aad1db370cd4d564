package dev.csl.runner.sandbox;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The warm containers that {@code csl serve}, the MCP server and the resident process keep between
 * applies, so that the next apply of a project finds its container started (docs/external.md).
 *
 * <p>A container is lent to one apply at a time, for the whole apply: its exec agent kills every
 * other process of the container after each command, so two applies in one container would kill
 * each other's. An apply that finds none idle with its key ({@link ContainerKey}: project, network,
 * the whole start, environment names, settings) starts its own, as a plain apply does, and hands it
 * back too; waiting for a busy one instead would hold an apply up for as long as another runs. A
 * container is handed back only when it runs through its exec agent, untouched, and, cleared of
 * processes, {@code /tmp}, {@code /dev/shm} and {@code /dev/mqueue}, holds what it held at its
 * start ({@link ContainerSnapshot}); anything else is removed. At a take, the idle containers of
 * the same project that no apply will ask for again ({@link ContainerKey#supersedes}) are removed;
 * one unused for the idle time is removed, and beyond {@code size} idle containers the least
 * recently used. {@link #close} removes the idle ones and every one handed back later; a shutdown
 * hook closes the pool when the process exits without; a process killed outright leaves them to
 * their exec agents, which end their containers after the idle time without a command, and to the
 * next csl, which removes every {@code csl-PID-N} whose csl is gone.
 */
public final class ContainerPool implements AutoCloseable {
    /** How long a container may wait unused, by default. */
    public static final Duration IDLE = Duration.ofMinutes(5);

    /** How many idle containers are kept, over every project. */
    public static final int SIZE = 4;

    private static final Set<ContainerPool> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();

    /** An idle container, what it was started for, what it held then, and when it came back. */
    private record Idle(
            ContainerKey key, WarmContainer warm, ContainerSnapshot start, long since) {}

    /** A container lent to an apply, with what it held at its start. */
    record Lent(WarmContainer warm, ContainerSnapshot start) {}

    private final int size;
    private final Duration idleLimit;
    private final Deque<Idle> idle = new ArrayDeque<>();
    private final ScheduledExecutorService remover;
    private final Object closing = new Object();
    private long started;
    private long reused;
    private long retired;
    private int lent;
    private boolean closed;

    /** Keeps up to {@code size} idle containers, each for at most {@code idleLimit}. */
    public ContainerPool(int size, Duration idleLimit) {
        if (size < 1) {
            throw new IllegalArgumentException("pool size must be at least 1: " + size);
        }
        this.size = size;
        this.idleLimit = idleLimit;
        this.remover =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "csl-container-pool");
                            t.setDaemon(true);
                            return t;
                        });
        long every = Math.max(1, Math.min(30_000, idleLimit.toMillis() / 4));
        remover.scheduleWithFixedDelay(this::retireIdle, every, every, TimeUnit.MILLISECONDS);
    }

    /**
     * Why no container is kept between applies on this machine (csl's exec agent was not built), or
     * {@code null}: they are.
     */
    public static String unavailable() {
        ExecAgent agent = ExecAgent.machine();
        return agent.available() ? null : agent.why();
    }

    /**
     * After how long without a command a container's exec agent ends it by itself: well past the
     * pool's own idle limit, so that the pool never lends one whose agent is about to end.
     */
    Duration agentIdle() {
        return idleLimit.multipliedBy(2).plusMinutes(1);
    }

    /**
     * An idle container started for {@code key}, now lent to the caller, or {@code null}: the
     * caller starts its own (and says so with {@link #startedOne}). Removes the project's idle
     * containers that {@code key} supersedes.
     */
    Lent take(ContainerKey key) {
        List<WarmContainer> stale = new ArrayList<>();
        Lent found = null;
        synchronized (this) {
            if (closed) {
                return null;
            }
            long now = System.nanoTime();
            for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
                Idle i = it.next();
                boolean fresh = now - i.since() <= idleLimit.toNanos() && i.warm().alive();
                if (found == null && i.key().equals(key) && fresh) {
                    it.remove();
                    found = new Lent(i.warm(), i.start());
                } else if (key.supersedes(i.key()) || !fresh) {
                    it.remove();
                    stale.add(i.warm());
                    retired++;
                }
            }
            if (found != null) {
                reused++;
                lent++;
            }
        }
        removeLater(stale);
        return found;
    }

    /** Counts a container the caller started for want of an idle one; it is lent to the caller. */
    synchronized void startedOne() {
        started++;
        lent++;
        hook();
    }

    /**
     * Keeps {@code warm} for the next apply with {@code key} when it is as it was at its start
     * ({@code start}), else removes it; either way the caller no longer uses it.
     */
    void giveBack(ContainerKey key, WarmContainer warm, ContainerSnapshot start) {
        boolean clean = reusable(warm, start);
        Idle evicted = null;
        synchronized (this) {
            lent = Math.max(0, lent - 1);
            if (clean && !closed) {
                idle.addFirst(new Idle(key, warm, start, System.nanoTime()));
                warm = null;
                if (idle.size() > size) {
                    evicted = idle.pollLast();
                    retired++;
                }
            } else {
                retired++;
            }
        }
        if (warm != null) {
            warm.remove();
        }
        if (evicted != null) {
            removeLater(List.of(evicted.warm()));
        }
    }

    /** Removes {@code warm}, lent and no longer wanted (the apply's mounts changed, say). */
    void drop(WarmContainer warm) {
        synchronized (this) {
            lent = Math.max(0, lent - 1);
            retired++;
        }
        warm.remove();
    }

    /**
     * Whether the next apply may have {@code warm}: it runs through its exec agent, whose socket no
     * command touched (the agent also removed what the commands made of System V IPC), and once
     * cleared no process but the agent runs in it and its writable places hold what they held at
     * its start.
     */
    private static boolean reusable(WarmContainer warm, ContainerSnapshot start) {
        if (start == null || !warm.usesAgent() || !warm.alive()) {
            return false;
        }
        warm.clear();
        return warm.others() == 0 && start.equals(ContainerSnapshot.of(warm.init()));
    }

    /** Idle containers right now (tests and diagnostics). */
    synchronized int idleCount() {
        return idle.size();
    }

    /** The names of the idle containers (tests). */
    synchronized List<String> idleNames() {
        return idle.stream().map(i -> i.warm().name()).toList();
    }

    /** What the pool holds and has done, for {@code csl daemon status}. */
    public synchronized String describe() {
        long projects = idle.stream().map(i -> i.key().root()).distinct().count();
        return idle.size()
                + " warm container"
                + (idle.size() == 1 ? "" : "s")
                + " idle for "
                + projects
                + " project"
                + (projects == 1 ? "" : "s")
                + " (at most "
                + size
                + ", each for "
                + idleLimit.toMinutes()
                + " min), "
                + lent
                + " in use; started "
                + started
                + ", reused "
                + reused
                + ", retired "
                + retired;
    }

    /** Removes the containers unused for longer than the idle limit. */
    private void retireIdle() {
        List<WarmContainer> expired = new ArrayList<>();
        synchronized (this) {
            long now = System.nanoTime();
            for (Iterator<Idle> it = idle.iterator(); it.hasNext(); ) {
                Idle i = it.next();
                if (now - i.since() > idleLimit.toNanos() || !i.warm().alive()) {
                    it.remove();
                    expired.add(i.warm());
                    retired++;
                }
            }
        }
        expired.forEach(WarmContainer::remove);
    }

    /** Removes {@code containers} on the pool's thread: an apply does not wait for the runtime. */
    private void removeLater(List<WarmContainer> containers) {
        if (containers.isEmpty()) {
            return;
        }
        try {
            remover.execute(() -> containers.forEach(WarmContainer::remove));
        } catch (RejectedExecutionException e) {
            containers.forEach(WarmContainer::remove); // closed meanwhile
        }
    }

    /**
     * Removes every idle container; those lent now are removed when handed back. Returns when they
     * are gone, also to a second caller while the first removes them.
     */
    @Override
    public void close() {
        synchronized (closing) {
            List<Idle> left;
            synchronized (this) {
                closed = true;
                left = new ArrayList<>(idle);
                idle.clear();
            }
            remover.shutdown();
            try {
                remover.awaitTermination(30, TimeUnit.SECONDS); // removals under way
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            left.forEach(i -> i.warm().remove());
            OPEN.remove(this);
        }
    }

    /**
     * For a process's last moments (a server's shutdown hook, before it kills what it started):
     * ends the warm containers of applies still running and closes every pool, returning when their
     * containers are removed, so that killing the runtime's client does not leave one.
     */
    public static void closeAll() {
        WarmContainers.closeAll();
        OPEN.forEach(ContainerPool::close);
    }

    private void hook() {
        OPEN.add(this);
        if (HOOKED.compareAndSet(false, true)) {
            Runtime.getRuntime()
                    .addShutdownHook(
                            new Thread(
                                    () -> OPEN.forEach(ContainerPool::close),
                                    "csl-container-pool-exit"));
        }
    }
}
