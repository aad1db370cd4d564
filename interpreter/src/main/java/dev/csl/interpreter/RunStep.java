package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Operation;
import dev.csl.grammar.Run;
import dev.csl.grammar.Tasks;
import dev.csl.runner.RunRequest;
import dev.csl.runner.RunSession;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The RUN blocks of one apply: before each, the workspace goes to disk (its commands see every
 * earlier WRITE); the apply's one {@link RunSession} opens at the first RUN and closes with this;
 * each block's {@link RunOutcome} becomes its result. A dry run checks each block as a real apply
 * would before running it, and runs nothing.
 */
final class RunStep implements AutoCloseable {
    private final Workspace ws;
    private final boolean dryRun;
    private final RunSessionFactory runners;
    private final RunnerConfig config;
    private final AuditLog audit;
    private RunSession session;
    private boolean checkedBefore;

    /**
     * @param early the session opened (and {@link RunSession#prepare prepared}) before the apply's
     *     first operation, or {@code null} to open one at the first RUN
     */
    RunStep(
            Workspace ws,
            boolean dryRun,
            RunSessionFactory runners,
            RunnerConfig config,
            AuditLog audit,
            RunSession early) {
        this.ws = ws;
        this.dryRun = dryRun;
        this.runners = runners;
        this.config = config;
        this.audit = audit;
        this.session = early;
    }

    /**
     * True when {@code operations} hold a RUN of commands (not a {@code lang} program), whose
     * worker JVM an apply starts before its first operation (see {@link RunSession#prepare}).
     */
    static boolean wantsWorker(List<Operation> operations) {
        for (Operation op : operations) {
            if (op instanceof Run r && r.attributes().get("lang").isEmpty()
                    || op instanceof Tasks t && wantsWorker(t.operations())) {
                return true;
            }
        }
        return false;
    }

    OperationResult run(Run run, String task) {
        Instant start = Instant.now();
        long t0 = System.nanoTime();
        String content = run.content();
        if (dryRun) {
            RunFailure refusal = checkOnly(run);
            audit.note(
                    task, new AuditLog.Facts(start, AuditLog.millisSince(t0), content, null, null));
            if (refusal != null) {
                return result(run, task, new RunOutcome(List.of(), refusal, null, false));
            }
            checkedBefore = true;
            return OperationResult.checkedInDryRun(task, run.line());
        }
        RunOutcome outcome = runOnDisk(run);
        List<CommandResult> commands = outcome.commands();
        Integer exit = commands.isEmpty() ? null : commands.get(commands.size() - 1).exitCode();
        audit.note(
                task,
                new AuditLog.Facts(
                        start, AuditLog.millisSince(t0), content, outcome.sandboxLayer(), exit));
        return result(run, task, outcome);
    }

    /**
     * Checks the block as a real apply would before running it, and runs nothing
     * (docs/interpreter.md). A {@code dir} that does not exist yet passes when an earlier operation
     * of this dry run makes it: a WRITE below it, or a RUN that was checked and not run (its mkdir
     * could).
     */
    private RunFailure checkOnly(Run run) {
        try {
            return session().check(request(run), dir -> checkedBefore || ws.holdsBelow(dir));
        } catch (RuntimeException e) {
            return runnerFailed(e);
        }
    }

    private RunSession session() {
        if (session == null) {
            session = runners.open(config);
        }
        return session;
    }

    private RunRequest request(Run run) {
        return new RunRequest(
                run.content(),
                run.attributes().get("dir").orElse(null),
                run.attributes().get("lang").orElse(null),
                timeoutOf(run),
                ws.recorder(),
                ws.budget().writes());
    }

    private static RunFailure runnerFailed(RuntimeException e) {
        return new RunFailure(
                ErrorCode.IO_ERROR,
                "The command runner failed: " + e.getMessage(),
                "Try again; if it keeps failing, run csl doctor.",
                Map.of());
    }

    /** Runs the block after a flush; the workspace forgets what it loaded (the disk may differ). */
    private RunOutcome runOnDisk(Run run) {
        ws.touchDisk();
        ws.flush();
        try {
            return session().run(request(run));
        } catch (RuntimeException e) {
            return new RunOutcome(List.of(), runnerFailed(e), "none", false);
        } finally {
            ws.forget();
        }
    }

    private OperationResult result(Run run, String task, RunOutcome outcome) {
        ErrorInfo error = null;
        if (outcome.failure() != null) {
            RunFailure f = outcome.failure();
            error = new ErrorInfo(f.code(), f.message(), f.hint(), f.details());
        }
        return OperationResult.ran(
                task,
                run.line(),
                error,
                outcome.commands(),
                outcome.sandboxLayer(),
                outcome.irreversible(),
                outcome.notes());
    }

    private static Integer timeoutOf(Run run) {
        String t = run.attributes().getOr("timeout", null);
        if (t == null) {
            return null;
        }
        try {
            return Integer.valueOf(t.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    public void close() {
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
