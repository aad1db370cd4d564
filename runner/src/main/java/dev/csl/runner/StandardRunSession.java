package dev.csl.runner;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.WriteBudget;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.ExternalCommands;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.external.ExternalCommandsFactory;
import dev.csl.runner.sandbox.ConfineLauncher;
import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.Protocol;
import dev.csl.runner.worker.WorkerBudget;
import dev.csl.runner.worker.WorkerReply;
import dev.csl.runner.worker.WorkerRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The runner session of one apply: checks each RUN block whole, then runs its commands in order —
 * built-ins in the session's worker JVM ({@link SessionWorker}), the rest through {@link
 * ExternalCommands} — stopping at the first failure.
 */
final class StandardRunSession implements RunSession {
    private static final Set<String> NODE = Set.of("node", "js", "javascript");

    private final RunnerConfig config;
    private final CommandTable table;
    private final WorkerSource workers;
    private GuardedFiles guard;
    private ExternalCommands external;
    private ExternalCommands checking;
    private Sandbox sandbox;
    private SessionWorker worker;
    private long nextId;
    private boolean closed;

    StandardRunSession(RunnerConfig config, WorkerSource workers) {
        this(config, workers, CommandTable.builtins());
    }

    StandardRunSession(RunnerConfig config, WorkerSource workers, CommandTable table) {
        this.config = config;
        this.table = table;
        this.workers = workers;
    }

    /**
     * Starts the worker now, on the caller's thread: a worker under bubblewrap's {@code
     * --die-with-parent} lives only as long as the thread that started it, so it is never started
     * from a short-lived one.
     */
    @Override
    public synchronized void prepare() {
        if (!closed && !worker().started()) {
            ConfineLauncher.startInBackground(); // while the worker's command is worked out
            Protocol.warmUpInBackground(); // ready to read the worker's first reply
            worker().startEarly(config.workingDir(), Sandbox.assumedBubblewrap(config));
        }
    }

    @Override
    public synchronized RunOutcome run(RunRequest request) {
        boolean node = isNode(request);
        if (!worker().started() && !node) {
            // the JVM boots while the block is checked
            worker().startEarly(config.workingDir(), Sandbox.assumedBubblewrap(config));
        }
        Checked checked = check(request, this::external, dir -> false);
        if (checked.failure() != null) {
            return refused(checked.failure());
        }
        if (node) {
            return external().runNode(request.content(), checked.base().base(), checked.timeout());
        }
        return execute(checked.steps(), checked.base(), checked.timeout(), request);
    }

    /**
     * Checks as {@link #run} does before running anything, with external commands that never ask
     * anyone and a sandbox that is only probed when {@code --sandbox required} makes its absence a
     * refusal: no worker JVM and no other process is started.
     */
    @Override
    public synchronized RunFailure check(RunRequest request, Predicate<Path> madeEarlier) {
        Checked checked = check(request, this::checking, madeEarlier);
        if (checked.failure() != null || !isNode(request)) {
            return checked.failure();
        }
        return checking().checkNode(checked.base().base());
    }

    /** The external commands of checks alone, made at the first line that needs them. */
    private ExternalCommands checking() {
        if (checking == null) {
            checking = ExternalCommandsFactory.forChecking(config);
        }
        return checking;
    }

    /**
     * A block checked whole: its steps (none for Node), the guard at its {@code dir} and its
     * timeout; or the failure that refuses it.
     */
    private record Checked(List<Step> steps, GuardedFiles base, int timeout, RunFailure failure) {
        static Checked refused(RunFailure failure) {
            return new Checked(List.of(), null, 0, failure);
        }
    }

    private Checked check(
            RunRequest request, Supplier<ExternalCommands> commands, Predicate<Path> madeEarlier) {
        GuardedFiles root;
        try {
            root = guard();
        } catch (IOException e) {
            return Checked.refused(
                    Failures.of(
                            ErrorCode.INVALID_WORKING_DIRECTORY,
                            "The working directory "
                                    + config.workingDir()
                                    + " cannot be used: "
                                    + e.getMessage(),
                            "run csl in (or with -C) an existing project directory"));
        }
        GuardedFiles base = root;
        String pendingDir = null;
        if (request.dir() != null) {
            try {
                base = root.withBase(request.dir());
            } catch (GuardException e) {
                pendingDir = pendingDir(root, request.dir(), e, madeEarlier);
                if (pendingDir == null) {
                    return Checked.refused(Failures.badDir(request.dir(), e));
                }
            }
        }
        int timeout =
                Math.max(
                        1,
                        request.timeoutSeconds() != null
                                ? request.timeoutSeconds()
                                : config.defaultTimeoutSeconds());
        if (isNode(request)) {
            return new Checked(List.of(), base, timeout, null);
        }
        Path dir = pendingDir == null ? base.base() : root.root().resolve(pendingDir);
        BlockPlanner.Plan plan =
                new BlockPlanner(table, base, commands, dir, pendingDir).plan(request.content());
        if (plan.failure() != null) {
            return Checked.refused(plan.failure());
        }
        return new Checked(plan.steps(), base, timeout, null);
    }

    /**
     * The {@code dir} of a block checked in a dry run that does not exist yet but that an earlier
     * operation makes ({@code madeEarlier}), relative to the root; {@code null} when the dir is
     * refused as it is.
     */
    private static String pendingDir(
            GuardedFiles root, String dir, GuardException e, Predicate<Path> madeEarlier) {
        if (e.code() != ErrorCode.FILE_NOT_FOUND) {
            return null;
        }
        try {
            Path resolved = root.resolveForRead(dir);
            if (!madeEarlier.test(resolved) || resolved.equals(root.root())) {
                return null;
            }
            return root.root().relativize(resolved).toString();
        } catch (GuardException refused) {
            return null;
        }
    }

    private static boolean isNode(RunRequest request) {
        return request.lang() != null && NODE.contains(request.lang());
    }

    private RunOutcome execute(
            List<Step> steps, GuardedFiles base, int timeout, RunRequest request) {
        List<CommandResult> results = new ArrayList<>();
        boolean irreversible = false;
        boolean externalRan = false;
        RunFailure failure = null;
        List<String> notes = new ArrayList<>();
        for (Step step : steps) {
            CommandOutcome outcome;
            if (step instanceof Step.Builtin b) {
                outcome = runBuiltin(b, base, timeout, request.recorder(), request.budget());
            } else {
                Step.External e = (Step.External) step;
                outcome =
                        e.git()
                                ? external().runGit(e.argv(), base.base(), timeout)
                                : external().run(e.argv(), base.base(), timeout);
                irreversible |= !e.git();
                externalRan = true;
            }
            if (outcome.result() != null) {
                results.add(outcome.result());
                if (outcome.ok() && step instanceof Step.Builtin b) {
                    String note = ExitAnswers.noteFor(b, outcome.result().exitCode());
                    if (note != null) {
                        notes.add(note);
                    }
                }
            }
            if (!outcome.ok()) {
                failure = outcome.failure();
                break;
            }
        }
        String layer = externalRan ? external().sandboxLayer() : sandbox().layer();
        return new RunOutcome(results, failure, layer, irreversible, notes);
    }

    private CommandOutcome runBuiltin(
            Step.Builtin step,
            GuardedFiles base,
            int timeout,
            ChangeRecorder recorder,
            WriteBudget budget) {
        // Recording runs in csl's own JVM: it shares the command's timeout with the worker's run.
        Deadline deadline = Deadline.in(timeout * 1000L);
        try {
            for (Path target : ChangeTargets.of(step.spec(), step.invocation(), base)) {
                recorder.willChange(target, deadline);
            }
        } catch (Deadline.Passed e) {
            return new CommandOutcome(
                    new CommandResult(step.text(), -1, "", "", timeout * 1000L),
                    Failures.recordingTimeout(step.text(), timeout));
        } catch (IOException e) {
            return new CommandOutcome(
                    new CommandResult(step.text(), -1, "", "", 0),
                    Failures.of(
                            ErrorCode.IO_ERROR,
                            "Could not record the state before '"
                                    + step.text()
                                    + "', so it did not run: "
                                    + e.getMessage(),
                            "check that .csl/ in the working directory is writable"));
        }
        RunFailure noSandbox = sandbox().refusal("'" + step.text() + "'");
        if (noSandbox != null) {
            return new CommandOutcome(new CommandResult(step.text(), -1, "", "", 0), noSandbox);
        }
        WorkerProcess w;
        try {
            w = worker().forRoot(guard.root());
        } catch (IOException e) {
            return new CommandOutcome(
                    new CommandResult(step.text(), -1, "", "", 0),
                    Failures.of(
                            ErrorCode.IO_ERROR,
                            "Could not start the worker JVM for '"
                                    + step.text()
                                    + "': "
                                    + e.getMessage(),
                            "run csl doctor to check the Java installation"));
        }
        WorkerRequest request =
                new WorkerRequest(
                        ++nextId,
                        guard.root().toString(),
                        base.base().toString(),
                        config.outputCapBytes(),
                        step.invocation(),
                        WorkerBudget.of(budget));
        long started = System.nanoTime();
        WorkerProcess.Result result = worker().call(w, request, deadline.remainingMillis());
        long ms = (System.nanoTime() - started) / 1_000_000;
        if (result instanceof WorkerProcess.Result.Replied r) {
            WorkerReply reply = r.reply();
            budget.spent(reply.wroteBytes(), reply.wroteFiles());
            if (reply.fatal() != null) {
                return new CommandOutcome(
                        new CommandResult(step.text(), -1, reply.stdout(), reply.stderr(), ms),
                        Failures.outOfMemory(step.text(), WorkerLauncher.HEAP_MB));
            }
            CommandResult cr =
                    new CommandResult(
                            step.text(), reply.exitCode(), reply.stdout(), reply.stderr(), ms);
            if (reply.limit() != null) {
                return new CommandOutcome(cr, Failures.limit(step.text(), reply));
            }
            if (reply.exitCode() == 0 || ExitAnswers.noteFor(step, reply.exitCode()) != null) {
                return new CommandOutcome(cr, null);
            }
            return new CommandOutcome(cr, Failures.commandFailed(step, reply));
        }
        CommandResult cr = new CommandResult(step.text(), -1, "", "", ms);
        if (result instanceof WorkerProcess.Result.TimedOut) {
            return new CommandOutcome(cr, Failures.timeout(step.text(), timeout));
        }
        return new CommandOutcome(
                cr, Failures.crashed(step.text(), ((WorkerProcess.Result.Died) result).why()));
    }

    private GuardedFiles guard() throws IOException {
        if (guard == null) {
            guard = GuardedFiles.open(config.workingDir());
        }
        return guard;
    }

    private ExternalCommands external() {
        if (external == null) {
            external = ExternalCommandsFactory.create(config, workers.containers());
        }
        return external;
    }

    /** The OS sandbox, probed at the first block that runs (a check alone does not probe it). */
    private Sandbox sandbox() {
        if (sandbox == null) {
            sandbox = Sandbox.forConfig(config);
        }
        return sandbox;
    }

    private SessionWorker worker() {
        if (worker == null) {
            worker = new SessionWorker(workers, this::sandbox, config.context().environment());
        }
        return worker;
    }

    /** The worker now serving this session, if one was started (for tests). */
    WorkerProcess currentWorker() {
        return worker == null ? null : worker.current();
    }

    private RunOutcome refused(RunFailure failure) {
        return new RunOutcome(List.of(), failure, sandbox().layer(), false);
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (external != null) {
            external.close(); // the apply's warm containers
        }
        if (worker != null) {
            worker.close();
        }
    }
}
