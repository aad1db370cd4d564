package dev.csl.runner.external;

import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.OutputListener;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.CommandEnvironment;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.sandbox.ConfineLauncher;
import dev.csl.runner.sandbox.ContainerCheck;
import dev.csl.runner.sandbox.LandlockProbe;
import dev.csl.runner.sandbox.PidsCgroups;
import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.sandbox.SandboxProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * What {@code csl doctor} checks: which safety layers work on this machine, each actually tried
 * (Java, Node and its permission model, the OS sandbox, git, the path guard's mode, the memory
 * cap).
 */
public final class Diagnostics {
    /**
     * One line of the report.
     *
     * @param name what was checked ("java", "node", "sandbox", ...)
     * @param ok whether it works
     * @param detail what was found (version, layer, or what is missing)
     * @param hint how to fix it, empty when {@code ok}
     */
    public record Check(String name, boolean ok, String detail, String hint) {}

    private final Path here;
    private final ProcessLauncher launcher;
    private final SandboxProbe probe;
    private final LandlockProbe landlock;
    private final Function<String, Optional<Path>> findProgram;

    /**
     * The checks of this machine, finding programs as csl finds them for a project in the current
     * directory (never inside it: doctor runs what it finds, outside any sandbox).
     */
    public Diagnostics() {
        this(Path.of("").toAbsolutePath());
    }

    private Diagnostics(Path here) {
        this(
                SandboxProbe.machine(System.getenv("PATH"), here),
                LandlockProbe.machine(),
                name -> ProcessLauncher.findOutside(name, here),
                here);
    }

    /**
     * Checks with a given bubblewrap probe and program lookup, and no Landlock (to simulate a bare
     * machine).
     */
    public Diagnostics(SandboxProbe probe, Function<String, Optional<Path>> findProgram) {
        this(probe, LandlockProbe.unavailable(0, "not tried (a simulated machine)"), findProgram);
    }

    Diagnostics(
            SandboxProbe probe,
            LandlockProbe landlock,
            Function<String, Optional<Path>> findProgram) {
        this(probe, landlock, findProgram, null);
    }

    /** {@code here}: the project doctor describes, from which no program is taken (or null). */
    private Diagnostics(
            SandboxProbe probe,
            LandlockProbe landlock,
            Function<String, Optional<Path>> findProgram,
            Path here) {
        this.here = here;
        this.launcher = launcher(64 * 1024);
        this.probe = probe;
        this.landlock = landlock;
        this.findProgram = findProgram;
    }

    /**
     * The JSON document of {@code csl doctor --json} and of serve's {@code doctor}: {@code {"ok":
     * all passed, "checks": [{"name", "ok", "detail", "hint"}]}}.
     *
     * @param ok whether every check passed
     * @param checks every check, in the order they ran
     */
    public record Report(boolean ok, List<Check> checks) {
        public Report {
            checks = List.copyOf(checks);
        }
    }

    /** The report of {@code checks}. */
    public static Report document(List<Check> checks) {
        return new Report(checks.stream().allMatch(Check::ok), checks);
    }

    /**
     * Runs every check in a temporary directory of its own, removed again afterwards ({@code csl
     * doctor} and serve's {@code doctor}).
     */
    public List<Check> run() throws IOException {
        // doctor's own scratch directory under the system's temporary directory, never a project
        Path scratch = Files.createTempDirectory("csl-doctor-");
        try {
            return run(scratch);
        } finally {
            clean(scratch);
            // The temporary directory made just above (never a project), now empty.
            Files.deleteIfExists(scratch);
        }
    }

    /** Runs every check; {@code scratch} is an empty directory the sandbox trial may write in. */
    public List<Check> run(Path scratch) {
        return List.of(
                java(),
                node(scratch),
                sandbox(scratch),
                landlock(scratch),
                container(scratch),
                git(scratch),
                guard(scratch),
                memory(),
                limits(),
                environment());
    }

    /** What commands see of csl's environment here (the current directory's commands.json). */
    private Check environment() {
        CommandEnvironment env;
        try {
            env =
                    new CommandEnvironment(
                            dev.csl.runner.approval.CommandsFile.load(Path.of("").toAbsolutePath())
                                    .env());
        } catch (IOException e) {
            env = CommandEnvironment.basic();
        }
        var passed = env.filter(System.getenv());
        int hidden = System.getenv().size() - passed.size();
        return new Check(
                "environment",
                true,
                "commands see "
                        + String.join(" ", passed.keySet())
                        + "; "
                        + hidden
                        + " other variable"
                        + (hidden == 1 ? "" : "s")
                        + " of csl's environment hidden (list names under \"env\" in"
                        + " .csl/commands.json to pass them)",
                "");
    }

    private Check java() {
        Runtime.Version version = Runtime.version();
        String vendor = System.getProperty("java.vendor", "");
        return version.feature() >= 17
                ? new Check("java", true, version + " (" + vendor + ")", "")
                : new Check("java", false, version.toString(), "csl needs Java 17 or later");
    }

    private Check node(Path scratch) {
        Optional<Path> node = findProgram.apply("node");
        if (node.isEmpty()) {
            return new Check(
                    "node",
                    false,
                    "not found on PATH: lang=\"node\" blocks fail with node_unavailable",
                    "install Node.js 20 or later");
        }
        CommandOutcome outcome =
                launcher.run(
                        "node --version", List.of(node.get().toString(), "--version"), scratch, 10);
        String version = outcome.result().stdout().strip();
        int major = majorOf(version);
        if (major < 20) {
            return new Check(
                    "node",
                    false,
                    version
                            + " at "
                            + node.get()
                            + ": no permission model, only the fs preload guards scripts",
                    "install Node.js 20 or later");
        }
        return new Check(
                "node",
                true,
                version + " at " + node.get() + " (guarded fs preload + permission model)",
                "");
    }

    private Check sandbox(Path scratch) {
        Sandbox sandbox = Sandbox.of(SandboxMode.AUTO, probe);
        if (!sandbox.active()) {
            if (landlock.works()) {
                Check trial = landlockTrial(scratch);
                return new Check(
                        "sandbox",
                        trial.ok(),
                        "landlock (bubblewrap does not work here: "
                                + probe.why()
                                + "); "
                                + trial.detail(),
                        trial.hint());
            }
            return new Check(
                    "sandbox",
                    false,
                    sandbox.layer()
                            + "; "
                            + landlock.why()
                            + "; commands run without an OS sandbox (--sandbox required refuses"
                            + " them)",
                    "install bubblewrap (apt-get install bubblewrap) and allow user namespaces,"
                            + " or use Linux 5.13 or later with Landlock");
        }
        // Really try it: the scratch directory writable, the host not, no network interface.
        Path outsideProbe = Path.of("/csl-doctor-probe-" + ProcessHandle.current().pid());
        String script =
                "touch inside && ! touch "
                        + outsideProbe
                        + " 2>/dev/null"
                        // Only the loopback interface in /proc/net/dev: the network is off.
                        + " && [ \"$(grep -c : /proc/net/dev)\" = 1 ]";
        CommandOutcome outcome =
                launcher.run(
                        "sandbox trial",
                        sandbox.wrap(List.of("sh", "-c", script), scratch, false),
                        scratch,
                        20);
        boolean wrote = Files.exists(scratch.resolve("inside"));
        boolean leaked = Files.exists(outsideProbe);
        if (outcome.ok() && wrote && !leaked) {
            return new Check(
                    "sandbox",
                    true,
                    "bubblewrap (host read-only, working directory writable, private /tmp, no network, tried just now); "
                            + Sandbox.describeView(Path.of("").toAbsolutePath()),
                    "");
        }
        return new Check(
                "sandbox",
                false,
                "bubblewrap starts but the trial failed: " + outcome.result().stderr().strip(),
                "check the bubblewrap installation, or run with --sandbox off knowingly");
    }

    /**
     * The Landlock layer: the kernel's ABI, what it gives at that ABI, and why it does not work.
     * Without it a machine with bubblewrap loses nothing, so only a machine with neither fails.
     */
    private Check landlock(Path scratch) {
        if (!landlock.works()) {
            return new Check(
                    "landlock",
                    probe.works(),
                    "ABI "
                            + landlock.abi()
                            + ", not usable: "
                            + landlock.why()
                            + (probe.works() ? " (bubblewrap is used instead)" : ""),
                    "use Linux 5.13 or later with Landlock enabled (lsm=landlock), and build csl"
                            + " where a C compiler exists");
        }
        Check trial = landlockTrial(scratch);
        return new Check(
                "landlock",
                trial.ok(),
                "ABI "
                        + landlock.abi()
                        + (probe.works()
                                ? " (used where bubblewrap cannot run, or with "
                                        + SandboxLayer.VARIABLE
                                        + "=landlock): "
                                : ": ")
                        + trial.detail(),
                trial.hint());
    }

    /** The container layer: runtime, version, rootless or not, and a trial container. */
    private Check container(Path scratch) {
        ContainerCheck check = ContainerCheck.of(here, scratch, launcher);
        return new Check("container", check.ok(), check.detail(), check.hint());
    }

    /** A write inside and one outside, restricted by Landlock. */
    private Check landlockTrial(Path scratch) {
        Sandbox sandbox = Sandbox.withLayer(SandboxMode.AUTO, SandboxLayer.LANDLOCK);
        Path outsideProbe = Path.of("/csl-doctor-probe-" + ProcessHandle.current().pid());
        String script = "touch inside-landlock && ! touch " + outsideProbe + " 2>/dev/null";
        CommandOutcome outcome =
                launcher.run(
                        "landlock trial",
                        sandbox.wrap(List.of("sh", "-c", script), scratch, false),
                        scratch,
                        20);
        boolean wrote = Files.exists(scratch.resolve("inside-landlock"));
        boolean leaked = Files.exists(outsideProbe);
        if (outcome.ok() && wrote && !leaked) {
            int abi = landlock.abi();
            return new Check(
                    "landlock",
                    true,
                    "writes only in the working directory (its .git and .csl read-only), home"
                            + " directories, /run and /tmp unreadable, of /dev only null, zero,"
                            + " full, random, urandom and tty"
                            + (abi >= 4 ? ", TCP off" : ", TCP open (ABI 4 needed)")
                            + ", sockets off, netlink included (seccomp)"
                            + (abi >= 6
                                    ? ", signals and abstract sockets scoped"
                                    : ", signals not scoped (ABI 6 needed)")
                            + "; tried just now",
                    "");
        }
        return new Check(
                "landlock",
                false,
                "Landlock ABI "
                        + landlock.abi()
                        + " but the trial failed: "
                        + outcome.result().stderr().strip(),
                "run with --sandbox off knowingly, or report the failure");
    }

    /**
     * The ceilings of every child: file size, set by csl-confine, and processes, which says which
     * ceiling holds: a cgroup's pids.max per approved command, else RLIMIT_NPROC (none for root).
     */
    private Check limits() {
        ConfineLauncher confine = ConfineLauncher.machine();
        CommandLimits limits = Sandbox.limits(Path.of("").toAbsolutePath());
        if (!confine.available()) {
            return new Check(
                    "limits",
                    false,
                    "no file-size or process cap: " + confine.why(),
                    "build csl where a C compiler (cc) exists");
        }
        PidsCgroups cgroups = PidsCgroups.machine();
        boolean root = isRoot();
        String files =
                "each file a command writes up to "
                        + limits.fileSizeMiB()
                        + " MiB (RLIMIT_FSIZE); ";
        String raise = "; raise them under \"limits\" in .csl/commands.json";
        if (cgroups.available()) {
            return new Check(
                    "limits",
                    true,
                    files
                            + limits.processes()
                            + " processes and threads per approved command ("
                            + cgroups.kind()
                            + " pids.max, under "
                            + cgroups.parent()
                            + ", root included)"
                            + (root
                                    ? ""
                                    : "; for every child also "
                                            + limits.processes()
                                            + " beyond the user's own (RLIMIT_NPROC)")
                            + raise,
                    "");
        }
        String noCgroup = "no cgroup of its own (" + cgroups.why() + ")";
        if (root) {
            return new Check(
                    "limits",
                    false,
                    files
                            + "no process cap: csl runs as root, to which the kernel does not apply"
                            + " RLIMIT_NPROC, and "
                            + noCgroup,
                    "run csl where it can make a cgroup: as root with a writable /sys/fs/cgroup"
                            + " (cgroup v2 with the pids controller, or the v1 pids hierarchy), or"
                            + " as a user in a delegated cgroup (systemd-run --user --scope -p"
                            + " Delegate=yes)");
        }
        return new Check(
                "limits",
                true,
                files
                        + limits.processes()
                        + " processes and threads beyond the user's own (RLIMIT_NPROC; "
                        + noCgroup
                        + ")"
                        + raise,
                "");
    }

    private Check git(Path scratch) {
        Optional<Path> git = findProgram.apply("git");
        if (git.isEmpty()) {
            return new Check(
                    "git",
                    false,
                    "not found on PATH: git status/diff/log fail with command_not_found",
                    "install git");
        }
        CommandOutcome outcome =
                launcher.run(
                        "git --version", List.of(git.get().toString(), "--version"), scratch, 10);
        return new Check(
                "git",
                outcome.ok(),
                outcome.result().stdout().strip(),
                outcome.ok() ? "" : "reinstall git");
    }

    private Check guard(Path scratch) {
        try {
            String mode = GuardedFiles.open(scratch).mode();
            return new Check("path guard", true, mode, "");
        } catch (IOException e) {
            return new Check("path guard", false, e.getMessage(), "check the temporary directory");
        }
    }

    private Check memory() {
        ProcessLauncher capped = launcher(1024);
        return capped.memoryCapped()
                ? new Check(
                        "memory cap",
                        true,
                        (ProcessLauncher.DEFAULT_MEMORY_CAP_BYTES >> 30)
                                + " GiB per command (prlimit RLIMIT_DATA)",
                        "")
                : new Check(
                        "memory cap",
                        false,
                        "prlimit not found: commands run without a memory cap",
                        "install util-linux");
    }

    private static boolean isRoot() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static int majorOf(String version) {
        try {
            return Integer.parseInt(version.replaceFirst("^v", "").split("\\.")[0]);
        } catch (RuntimeException e) {
            return 0;
        }
    }

    /** Deletes the scratch directory's content (the sandbox trial leaves a file). */
    private static void clean(Path scratch) throws IOException {
        try (Stream<Path> files = Files.list(scratch)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    /** A launcher whose prlimit (run before any sandbox) never comes from {@link #here}. */
    private ProcessLauncher launcher(long outputCap) {
        return new ProcessLauncher(
                outputCap,
                ProcessLauncher.DEFAULT_MEMORY_CAP_BYTES,
                OutputListener.NONE,
                CommandEnvironment.basic(),
                here);
    }
}
