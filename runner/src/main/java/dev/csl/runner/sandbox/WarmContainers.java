package dev.csl.runner.sandbox;

import dev.csl.runner.approval.CommandLimits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The warm containers of one apply under the container layer: one without network and, when a
 * command approved with network runs, one with it; each started at the first command that needs it
 * and joined by the later ones ({@code exec}), cleared after every command ({@link
 * WarmContainer#clear}) and started again when the mounts a command needs differ (a nested {@code
 * .git} appeared). {@link #close} removes them; so does a shutdown hook when csl exits without
 * closing, and the next csl removes what a killed one left (a {@code csl-PID-N} whose csl is gone).
 * An apply of a long-lived process ({@code serve}, the resident process) takes them from its {@link
 * ContainerPool} instead, keyed by all that shaped them ({@link ContainerKey}), and {@link #close}
 * hands them back there.
 */
public final class WarmContainers implements AutoCloseable {
    private static final Set<WarmContainers> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();
    private static final AtomicBoolean SWEEP_QUEUED = new AtomicBoolean();
    private static final java.util.concurrent.ExecutorService SWEEPER =
            java.util.concurrent.Executors.newSingleThreadExecutor(
                    r -> {
                        Thread t = new Thread(r, "csl-container-orphans");
                        t.setDaemon(true); // never holds csl up; the next csl sweeps again
                        return t;
                    });

    /** A container this apply uses, what it was started for and what it held then. */
    private record Used(WarmContainer warm, ContainerKey key, ContainerSnapshot start) {}

    private final ContainerLayer layer;
    private final ContainerPool pool;
    private final Map<Boolean, Used> running = new HashMap<>();

    WarmContainers(ContainerLayer layer) {
        this(layer, null);
    }

    /**
     * The warm containers of an apply that takes them from {@code pool} and hands them back at its
     * end ({@code null}: it starts and removes its own).
     */
    WarmContainers(ContainerLayer layer, ContainerPool pool) {
        this.layer = layer;
        this.pool = pool;
        // copied into csl's cache now, before a command runs: a file that appears there while one
        // runs counts as that command's change to csl's own installation
        ExecAgent.machine();
    }

    /**
     * The command line that runs {@code command} in the warm container of {@code network}, started
     * here if none with these mounts runs; closing the result clears the container for the next.
     *
     * @throws IOException when the container cannot be started
     */
    synchronized Confined confine(
            List<String> command,
            Path root,
            Path cwd,
            boolean network,
            List<Path> mounts,
            CommandLimits limits,
            List<String> environment)
            throws IOException {
        ExecAgent agent = ExecAgent.machine();
        // only a container that runs through its agent is kept between applies: its agent alone
        // clears what exec could not (System V IPC)
        boolean pooled = pool != null && agent.available();
        ContainerKey key =
                pooled
                        ? ContainerKey.of(
                                withIdle(layer),
                                root,
                                network,
                                mounts,
                                limits,
                                environment,
                                agent.path())
                        : null;
        Used used = running.get(network);
        if (used != null
                && (!used.warm().mounts().equals(mounts)
                        || !Objects.equals(used.key(), key)
                        || !used.warm().alive())) {
            running.remove(network);
            if (used.key() != null) {
                pool.drop(used.warm()); // lent, and shaped for what this apply no longer needs
            } else {
                used.warm().remove();
            }
            used = null;
        }
        if (used == null) {
            hook();
            OPEN.add(this);
            ContainerPool.Lent lent = pooled ? pool.take(key) : null;
            if (lent != null) {
                used = new Used(lent.warm(), key, lent.start());
            } else {
                removeOrphans();
                WarmContainer warm =
                        WarmContainer.start(withIdle(layer), root, network, mounts, limits);
                // what its writable places hold before any command ran: the pool's measure
                used = new Used(warm, key, pooled ? ContainerSnapshot.of(warm.init()) : null);
                if (pooled) {
                    pool.startedOne();
                }
            }
            running.put(network, used);
        }
        WarmContainer warm = used.warm();
        return new Confined(
                warm.exec(command, cwd, environment), null, null, warm::clear, warm::clear);
    }

    /**
     * The layer whose exec agents end their containers after a while without a command ({@link
     * ContainerPool#agentIdle}), so that a container outlives a killed server by no longer.
     */
    private ContainerLayer withIdle(ContainerLayer layer) {
        return pool == null ? layer : layer.withAgentIdle(pool.agentIdle());
    }

    /** The names of the containers running now (for tests). */
    synchronized List<String> names() {
        return running.values().stream().map(u -> u.warm().name()).toList();
    }

    /** Removes every container this apply started. */
    @Override
    public synchronized void close() {
        for (Used used : running.values()) {
            if (used.key() != null) {
                pool.giveBack(used.key(), used.warm(), used.start());
            } else {
                used.warm().remove();
            }
        }
        running.clear();
        OPEN.remove(this);
    }

    /** Closes the warm containers of every apply still open (the process is ending). */
    static void closeAll() {
        OPEN.forEach(WarmContainers::close);
    }

    private static void hook() {
        if (HOOKED.compareAndSet(false, true)) {
            Runtime.getRuntime()
                    .addShutdownHook(
                            new Thread(
                                    () -> OPEN.forEach(WarmContainers::close),
                                    "csl-warm-containers"));
        }
    }

    /**
     * Beside each start of a container: removes the containers named {@code csl-PID-N} whose csl
     * process is gone (killed before it could remove them; a server that lives for days sees others
     * come and go). A container of a live csl is never touched. One sweep at a time, and one more
     * queued when asked while one runs.
     */
    private void removeOrphans() {
        if (SWEEP_QUEUED.compareAndSet(false, true)) {
            SWEEPER.execute(
                    () -> {
                        SWEEP_QUEUED.set(false);
                        removeOrphansNow();
                    });
        }
    }

    private void removeOrphansNow() {
        List<String> ps = new ArrayList<>(layer.runtime().client());
        ps.addAll(List.of("ps", "--all", "--format", "{{.Names}}", "--filter", "name=^csl-"));
        ContainerRuntime.Output output = ContainerRuntime.Output.of(ps);
        if (output.exit() != 0) {
            return;
        }
        for (String name : output.text().split("\n")) {
            long owner = ContainerLayer.ownerOf(name.strip());
            if (owner > 0 && ProcessHandle.of(owner).map(p -> !p.isAlive()).orElse(true)) {
                layer.remove(name.strip());
            }
        }
    }
}
