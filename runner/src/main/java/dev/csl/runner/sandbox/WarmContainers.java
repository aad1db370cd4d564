package dev.csl.runner.sandbox;

import dev.csl.runner.approval.CommandLimits;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 */
public final class WarmContainers implements AutoCloseable {
    private static final Set<WarmContainers> OPEN = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean HOOKED = new AtomicBoolean();
    private static final AtomicBoolean SWEPT = new AtomicBoolean();

    private final ContainerLayer layer;
    private final Map<Boolean, WarmContainer> running = new HashMap<>();

    WarmContainers(ContainerLayer layer) {
        this.layer = layer;
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
        WarmContainer warm = running.get(network);
        if (warm != null && (!warm.mounts().equals(mounts) || !warm.alive())) {
            running.remove(network);
            warm.remove();
            warm = null;
        }
        if (warm == null) {
            removeOrphans();
            hook();
            OPEN.add(this);
            warm = WarmContainer.start(layer, root, network, mounts, limits);
            running.put(network, warm);
        }
        WarmContainer used = warm;
        return new Confined(
                used.exec(command, cwd, environment), null, null, used::clear, used::clear);
    }

    /** The names of the containers running now (for tests). */
    synchronized List<String> names() {
        return running.values().stream().map(WarmContainer::name).toList();
    }

    /** Removes every container this apply started. */
    @Override
    public synchronized void close() {
        for (WarmContainer warm : running.values()) {
            warm.remove();
        }
        running.clear();
        OPEN.remove(this);
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
     * Once per process: removes the containers named {@code csl-PID-N} whose csl process is gone
     * (killed before it could remove them). A container of a live csl is never touched.
     */
    private void removeOrphans() {
        if (SWEPT.compareAndSet(false, true)) {
            Thread sweep = new Thread(this::removeOrphansNow, "csl-container-orphans");
            sweep.setDaemon(true); // never holds csl up; the next csl sweeps again
            sweep.start();
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
