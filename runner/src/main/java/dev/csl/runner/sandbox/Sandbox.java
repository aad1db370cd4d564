package dev.csl.runner.sandbox;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.SandboxMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The OS sandbox (second layer) that child processes run in: on Linux, bubblewrap with the host
 * read-only, the working directory writable, private /tmp, /proc and /dev, no network unless asked,
 * an own PID namespace and session, no capabilities, dying with csl.
 *
 * <p>Usage: {@code Sandbox sandbox = Sandbox.forMode(config.sandbox());} then, before starting a
 * child, {@code if (sandbox.refusal() != null) refuse;} and {@code argv = sandbox.wrap(argv,
 * workingDir, cwd, false);}. When no layer is active, {@code wrap} returns the command unchanged.
 */
public final class Sandbox {
    private final SandboxMode mode;
    private final SandboxProbe probe;

    private Sandbox(SandboxMode mode, SandboxProbe probe) {
        this.mode = mode;
        this.probe = probe;
    }

    /** The sandbox for {@code mode} on this machine (the machine is probed once per JVM). */
    public static Sandbox forMode(SandboxMode mode) {
        return new Sandbox(
                mode,
                mode == SandboxMode.OFF
                        ? SandboxProbe.unavailable("--sandbox off")
                        : SandboxProbe.machine());
    }

    /** A sandbox with a given probe result (tests simulate a machine without bwrap with it). */
    public static Sandbox of(SandboxMode mode, SandboxProbe probe) {
        return new Sandbox(
                mode, mode == SandboxMode.OFF ? SandboxProbe.unavailable("--sandbox off") : probe);
    }

    /** True when commands are wrapped. */
    public boolean active() {
        return probe.works();
    }

    /** What the results and {@code csl doctor} report: "bubblewrap" or "none: why". */
    public String layer() {
        return probe.works() ? "bubblewrap" : "none: " + probe.why();
    }

    /**
     * Why nothing may run: {@code --sandbox required} on a machine without a working sandbox.
     * {@code null} when commands may run.
     */
    public RunFailure refusal(String what) {
        if (mode != SandboxMode.REQUIRED || probe.works()) {
            return null;
        }
        return new RunFailure(
                ErrorCode.COMMAND_NOT_ALLOWED,
                what
                        + " was not run: --sandbox required, but no sandbox works on this machine ("
                        + probe.why()
                        + ")",
                "install bubblewrap and check with 'csl doctor', or run with --sandbox auto",
                Map.of("sandboxLayer", layer()));
    }

    /** What commands in {@code workingDir} would not see, and what is shown again (for doctor). */
    public static String describeView(Path workingDir) {
        SandboxView view = SandboxView.of(realPath(workingDir), List.of());
        return "hidden: "
                + view.hidden().stream()
                        .map(Path::toString)
                        .collect(java.util.stream.Collectors.joining(" "))
                + "; shown again read-only: "
                + (view.shown().isEmpty()
                        ? "nothing"
                        : view.shown().stream()
                                .map(Path::toString)
                                .collect(java.util.stream.Collectors.joining(" ")))
                + " (add paths under \"read\" in .csl/commands.json; directories to hide as well under"
                + " \"hide\")";
    }

    /** {@link #wrap(List, Path, Path, boolean, List)} with the working directory as cwd. */
    public List<String> wrap(List<String> command, Path workingDir, boolean network) {
        return wrap(command, workingDir, workingDir, network, List.of());
    }

    /** {@link #wrap(List, Path, Path, boolean, List)} without extra read-only paths. */
    public List<String> wrap(List<String> command, Path workingDir, Path cwd, boolean network) {
        return wrap(command, workingDir, cwd, network, List.of());
    }

    /**
     * The command line that runs {@code command} in the sandbox, in {@code cwd} (inside {@code
     * workingDir}), or {@code command} itself when no layer is active. {@code readOnly} paths are
     * made visible read-only (needed for files under /tmp, which is private inside).
     */
    public List<String> wrap(
            List<String> command, Path workingDir, Path cwd, boolean network, List<Path> readOnly) {
        if (!probe.works()) {
            return List.copyOf(command);
        }
        return BwrapArguments.wrap(
                probe.bwrap(),
                command,
                realPath(workingDir),
                realPath(cwd),
                network,
                readOnly.stream().map(Sandbox::realPath).toList());
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
