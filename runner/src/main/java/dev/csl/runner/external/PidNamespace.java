package dev.csl.runner.external;

import dev.csl.runner.process.ProcessLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.TimeUnit;

/**
 * An approved command without the OS sandbox runs as the first process of a PID namespace of its
 * own (util-linux {@code unshare --pid --fork --kill-child}): when it ends, or its timeout kills
 * it, the kernel kills every process left in that namespace, also one that detached with {@code
 * setsid} and emptied its environment, which the {@link Stragglers} token scan cannot find. As root
 * this needs nothing else; otherwise an unprivileged user namespace that keeps the user's own id
 * ({@code --user --map-current-user}). Where neither works (no util-linux, namespaces forbidden)
 * the command runs as before and the token scan is all there is.
 *
 * @param prefix the words put before the command, empty when no PID namespace works here
 */
record PidNamespace(List<String> prefix) {
    PidNamespace {
        prefix = List.copyOf(prefix);
    }

    // Tried once per unshare program: the machine does not change while csl runs, but which
    // unshare a call finds depends on its PATH and working directory (a resident csl process
    // serves callers with different ones).
    private static final ConcurrentMap<Path, PidNamespace> TRIED = new ConcurrentHashMap<>();

    private static final PidNamespace NONE = new PidNamespace(List.of());

    /** What works on this machine with csl's own PATH, tried once. */
    static PidNamespace machine() {
        return tried(ProcessLauncher.findOutside("unshare", null));
    }

    /**
     * What works for a call whose PATH is {@code path}, with no {@code unshare} taken from inside
     * {@code workingDir}: the trial runs the program it finds.
     */
    static PidNamespace machine(Path workingDir, String path) {
        return tried(ProcessLauncher.findOutside("unshare", workingDir, path));
    }

    private static PidNamespace tried(Optional<Path> unshare) {
        return unshare.isEmpty() ? NONE : TRIED.computeIfAbsent(unshare.get(), PidNamespace::probe);
    }

    /** {@code command} to run inside a PID namespace of its own, or as it is. */
    List<String> wrap(List<String> command) {
        return wrap(command, null);
    }

    /**
     * As {@link #wrap(List)} for a command of {@code workingDir}: an {@code unshare} found inside
     * it (through a PATH entry there, taken after the machine was tried) runs before any sandbox,
     * so it is not used.
     */
    List<String> wrap(List<String> command, Path workingDir) {
        if (prefix.isEmpty()
                || workingDir != null
                        && ProcessLauncher.inside(Path.of(prefix.get(0)), workingDir)) {
            return command;
        }
        List<String> out = new ArrayList<>(prefix);
        out.addAll(command);
        return out;
    }

    boolean active() {
        return !prefix.isEmpty();
    }

    private static PidNamespace probe(Path unshare) {
        String u = unshare.toString();
        for (List<String> prefix :
                List.of(
                        List.of(u, "--pid", "--fork", "--kill-child"),
                        List.of(
                                u,
                                "--user",
                                "--map-current-user",
                                "--pid",
                                "--fork",
                                "--kill-child"))) {
            if (works(prefix)) {
                return new PidNamespace(prefix);
            }
        }
        return NONE;
    }

    private static boolean works(List<String> prefix) {
        List<String> argv = new ArrayList<>(prefix);
        argv.add("true");
        try {
            Process p =
                    new ProcessBuilder(argv)
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
