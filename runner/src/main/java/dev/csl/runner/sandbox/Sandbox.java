package dev.csl.runner.sandbox;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.approval.CommandsFile;
import dev.csl.runner.approval.ContainerImage;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.ProcessLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The OS confinement (second layer) that child processes run in, the strongest this machine offers:
 * bubblewrap (host read-only, working directory writable, private /tmp, /proc and /dev, no network
 * unless asked, own PID namespace and session, no capabilities, dying with csl), else Landlock
 * (writes only in the working directory, reads like bubblewrap's view, TCP and sockets off unless
 * asked, signals and abstract sockets scoped), else none. Every layer starts the child through
 * {@code csl-confine} where it exists, for the ceilings on file size and processes.
 *
 * <p>Usage: {@code Sandbox sandbox = Sandbox.forConfig(config);} then, before starting a child,
 * {@code if (sandbox.refusal(what) != null) refuse;} and {@code argv = sandbox.wrap(argv,
 * workingDir, cwd, false);} (or {@link #confine} for a command that gets a temporary directory of
 * its own). With no layer and no launcher, {@code wrap} returns the command unchanged.
 */
public final class Sandbox {
    /** bwrap's own processes in a command's cgroup: bwrap, and the init of its PID namespace. */
    private static final int BWRAP_PROCESSES = 2;

    private final SandboxMode mode;
    private final SandboxLayer layer;
    private final String why;
    private final String error;
    private final SandboxProbe bwrap;
    private final String errorHint;

    /** The container layer's runtime and image; {@code null} under every other layer. */
    private final ContainerLayer container;

    /** Under the container layer, the host's layer for the worker JVM and read-only git. */
    private final Sandbox host;

    /**
     * The environment of the call this sandbox serves (its PATH and TMPDIR shape the view), or
     * {@code null} for this process's own: a resident csl process serves callers with other ones.
     */
    private final Map<String, String> caller;

    private Sandbox(
            SandboxMode mode, SandboxLayer layer, String why, String error, SandboxProbe bwrap) {
        this(
                mode,
                layer,
                why,
                error,
                bwrap,
                "unset " + SandboxLayer.VARIABLE + " or name a layer 'csl doctor' shows working");
    }

    private Sandbox(
            SandboxMode mode,
            SandboxLayer layer,
            String why,
            String error,
            SandboxProbe bwrap,
            String errorHint) {
        this(mode, layer, why, error, bwrap, errorHint, null, null);
    }

    private Sandbox(
            SandboxMode mode,
            SandboxLayer layer,
            String why,
            String error,
            SandboxProbe bwrap,
            String errorHint,
            ContainerLayer container,
            Sandbox host) {
        this(mode, layer, why, error, bwrap, errorHint, container, host, null);
    }

    private Sandbox(
            SandboxMode mode,
            SandboxLayer layer,
            String why,
            String error,
            SandboxProbe bwrap,
            String errorHint,
            ContainerLayer container,
            Sandbox host,
            Map<String, String> caller) {
        this.caller = caller;
        this.mode = mode;
        this.layer = layer;
        this.why = why;
        this.error = error;
        this.bwrap = bwrap;
        this.errorHint = errorHint;
        this.container = container;
        this.host = host;
    }

    /** This sandbox for a call whose environment is {@code environment}. */
    Sandbox forCaller(Map<String, String> environment) {
        return new Sandbox(
                mode,
                layer,
                why,
                error,
                bwrap,
                errorHint,
                container,
                host == null ? null : host.forCaller(environment),
                environment);
    }

    /** The caller's variable {@code name} (this process's when it has no caller). */
    private String callerVariable(String name) {
        return caller == null ? System.getenv(name) : caller.get(name);
    }

    /**
     * The container layer for {@code config}: commands in the user's image through the machine's
     * runtime, the worker JVM and read-only git on the host under the layer {@code auto} picks. A
     * runtime or image that is missing refuses every command, naming what to install or pull: the
     * user asked for this layer, so nothing falls back to a weaker one.
     */
    private static Sandbox container(RunnerConfig config, ContainerImage image) {
        SandboxMode mode =
                config.sandbox() == SandboxMode.CONTAINER ? SandboxMode.REQUIRED : config.sandbox();
        Sandbox host =
                choose(
                        SandboxMode.AUTO,
                        null,
                        () ->
                                SandboxProbe.machine(
                                        config.context().getenv("PATH"), config.workingDir()),
                        LandlockProbe::machine);
        ContainerLayer layer =
                ContainerLayer.forProject(
                        ContainerRuntime.machine(
                                config.workingDir(), config.context().getenv("PATH")),
                        image,
                        config.workingDir());
        String error = layer.check();
        return new Sandbox(
                        mode,
                        SandboxLayer.CONTAINER,
                        "",
                        error,
                        SandboxProbe.unavailable(""),
                        error == null ? "" : layer.hint(),
                        layer,
                        host)
                .forCaller(config.context().environment());
    }

    /**
     * Whether {@code config} chose the container layer: {@code --sandbox container}, the layer
     * forced (in-process or by {@code CSL_SANDBOX_LAYER}), or, when no other layer is forced, a
     * {@code "container"} setting of the project that the user trusted.
     */
    private static boolean containerChosen(
            RunnerConfig config, String variable, ContainerImage image) {
        if (config.sandbox() == SandboxMode.OFF) {
            return false;
        }
        if (config.sandbox() == SandboxMode.CONTAINER) {
            return true;
        }
        if (config.layer() != null) {
            return config.layer() == SandboxLayer.CONTAINER;
        }
        if (variable != null && !variable.isBlank()) {
            return SandboxLayer.parse(variable) == SandboxLayer.CONTAINER;
        }
        return image != null;
    }

    /** The image the project's trusted commands.json names, or {@code null}. */
    private static ContainerImage trustedImage(Path workingDir) {
        try {
            return CommandsFile.load(workingDir).container();
        } catch (IOException | RuntimeException e) {
            return null; // approval reports an unreadable commands.json itself
        }
    }

    /** The sandbox the worker JVM and read-only git run in: the host's under a container. */
    public Sandbox hostSide() {
        return host != null ? host : this;
    }

    /**
     * The sandbox {@link #forConfig} will decide on, assumed to be bubblewrap while the machine's
     * trial run of bwrap is still going (started here, in the background): a worker JVM can then be
     * launched at once instead of after the trial. {@code null} when nothing is to be assumed — the
     * trial has ended, no bwrap is on PATH, or the sandbox is off or forced to another layer.
     * Whoever launches under the assumption must hold it against {@link #forConfig}'s answer before
     * using what it launched ({@code kind() == BUBBLEWRAP}), and start again otherwise: a bwrap
     * that cannot make namespaces fails at once, and one that works confines more than reported.
     */
    public static Sandbox assumedBubblewrap(RunnerConfig config) {
        if (config.sandbox() == SandboxMode.OFF || config.sandbox() == SandboxMode.CONTAINER) {
            return null;
        }
        String variable = config.context().getenv(SandboxLayer.VARIABLE);
        SandboxLayer forced =
                config.layer() != null
                        ? config.layer()
                        : variable == null || variable.isBlank()
                                ? null
                                : SandboxLayer.parse(variable);
        boolean anyForced = config.layer() != null || (variable != null && !variable.isBlank());
        if (anyForced && forced != SandboxLayer.BUBBLEWRAP) {
            return null;
        }
        Path bwrap = SandboxProbe.bwrapOnPath(config.context().getenv("PATH"), config.workingDir());
        if (bwrap == null
                || ProcessLauncher.inside(bwrap, config.workingDir())
                || SandboxProbe.triedAlready(bwrap)) {
            return null;
        }
        SandboxProbe.startTrial(bwrap);
        return new Sandbox(
                        config.sandbox(),
                        SandboxLayer.BUBBLEWRAP,
                        "",
                        null,
                        new SandboxProbe(bwrap, ""))
                .forCaller(config.context().environment());
    }

    /**
     * The sandbox of {@code config}: its forced layer, else {@code CSL_SANDBOX_LAYER}, else auto.
     */
    public static Sandbox forConfig(RunnerConfig config) {
        Supplier<SandboxProbe> probe =
                () -> SandboxProbe.machine(config.context().getenv("PATH"), config.workingDir());
        String forced = config.context().getenv(SandboxLayer.VARIABLE);
        ContainerImage image = trustedImage(config.workingDir());
        if (containerChosen(config, forced, image)) {
            return container(config, image);
        }
        Sandbox sandbox =
                config.layer() != null
                        ? choose(config.sandbox(), config.layer(), probe, LandlockProbe::machine)
                        : forMode(config.sandbox(), forced, probe);
        return sandbox.notFrom(config.workingDir()).forCaller(config.context().environment());
    }

    /**
     * This sandbox, unless its bwrap lies inside {@code workingDir} (a PATH entry there): then one
     * that refuses every command, since an answer could have written that bwrap, and it would run
     * every command with no sandbox at all.
     */
    private Sandbox notFrom(Path workingDir) {
        if (layer != SandboxLayer.BUBBLEWRAP
                || !ProcessLauncher.inside(bwrap.bwrap(), workingDir)) {
            return this;
        }
        return new Sandbox(
                mode,
                SandboxLayer.NONE,
                "bwrap lies inside the working directory",
                "the bwrap found on PATH ("
                        + bwrap.bwrap()
                        + ") lies inside the working directory, where an answer could have"
                        + " written it; csl does not start commands through it",
                SandboxProbe.unavailable(""),
                "take that directory off PATH, so that csl finds the bwrap installed on the"
                        + " machine (csl doctor shows which one it uses)");
    }

    /**
     * The sandbox for {@code mode} on this machine (probed once per JVM), or the layer that {@code
     * CSL_SANDBOX_LAYER} in csl's own environment forces.
     */
    public static Sandbox forMode(SandboxMode mode) {
        return forMode(mode, System.getenv(SandboxLayer.VARIABLE));
    }

    /**
     * {@link #forMode(SandboxMode)} for the call whose environment is {@code environment}: its
     * {@code CSL_SANDBOX_LAYER} and the bwrap on its PATH.
     */
    public static Sandbox forMode(SandboxMode mode, Map<String, String> environment) {
        return forMode(
                        mode,
                        environment.get(SandboxLayer.VARIABLE),
                        () -> SandboxProbe.machine(environment.get("PATH"), null))
                .forCaller(environment);
    }

    /**
     * {@link #forMode(SandboxMode)} with {@code forced} as the value of {@code CSL_SANDBOX_LAYER}.
     */
    static Sandbox forMode(SandboxMode mode, String forced) {
        return forMode(mode, forced, SandboxProbe::machine);
    }

    private static Sandbox forMode(
            SandboxMode mode, String forced, Supplier<SandboxProbe> bwrapProbe) {
        if (forced == null || forced.isBlank() || mode == SandboxMode.OFF) {
            return choose(mode, null, bwrapProbe, LandlockProbe::machine);
        }
        SandboxLayer layer = SandboxLayer.parse(forced);
        if (layer == null) {
            return new Sandbox(
                    mode,
                    SandboxLayer.NONE,
                    SandboxLayer.VARIABLE + " is not a layer",
                    SandboxLayer.VARIABLE
                            + "='"
                            + forced
                            + "' is not a sandbox layer: use bubblewrap, landlock, container or none",
                    SandboxProbe.unavailable(""));
        }
        return choose(mode, layer, bwrapProbe, LandlockProbe::machine);
    }

    /** {@code layer} forced on this machine (a refusal when it does not work here). */
    public static Sandbox withLayer(SandboxMode mode, SandboxLayer layer) {
        return choose(mode, layer, SandboxProbe::machine, LandlockProbe::machine);
    }

    /**
     * A machine where only bubblewrap, with the given probe result, may work (tests simulate a
     * machine without bwrap and without Landlock with it).
     */
    public static Sandbox of(SandboxMode mode, SandboxProbe probe) {
        return choose(mode, null, () -> probe, null);
    }

    private static Sandbox choose(
            SandboxMode mode,
            SandboxLayer forced,
            Supplier<SandboxProbe> bwrapProbe,
            Supplier<LandlockProbe> landlockProbe) {
        if (mode == SandboxMode.OFF) {
            return new Sandbox(
                    mode, SandboxLayer.NONE, "--sandbox off", null, SandboxProbe.unavailable(""));
        }
        if (forced == SandboxLayer.NONE) {
            return new Sandbox(
                    mode,
                    SandboxLayer.NONE,
                    SandboxLayer.VARIABLE + "=none",
                    null,
                    SandboxProbe.unavailable(""));
        }
        if (forced == SandboxLayer.CONTAINER) {
            // without a project there is no image to run: forConfig chooses this layer
            return forcedButBroken(mode, forced, "it needs a project's image (forConfig)");
        }
        SandboxProbe bwrap = forced == SandboxLayer.LANDLOCK ? null : bwrapProbe.get();
        if (bwrap != null && bwrap.works()) {
            return new Sandbox(mode, SandboxLayer.BUBBLEWRAP, "", null, bwrap);
        }
        if (forced == SandboxLayer.BUBBLEWRAP) {
            return forcedButBroken(mode, forced, bwrap.why());
        }
        if (landlockProbe == null) { // a simulated machine with bubblewrap only
            return new Sandbox(mode, SandboxLayer.NONE, bwrap.why(), null, bwrap);
        }
        LandlockProbe landlock = landlockProbe.get();
        if (landlock.works()) {
            return new Sandbox(mode, SandboxLayer.LANDLOCK, "", null, SandboxProbe.unavailable(""));
        }
        if (forced == SandboxLayer.LANDLOCK) {
            return forcedButBroken(mode, forced, landlock.why());
        }
        return new Sandbox(
                mode,
                SandboxLayer.NONE,
                bwrap.why() + "; " + landlock.why(),
                null,
                SandboxProbe.unavailable(""));
    }

    private static Sandbox forcedButBroken(SandboxMode mode, SandboxLayer forced, String why) {
        return new Sandbox(
                mode,
                SandboxLayer.NONE,
                forced.wireName() + " does not work here",
                SandboxLayer.VARIABLE
                        + " asks for "
                        + forced.wireName()
                        + ", which does not work on this machine ("
                        + why
                        + ")",
                SandboxProbe.unavailable(""));
    }

    /** True when commands are confined by a layer (bubblewrap, Landlock or a container). */
    public boolean active() {
        return layer != SandboxLayer.NONE;
    }

    /** The layer commands run in. */
    public SandboxLayer kind() {
        return layer;
    }

    /**
     * What the results, the audit log and {@code csl doctor} report: "bubblewrap", "landlock",
     * "container: RUNTIME, image IMAGE" or "none: why".
     */
    public String layer() {
        if (layer == SandboxLayer.CONTAINER) {
            return container.describe();
        }
        return layer == SandboxLayer.NONE ? "none: " + why : layer.wireName();
    }

    /**
     * Why nothing may run: {@code --sandbox required} on a machine without a working layer, or a
     * forced layer that does not work here. {@code null} when commands may run.
     */
    public RunFailure refusal(String what) {
        if (error != null) {
            return new RunFailure(
                    ErrorCode.COMMAND_NOT_ALLOWED,
                    what + " was not run: " + error,
                    errorHint,
                    Map.of("sandboxLayer", layer()));
        }
        if (mode != SandboxMode.REQUIRED || active()) {
            return null;
        }
        return new RunFailure(
                ErrorCode.COMMAND_NOT_ALLOWED,
                what
                        + " was not run: --sandbox required, but no sandbox works on this machine ("
                        + why
                        + ")",
                "install bubblewrap, or use Linux 5.13 or later with Landlock, and check with 'csl"
                        + " doctor'; or run with --sandbox auto",
                Map.of("sandboxLayer", layer()));
    }

    /**
     * Makes this process remember sandbox views across calls, each checked against the directories
     * it was worked out from on every use ({@link RememberedViews}): for processes that serve many
     * calls (the worker pools of the resident process and of serve).
     */
    public static void rememberViews() {
        RememberedViews.enable();
    }

    /** What commands in {@code workingDir} would not see, and what is shown again (for doctor). */
    public static String describeView(Path workingDir) {
        SandboxView view = SandboxView.of(realPath(workingDir), List.of(), System.getenv("PATH"));
        return "hidden: "
                + view.hidden().stream().map(Path::toString).collect(Collectors.joining(" "))
                + "; shown again read-only: "
                + (view.shown().isEmpty()
                        ? "nothing"
                        : view.shown().stream()
                                .map(Path::toString)
                                .collect(Collectors.joining(" ")))
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
     * workingDir}), under the ceilings of the project's {@code .csl/commands.json}. {@code
     * readOnly} paths are made visible read-only (needed for files under /tmp, which is private
     * inside). Without a layer and without the launcher, {@code command} itself.
     */
    public List<String> wrap(
            List<String> command, Path workingDir, Path cwd, boolean network, List<Path> readOnly) {
        if (host != null) {
            return host.wrap(command, workingDir, cwd, network, readOnly);
        }
        return build(command, workingDir, cwd, network, readOnly, null, null);
    }

    /**
     * As {@link #wrap(List, Path, Path, boolean, List)}, under Landlock with a temporary directory
     * of the command's own (its {@code TMPDIR}: the host's /tmp cannot be made private without
     * namespaces), and, under every layer where csl can make one, in a cgroup of its own whose
     * {@code pids.max} is the process ceiling (root included). Closing the result removes both.
     */
    public Confined confine(
            List<String> command, Path workingDir, Path cwd, boolean network, List<Path> readOnly)
            throws IOException {
        if (container != null) {
            return inContainer(command, workingDir, cwd, network, readOnly, false);
        }
        CommandCgroup cgroup =
                ConfineLauncher.machine().available()
                        ? PidsCgroups.machine()
                                .create(
                                        limits(realPath(workingDir)).processes()
                                                + (layer == SandboxLayer.BUBBLEWRAP
                                                        ? BWRAP_PROCESSES
                                                        : 0))
                        : null;
        Path tmp = null;
        try {
            tmp = layer == SandboxLayer.LANDLOCK ? Confined.createTemporaryDirectory() : null;
            return new Confined(
                    build(command, workingDir, cwd, network, readOnly, tmp, cgroup), tmp, cgroup);
        } catch (IOException | RuntimeException e) {
            new Confined(List.of(), tmp, cgroup).close();
            throw e;
        }
    }

    /**
     * {@code command} in a fresh container of the user's image ({@link ContainerArguments}); {@code
     * stdin} when the command reads what csl writes to it (a Node program). Closing the result
     * after a timeout removes a container its killed client left behind.
     */
    public Confined inContainer(
            List<String> command,
            Path workingDir,
            Path cwd,
            boolean network,
            List<Path> readOnly,
            boolean stdin)
            throws IOException {
        return inContainer(command, workingDir, cwd, network, readOnly, stdin, List.of());
    }

    /**
     * As {@link #inContainer(List, Path, Path, boolean, List, boolean)}, passing on also the
     * variables {@code passOn} of the environment csl gives the client (the Node preload's).
     */
    public Confined inContainer(
            List<String> command,
            Path workingDir,
            Path cwd,
            boolean network,
            List<Path> readOnly,
            boolean stdin,
            List<String> passOn)
            throws IOException {
        if (container == null) {
            throw new IllegalStateException("not the container layer");
        }
        Path realRoot = realPath(workingDir);
        List<Path> shown = new ArrayList<>(readOnly.stream().map(Sandbox::realPath).toList());
        shown.addAll(OwnInstallation.inside(realRoot));
        String name = ContainerLayer.nextName();
        List<String> argv = new ArrayList<>(container.runtime().client());
        argv.addAll(
                ContainerArguments.run(
                        container.runtime(),
                        container.image(),
                        name,
                        command,
                        realRoot,
                        realPath(cwd),
                        network,
                        shown,
                        limits(realRoot),
                        java.util.stream.Stream.concat(
                                        environment(realRoot).stream(), passOn.stream())
                                .toList(),
                        stdin));
        return new Confined(argv, null, null, () -> container.remove(name));
    }

    /**
     * The warm containers of one apply under the container layer (the caller closes them at the
     * apply's end), or {@code null} under every other layer.
     */
    public WarmContainers warmContainers() {
        return warmContainers(null);
    }

    /**
     * As {@link #warmContainers()}, taken from {@code pool} and handed back to it when closed
     * ({@code null}: started and removed by the apply).
     */
    public WarmContainers warmContainers(ContainerPool pool) {
        return container == null || error != null ? null : new WarmContainers(container, pool);
    }

    /**
     * As {@link #confine}, in the apply's warm container ({@link WarmContainers}) instead of a
     * fresh one: the same mounts, network, ceilings and environment; closing the result clears the
     * container of what the command left (processes, {@code /tmp}).
     */
    public Confined confineWarm(
            WarmContainers warm,
            List<String> command,
            Path workingDir,
            Path cwd,
            boolean network,
            List<Path> readOnly)
            throws IOException {
        Path realRoot = realPath(workingDir);
        List<Path> shown = new ArrayList<>(readOnly.stream().map(Sandbox::realPath).toList());
        shown.addAll(OwnInstallation.inside(realRoot));
        return warm.confine(
                command,
                realRoot,
                realPath(cwd),
                network,
                shown,
                limits(realRoot),
                environment(realRoot));
    }

    /** The names the project's trusted commands.json passes on to commands ({@code env}). */
    private static List<String> environment(Path workingDir) {
        try {
            return CommandsFile.load(workingDir).env();
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    private List<String> build(
            List<String> command,
            Path workingDir,
            Path cwd,
            boolean network,
            List<Path> readOnly,
            Path tmp,
            CommandCgroup cgroup) {
        Path realRoot = realPath(workingDir);
        List<Path> shown = new ArrayList<>(readOnly.stream().map(Sandbox::realPath).toList());
        // Bubblewrap's view first: the launcher may still be being extracted in the background.
        SandboxView view =
                layer == SandboxLayer.BUBBLEWRAP
                        ? SandboxView.of(realRoot, shown, callerVariable("PATH"))
                        : null;
        ConfineLauncher launcher = ConfineLauncher.machine();
        List<String> confined = new ArrayList<>();
        if (launcher.available()) {
            confined.add(launcher.path().toString());
            if (cgroup != null && layer != SandboxLayer.BUBBLEWRAP) {
                confined.addAll(List.of("--cgroup", cgroup.dir().toString()));
            }
            CommandLimits limits = limits(realRoot);
            confined.addAll(
                    List.of(
                            "--fsize",
                            Long.toString(limits.fileSizeBytes()),
                            "--nproc",
                            Long.toString(limits.processes())));
            if (layer != SandboxLayer.BUBBLEWRAP) {
                confined.add("--session"); // bubblewrap makes the session itself
            }
            if (layer == SandboxLayer.LANDLOCK) {
                confined.add("--landlock");
                if (!network) {
                    confined.add("--no-net");
                }
                confined.addAll(
                        LandlockArguments.rules(realRoot, shown, tmp, callerVariable("PATH")));
            }
            confined.add("--");
        } else if (layer == SandboxLayer.LANDLOCK) {
            throw new IllegalStateException("the Landlock layer was chosen without csl-confine");
        }
        confined.addAll(command);
        if (layer != SandboxLayer.BUBBLEWRAP) {
            return confined;
        }
        List<String> wrapped =
                BwrapArguments.wrap(
                        bwrap.bwrap(),
                        confined,
                        realRoot,
                        realPath(cwd),
                        network,
                        view,
                        alsoShown(launcher, realRoot),
                        callerVariable("TMPDIR"));
        if (cgroup == null) {
            return wrapped;
        }
        // Inside bubblewrap the cgroup file system is read-only: bwrap itself is put in it.
        List<String> inCgroup =
                new ArrayList<>(
                        List.of(
                                launcher.path().toString(),
                                "--cgroup",
                                cgroup.dir().toString(),
                                "--"));
        inCgroup.addAll(wrapped);
        return inCgroup;
    }

    /**
     * Bound read-only last: csl-confine (under a home directory, which bubblewrap hides) and csl's
     * own files inside the working directory, which a command may not change any more than csl's
     * guard lets an answer.
     */
    private static List<Path> alsoShown(ConfineLauncher launcher, Path realRoot) {
        List<Path> shown = new ArrayList<>();
        if (launcher.available()) {
            shown.add(launcher.path());
        }
        for (Path own : OwnInstallation.inside(realRoot)) {
            if (!shown.contains(own)) {
                shown.add(own);
            }
        }
        return shown;
    }

    /** The ceilings of the project; the defaults when its commands.json cannot be read. */
    public static CommandLimits limits(Path workingDir) {
        try {
            return CommandsFile.load(workingDir).limits();
        } catch (IOException | RuntimeException e) {
            // approval reports an unreadable commands.json itself
            return CommandLimits.DEFAULTS;
        }
    }

    /** True when the ceilings are applied (the launcher exists). */
    public boolean limited() {
        return ConfineLauncher.machine().available();
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
