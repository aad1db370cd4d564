package dev.csl.runner.process;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.OutputListener;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.ShellWords;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Starts one child process and waits for it: no shell, stdin closed (or fed a given text and then
 * closed), a timeout after which the whole process tree is killed, a per-stream output cap and a
 * memory cap (RLIMIT_DATA through util-linux {@code prlimit} where installed). The command is run
 * as given: wrap it in the sandbox first ({@code dev.csl.runner.sandbox.Sandbox#wrap}).
 *
 * <p>Failures come back as data: {@code command_not_found}, {@code command_failed} (with {@code
 * exitCode}), {@code timeout}.
 */
public final class ProcessLauncher {
    /** Memory cap of a child when none is given: generous for a build, fatal for a runaway. */
    public static final long DEFAULT_MEMORY_CAP_BYTES = 4L << 30;

    private static final long KILL_GRACE_MILLIS = 2_000;

    private final long outputCapBytes;
    private final long memoryCapBytes;
    private final Path prlimit;
    private final Path workingDir;
    private final OutputListener listener;
    private final CommandEnvironment environment;

    /** The caller's environment children start from, or null for this JVM's (tests, doctor). */
    private final Map<String, String> callerEnvironment;

    /**
     * @param outputCapBytes per-stream cap (RunnerConfig.outputCapBytes)
     * @param memoryCapBytes data-segment cap of the child, or 0 for none
     */
    public ProcessLauncher(long outputCapBytes, long memoryCapBytes) {
        this(outputCapBytes, memoryCapBytes, OutputListener.NONE);
    }

    /** As above; {@code listener} sees every output line while the command runs. */
    public ProcessLauncher(long outputCapBytes, long memoryCapBytes, OutputListener listener) {
        this(outputCapBytes, memoryCapBytes, listener, CommandEnvironment.basic());
    }

    /** As above; children see only {@code environment}'s part of csl's environment. */
    public ProcessLauncher(
            long outputCapBytes,
            long memoryCapBytes,
            OutputListener listener,
            CommandEnvironment environment) {
        this(outputCapBytes, memoryCapBytes, listener, environment, null);
    }

    /**
     * As {@link #ProcessLauncher(long, long, OutputListener, CommandEnvironment)} for commands of
     * {@code workingDir}: {@code prlimit}, which runs before any sandbox, is never taken from it.
     */
    public ProcessLauncher(
            long outputCapBytes,
            long memoryCapBytes,
            OutputListener listener,
            CommandEnvironment environment,
            Path workingDir) {
        this(outputCapBytes, memoryCapBytes, listener, environment, workingDir, null);
    }

    private ProcessLauncher(
            long outputCapBytes,
            long memoryCapBytes,
            OutputListener listener,
            CommandEnvironment environment,
            Path workingDir,
            Map<String, String> callerEnvironment) {
        if (outputCapBytes <= 0 || memoryCapBytes < 0) {
            throw new IllegalArgumentException("caps must be positive");
        }
        this.outputCapBytes = outputCapBytes;
        this.memoryCapBytes = memoryCapBytes;
        this.prlimit =
                memoryCapBytes > 0
                        ? findOutside(
                                        "prlimit",
                                        workingDir,
                                        callerEnvironment == null
                                                ? System.getenv("PATH")
                                                : callerEnvironment.get("PATH"))
                                .orElse(null)
                        : null;
        this.workingDir = workingDir;
        this.listener = listener == null ? OutputListener.NONE : listener;
        this.environment = environment;
        this.callerEnvironment = callerEnvironment;
    }

    /**
     * The same launcher for a call whose environment is {@code caller}: children start from it (its
     * allowed part), not from this JVM's, which in the resident process is whoever started it.
     */
    public ProcessLauncher forCaller(Map<String, String> caller) {
        return new ProcessLauncher(
                outputCapBytes, memoryCapBytes, listener, environment, workingDir, caller);
    }

    public ProcessLauncher(long outputCapBytes) {
        this(outputCapBytes, DEFAULT_MEMORY_CAP_BYTES);
    }

    /** The same launcher without the live output listener (for csl's own helper commands). */
    public ProcessLauncher quiet() {
        return new ProcessLauncher(
                outputCapBytes,
                memoryCapBytes,
                OutputListener.NONE,
                environment,
                workingDir,
                callerEnvironment);
    }

    /** True when children really get the memory cap (prlimit is installed). */
    public boolean memoryCapped() {
        return prlimit != null;
    }

    /** Runs {@code argv} with stdin closed. */
    public CommandOutcome run(String display, List<String> argv, Path cwd, int timeoutSeconds) {
        return run(display, argv, cwd, timeoutSeconds, null);
    }

    /**
     * Runs {@code argv} in {@code cwd}; {@code stdin} (or nothing) is written to the child and its
     * stdin closed. {@code display} is the command as the answer wrote it, used in the result.
     */
    public CommandOutcome run(
            String display, List<String> argv, Path cwd, int timeoutSeconds, byte[] stdin) {
        return run(display, argv, cwd, timeoutSeconds, stdin, Map.of());
    }

    /** As {@link #run(String, List, Path, int, byte[])}, with extra environment variables. */
    public CommandOutcome run(
            String display,
            List<String> argv,
            Path cwd,
            int timeoutSeconds,
            byte[] stdin,
            Map<String, String> environment) {
        if (timeoutSeconds <= 0) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        long start = System.nanoTime();
        if (findProgram(
                        argv.get(0),
                        cwd,
                        callerEnvironment == null
                                ? System.getenv("PATH")
                                : callerEnvironment.get("PATH"))
                .isEmpty()) {
            // Checked here because behind prlimit or bwrap a missing program is just exit 1.
            return new CommandOutcome(
                    new CommandResult(display, -1, "", "", 0), notFound(display, argv.get(0)));
        }
        List<String> command = new ArrayList<>();
        if (prlimit != null) {
            command.add(prlimit.toString());
            command.add("--data=" + memoryCapBytes);
            command.add("--");
        }
        command.addAll(argv);
        Process process;
        String token = Stragglers.newToken();
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(cwd.toFile());
            Map<String, String> env = builder.environment();
            Map<String, String> allowed =
                    this.environment.filter(callerEnvironment == null ? env : callerEnvironment);
            env.clear();
            env.putAll(allowed);
            env.putAll(environment);
            env.put(Stragglers.VARIABLE, token);
            if (stdin == null) {
                builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            }
            process = builder.start();
        } catch (IOException e) {
            return new CommandOutcome(
                    new CommandResult(display, -1, "", "", millisSince(start)),
                    new RunFailure(
                            ErrorCode.IO_ERROR,
                            ShellWords.cite(display) + " could not be started: " + e.getMessage(),
                            "check that the directory " + cwd + " exists and is readable",
                            Map.of()));
        }
        CappedStream out =
                new CappedStream(
                        process.getInputStream(),
                        outputCapBytes,
                        line -> listener.line(display, false, line));
        CappedStream err =
                new CappedStream(
                        process.getErrorStream(),
                        outputCapBytes,
                        line -> listener.line(display, true, line));
        Thread outReader = startReader(out, "csl-stdout");
        Thread errReader = startReader(err, "csl-stderr");
        if (stdin != null) {
            feed(process, stdin);
        }
        boolean finished;
        try {
            finished = process.waitFor(timeoutSeconds, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            finished = false;
        }
        if (!finished) {
            killTree(process.toHandle());
        }
        // Whatever it started and left behind (setsid, a double fork) ends with it.
        Stragglers.kill(token);
        join(outReader);
        join(errReader);
        long duration = millisSince(start);
        if (!finished) {
            return new CommandOutcome(
                    new CommandResult(display, -1, out.text(), err.text(), duration),
                    new RunFailure(
                            ErrorCode.TIMEOUT,
                            ShellWords.cite(display)
                                    + " did not finish within "
                                    + timeoutSeconds
                                    + " s and was stopped with all its child processes",
                            "raise the limit with timeout=\"SECONDS\" on the RUN block, or make"
                                    + " the command finish sooner (no watch mode, no server)",
                            Map.of("timeoutSeconds", timeoutSeconds)));
        }
        int exit = process.exitValue();
        CommandResult result = new CommandResult(display, exit, out.text(), err.text(), duration);
        if (exit == 0) {
            return new CommandOutcome(result, null);
        }
        return new CommandOutcome(result, failed(display, exit));
    }

    /** {@code command_failed} for a non-zero exit status. */
    public static RunFailure failed(String display, int exitCode) {
        return new RunFailure(
                ErrorCode.COMMAND_FAILED,
                ShellWords.cite(display) + " exited with status " + exitCode,
                "read its stderr and stdout, fix the cause, then run it again",
                Map.of("exitCode", exitCode));
    }

    /** {@code command_not_found} for a program that does not exist. */
    public static RunFailure notFound(String display, String program) {
        return new RunFailure(
                ErrorCode.COMMAND_NOT_FOUND,
                "'" + program + "' was not found (command " + ShellWords.cite(display) + ")",
                "check the spelling, install the program, or use a built-in command",
                Map.of("program", program));
    }

    /**
     * Finds the program a command names: a name with a slash is taken relative to {@code dir}, a
     * bare name is looked up on PATH. Empty when there is no such executable file.
     */
    public static Optional<Path> findProgram(String program, Path dir) {
        return findProgram(program, dir, System.getenv("PATH"));
    }

    /** As {@link #findProgram(String, Path)} on the call's own PATH ({@code path}). */
    public static Optional<Path> findProgram(String program, Path dir, String pathVariable) {
        if (program.isEmpty()) {
            return Optional.empty();
        }
        if (program.contains("/")) {
            Path path = dir.resolve(program);
            return Files.isRegularFile(path) && Files.isExecutable(path)
                    ? Optional.of(path.toAbsolutePath().normalize())
                    : Optional.empty();
        }
        return findOutside(program, null, pathVariable);
    }

    /**
     * The executable called {@code program} on PATH. Relative entries ({@code .}, {@code bin}) are
     * skipped: they name a different place for csl than for the command it starts, and usually the
     * project, where an answer writes.
     */
    public static Optional<Path> findOnPath(String program) {
        return findOutside(program, null);
    }

    /**
     * The executable called {@code program} on PATH (as PATH names it: a venv's python finds its
     * environment by that name, a multi-call binary picks its role by it), skipping relative
     * entries and any candidate inside {@code workingDir} (when not {@code null}): a program csl
     * trusts without approval — git, node, the sandbox and its helpers — never comes from where an
     * answer could have written it (a direnv {@code PATH_add bin}, a {@code node_modules/.bin} on
     * PATH).
     */
    public static Optional<Path> findOutside(String program, Path workingDir) {
        return findOutside(program, workingDir, System.getenv("PATH"));
    }

    /**
     * As {@link #findOutside(String, Path)} on the call's own PATH ({@code path}): a resident csl
     * process finds programs as the caller's own csl process would.
     */
    public static Optional<Path> findOutside(String program, Path workingDir, String path) {
        if (path == null) {
            return Optional.empty();
        }
        Path root = workingDir == null ? null : realOrNormal(workingDir);
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty() || !Path.of(dir).isAbsolute()) {
                continue;
            }
            Path candidate = Path.of(dir, program);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                if (root == null || !realOrNormal(candidate).startsWith(root)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** True when {@code program} (a path) lies inside {@code workingDir}, by real paths. */
    public static boolean inside(Path program, Path workingDir) {
        return realOrNormal(program).startsWith(realOrNormal(workingDir));
    }

    private static Path realOrNormal(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException | RuntimeException e) {
            return p.toAbsolutePath().normalize();
        }
    }

    /**
     * Kills a process and all its descendants, descendants first (deepest first), so that none is
     * re-parented to init before it could be found.
     */
    public static void killTree(ProcessHandle root) {
        List<ProcessHandle> killed = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            List<ProcessHandle> descendants =
                    root.descendants()
                            .sorted(
                                    Comparator.comparingInt(ProcessLauncher::depthBelowInit)
                                            .reversed())
                            .toList();
            descendants.forEach(ProcessHandle::destroyForcibly);
            killed.addAll(descendants);
            if (descendants.isEmpty()) {
                break;
            }
        }
        root.destroyForcibly();
        killed.add(root);
        long deadline = System.nanoTime() + KILL_GRACE_MILLIS * 1_000_000;
        for (ProcessHandle process : killed) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                process.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (Exception e) {
                // Still going after SIGKILL: nothing more a user process can do about it.
            }
        }
    }

    private static int depthBelowInit(ProcessHandle handle) {
        int depth = 0;
        Optional<ProcessHandle> parent = handle.parent();
        while (parent.isPresent() && depth < 256) {
            depth++;
            parent = parent.get().parent();
        }
        return depth;
    }

    private static void feed(Process process, byte[] stdin) {
        Thread writer =
                new Thread(
                        () -> {
                            try (OutputStream to = process.getOutputStream()) {
                                to.write(stdin);
                            } catch (IOException e) {
                                // The child exited without reading all of it; its status says why.
                            }
                        },
                        "csl-stdin");
        writer.setDaemon(true);
        writer.start();
    }

    private static Thread startReader(CappedStream stream, String name) {
        Thread thread = new Thread(stream, name);
        // A grandchild that keeps the pipe open must not keep csl alive.
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private static void join(Thread reader) {
        try {
            // A daemon left behind by the command may hold the pipe open: do not wait for it.
            reader.join(KILL_GRACE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long millisSince(long start) {
        return (System.nanoTime() - start) / 1_000_000;
    }
}
