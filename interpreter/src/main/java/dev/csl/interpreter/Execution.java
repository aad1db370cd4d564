package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Operation;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.ValidationError;
import dev.csl.grammar.Write;
import dev.csl.runner.RunRequest;
import dev.csl.runner.RunSession;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs the operations of one answer in order (SPEC §2): top-level operations independently, TASKS
 * blocks as transactions, invalid operations skipped. One instance per apply.
 */
final class Execution implements AutoCloseable {
    private final Workspace ws;
    private final boolean dryRun;
    private final Map<Integer, List<ValidationError>> errorsByLine = new LinkedHashMap<>();
    private final RunSessionFactory runners;
    private final RunnerConfig runnerConfig;
    private final AuditLog audit;
    private RunSession session;

    /** Tasks whose RUN ran external commands or Node.js: a TASKS block cannot roll those back. */
    private final java.util.Set<String> irreversibleRuns = new java.util.HashSet<>();

    private final Map<Integer, ErrorInfo> mistakes;
    private final Map<Integer, List<Warning>> warnings;
    private boolean fuzzyWhitespace;
    private boolean strict;

    private java.util.function.BooleanSupplier cancelled = () -> false;

    void cancelledWhen(java.util.function.BooleanSupplier value) {
        cancelled = value;
    }

    private ErrorInfo cancellation() {
        return ErrorInfo.of(
                ErrorCode.TASK_ABORTED,
                "Not run: the request was cancelled before this operation started.",
                "Send the operations again if they are still wanted.");
    }

    /** {@code --fuzzy=whitespace}: SEARCH tolerates indentation drift (refused when strict). */
    void fuzzyWhitespace(boolean fuzzy, boolean strictMode) {
        this.fuzzyWhitespace = fuzzy;
        this.strict = strictMode;
    }

    Execution(
            Workspace ws,
            boolean dryRun,
            List<ValidationError> validationErrors,
            RunSessionFactory runners,
            RunnerConfig runnerConfig,
            AuditLog audit) {
        this(ws, dryRun, validationErrors, Map.of(), runners, runnerConfig, audit);
    }

    /** As above; {@code mistakes} are operations refused as likely mistakes, by line. */
    Execution(
            Workspace ws,
            boolean dryRun,
            List<ValidationError> validationErrors,
            Map<Integer, ErrorInfo> mistakes,
            RunSessionFactory runners,
            RunnerConfig runnerConfig,
            AuditLog audit) {
        this(
                ws,
                dryRun,
                validationErrors,
                new LikelyMistakes(mistakes, Map.of()),
                runners,
                runnerConfig,
                audit);
    }

    /** As above, with the warnings of the operations that run anyway. */
    Execution(
            Workspace ws,
            boolean dryRun,
            List<ValidationError> validationErrors,
            LikelyMistakes likely,
            RunSessionFactory runners,
            RunnerConfig runnerConfig,
            AuditLog audit) {
        this.mistakes = likely.refused();
        this.warnings = likely.warnings();
        this.ws = ws;
        this.dryRun = dryRun;
        this.runners = runners;
        this.runnerConfig = runnerConfig;
        this.audit = audit;
        for (ValidationError e : validationErrors) {
            errorsByLine.computeIfAbsent(e.line(), l -> new ArrayList<>()).add(e);
        }
    }

    List<OperationResult> runAll(List<Operation> operations) {
        List<OperationResult> results = new ArrayList<>();
        int n = 0;
        for (Operation op : operations) {
            String task = Integer.toString(++n);
            if (cancelled.getAsBoolean()) {
                results.add(
                        op instanceof Tasks t
                                ? tasksResult(
                                        t, task, Status.SKIPPED, cancellation(), List.of(), null)
                                : skipped(op, task, cancellation()));
                continue;
            }
            results.add(op instanceof Tasks t ? runTasks(t, task) : runOne(op, task));
        }
        return results;
    }

    private OperationResult runTasks(Tasks tasks, String task) {
        Instant start = Instant.now();
        long t0 = System.nanoTime();
        List<Operation> children = tasks.operations();
        List<OperationResult> results = new ArrayList<>();
        int invalid = 0;
        for (Operation child : children) {
            if (errorsByLine.containsKey(child.line()) || mistakes.containsKey(child.line())) {
                invalid++;
            }
        }
        if (invalid > 0 || errorsByLine.containsKey(tasks.line())) {
            int i = 0;
            for (Operation child : children) {
                String id = task + "." + (++i);
                ErrorInfo own = validationError(child);
                results.add(
                        skipped(
                                child,
                                id,
                                own != null
                                        ? own
                                        : ErrorInfo.of(
                                                ErrorCode.TASK_ABORTED,
                                                "Not run: the TASKS block at line "
                                                        + tasks.line()
                                                        + " has validation errors, so none of it ran.",
                                                "Fix the invalid operations of the block and send it again.")));
            }
            ErrorInfo own = validationError(tasks);
            ErrorInfo error =
                    ErrorInfo.of(
                            ErrorCode.VALIDATION_ERROR,
                            "TASKS block skipped: "
                                    + (invalid == 1
                                            ? "1 operation has"
                                            : invalid + " operations have")
                                    + " validation errors"
                                    + (own != null ? " (" + own.message() + ")" : "")
                                    + ". Nothing in it ran.",
                            "Fix the errors listed for its operations; a TASKS block runs only when all of them are valid.");
            audit.note(task, new AuditLog.Facts(start, 0, null, null, null));
            return tasksResult(tasks, task, Status.SKIPPED, error, results, null);
        }
        ws.begin();
        int failedAt = -1;
        List<String> irreversible = new ArrayList<>();
        for (int i = 0; i < children.size(); i++) {
            Operation child = children.get(i);
            String id = task + "." + (i + 1);
            // A cancelled request withdraws the block as a failing operation would.
            OperationResult r =
                    cancelled.getAsBoolean()
                            ? skipped(child, id, cancellation())
                                    .withStatus(Status.ERROR, cancellation())
                            : runOne(child, id);
            results.add(r);
            if (irreversibleRuns.contains(id)) {
                irreversible.add(id);
            }
            if (!r.succeeded()) {
                failedAt = i;
                break;
            }
        }
        if (failedAt < 0) {
            ws.commit();
            audit.note(task, new AuditLog.Facts(start, millisSince(t0), null, null, null));
            return tasksResult(
                    tasks, task, Status.OK, null, results, irreversibleNote(irreversible));
        }
        List<String> problems = ws.rollback();
        OperationResult failed = results.get(failedAt);
        for (int i = 0; i < failedAt; i++) {
            results.set(i, results.get(i).withStatus(Status.ROLLED_BACK, null));
        }
        for (int i = failedAt + 1; i < children.size(); i++) {
            Operation child = children.get(i);
            String id = task + "." + (i + 1);
            results.add(
                    skipped(
                            child,
                            id,
                            ErrorInfo.of(
                                    ErrorCode.TASK_ABORTED,
                                    "Not run: operation "
                                            + failed.task()
                                            + " of this TASKS block failed"
                                            + " and the block was withdrawn.",
                                    "Fix operation "
                                            + failed.task()
                                            + " and send the whole TASKS block again.")));
        }
        String restored =
                failedAt == 0
                        ? ""
                        : " The changes of " + rangeText(task, failedAt) + " were undone.";
        String message =
                "Operation "
                        + failed.task()
                        + " failed, so the TASKS block was withdrawn: nothing in it"
                        + " remains applied."
                        + restored
                        + (problems.isEmpty()
                                ? ""
                                : " Some changes could not be restored: "
                                        + String.join("; ", problems));
        ErrorInfo error =
                new ErrorInfo(
                        failed.error() == null ? ErrorCode.IO_ERROR : failed.error().code(),
                        message,
                        failed.error() == null ? "" : failed.error().hint(),
                        Map.of("failedTask", failed.task()));
        audit.note(task, new AuditLog.Facts(start, millisSince(t0), null, null, null));
        return tasksResult(
                tasks, task, Status.ERROR, error, results, irreversibleNote(irreversible));
    }

    private static String rangeText(String task, int count) {
        return count == 1 ? task + ".1" : task + ".1-" + task + "." + count;
    }

    private static String irreversibleNote(List<String> tasks) {
        if (tasks.isEmpty()) {
            return null;
        }
        return "Operation"
                + (tasks.size() == 1 ? " " : "s ")
                + String.join(", ", tasks)
                + " ran external commands or Node.js, whose side effects outside the files csl"
                + " tracks cannot be rolled back or undone.";
    }

    private static OperationResult tasksResult(
            Tasks tasks,
            String task,
            Status status,
            ErrorInfo error,
            List<OperationResult> results,
            String note) {
        return new OperationResult(
                task,
                "TASKS",
                tasks.line(),
                null,
                status,
                error,
                null,
                null,
                null,
                null,
                null,
                null,
                note,
                results);
    }

    private OperationResult skipped(Operation op, String task, ErrorInfo error) {
        audit.note(task, new AuditLog.Facts(Instant.now(), 0, subject(op), null, null));
        return OperationResult.simple(
                task, op.type(), op.line(), fileOf(op), Status.SKIPPED, error);
    }

    /** Names models use for the file attribute by mistake. */
    private static final List<String> FILE_ALIASES = UnknownAttributes.aliasesOf("file");

    /** For a missing file: the unknown attribute that probably meant it ({@code path=}). */
    private static String probablyMeantFile(Operation op, List<String> messages) {
        if (!messages.contains("Missing required attribute 'file'")) {
            return "";
        }
        for (String alias : FILE_ALIASES) {
            String value = op.attributes().getOr(alias, null);
            if (value != null) {
                return " It has the unknown attribute "
                        + alias
                        + "=\""
                        + value
                        + "\": did you mean file=\""
                        + value
                        + "\"?";
            }
        }
        return "";
    }

    private ErrorInfo validationError(Operation op) {
        if (mistakes.containsKey(op.line())) {
            return mistakes.get(op.line());
        }
        List<ValidationError> errors = errorsByLine.get(op.line());
        if (errors == null) {
            return null;
        }
        List<String> messages = new ArrayList<>();
        Map<String, Object> details = new LinkedHashMap<>();
        for (ValidationError e : errors) {
            messages.add(e.error());
            if (e.field() != null && !details.containsKey("field")) {
                details.put("field", e.field());
            }
        }
        if (errors.size() > 1) {
            details.put("errors", messages);
        }
        return new ErrorInfo(
                ErrorCode.VALIDATION_ERROR,
                String.join("; ", messages),
                "Fix the "
                        + op.type()
                        + " at line "
                        + op.line()
                        + " as the message says; it was not run."
                        + probablyMeantFile(op, messages),
                details);
    }

    private OperationResult runOne(Operation op, String task) {
        ErrorInfo invalid = validationError(op);
        if (invalid != null) {
            return skipped(op, task, invalid);
        }
        OperationResult result = runValid(op, task);
        List<Warning> own = warnings.get(op.line());
        if (own == null) {
            return result;
        }
        List<Warning> all = new ArrayList<>(own);
        if (result.warnings() != null) {
            all.addAll(result.warnings());
        }
        return result.withWarnings(all);
    }

    private OperationResult runValid(Operation op, String task) {
        Instant start = Instant.now();
        long t0 = System.nanoTime();
        if (op instanceof Run run) {
            return runCommands(run, task, start, t0);
        }
        Outcome outcome;
        try {
            outcome =
                    op instanceof Write w
                            ? WriteOp.run(ws, w, task)
                            : SearchOp.run(ws, (Search) op, task, fuzzyWhitespace, strict);
        } catch (OpFailure f) {
            outcome = Outcome.failed(f.error());
        }
        audit.note(task, new AuditLog.Facts(start, millisSince(t0), fileOf(op), null, null));
        String diff = null;
        if (dryRun && outcome.state() != null) {
            diff = Diffs.unified(fileOf(op), outcome.before(), outcome.state().current);
        }
        String note =
                outcome.status() == Status.NO_OP
                        ? "already applied: the replacement is in place"
                        : null;
        return new OperationResult(
                task,
                op.type(),
                op.line(),
                fileOf(op),
                outcome.status(),
                outcome.error(),
                "already applied".equals(outcome.action()) ? null : outcome.action(),
                outcome.lines(),
                outcome.replaced(),
                diff,
                null,
                null,
                note,
                null,
                outcome.warning() == null ? null : List.of(outcome.warning()));
    }

    private OperationResult runCommands(Run run, String task, Instant start, long t0) {
        String content = run.content();
        if (dryRun) {
            audit.note(task, new AuditLog.Facts(start, 0, content, null, null));
            return new OperationResult(
                    task,
                    "RUN",
                    run.line(),
                    null,
                    Status.OK,
                    null,
                    null,
                    null,
                    null,
                    null,
                    List.of(),
                    null,
                    "dry run: not run",
                    null);
        }
        ws.touchDisk();
        ws.flush();
        RunOutcome outcome;
        try {
            if (session == null) {
                session = runners.open(runnerConfig);
            }
            outcome =
                    session.run(
                            new RunRequest(
                                    content,
                                    run.attributes().get("dir").orElse(null),
                                    run.attributes().get("lang").orElse(null),
                                    timeoutOf(run),
                                    ws.recorder()));
        } catch (RuntimeException e) {
            outcome =
                    new RunOutcome(
                            List.of(),
                            new RunFailure(
                                    ErrorCode.IO_ERROR,
                                    "The command runner failed: " + e.getMessage(),
                                    "Try again; if it keeps failing, run csl doctor.",
                                    Map.of()),
                            "none",
                            false);
        } finally {
            ws.forget();
        }
        List<CommandResult> commands = outcome.commands();
        Integer exit = commands.isEmpty() ? null : commands.get(commands.size() - 1).exitCode();
        audit.note(
                task,
                new AuditLog.Facts(start, millisSince(t0), content, outcome.sandboxLayer(), exit));
        ErrorInfo error = null;
        if (outcome.failure() != null) {
            RunFailure f = outcome.failure();
            error = new ErrorInfo(f.code(), f.message(), f.hint(), f.details());
        }
        if (outcome.irreversible()) {
            irreversibleRuns.add(task);
        }
        String note =
                outcome.irreversible()
                        ? "Irreversible:"
                                + " external commands or Node.js ran; their side effects cannot be rolled back or undone by csl."
                        : null;
        return new OperationResult(
                task,
                "RUN",
                run.line(),
                null,
                error == null ? Status.OK : Status.ERROR,
                error,
                null,
                null,
                null,
                null,
                commands,
                outcome.sandboxLayer(),
                note,
                null);
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

    private static String fileOf(Operation op) {
        if (op instanceof Write w) {
            return w.file();
        }
        if (op instanceof Search s) {
            return s.file();
        }
        return null;
    }

    private static String subject(Operation op) {
        return op instanceof Run r ? r.content() : fileOf(op);
    }

    private static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** Applies save failures found when files were written to disk to the results. */
    static List<OperationResult> withSaveFailures(
            List<OperationResult> results, Map<String, ErrorInfo> failures) {
        if (failures.isEmpty()) {
            return results;
        }
        List<OperationResult> out = new ArrayList<>();
        for (OperationResult r : results) {
            OperationResult next = r;
            if (r.results() != null) {
                List<OperationResult> children = withSaveFailures(r.results(), failures);
                boolean failed = children.stream().anyMatch(c -> c.status() == Status.ERROR);
                next =
                        new OperationResult(
                                r.task(),
                                r.type(),
                                r.line(),
                                r.file(),
                                failed && r.status() == Status.OK ? Status.ERROR : r.status(),
                                r.error(),
                                r.action(),
                                r.lines(),
                                r.replaced(),
                                r.diff(),
                                r.commands(),
                                r.sandbox(),
                                r.note(),
                                children);
            }
            ErrorInfo f = failures.get(r.task());
            if (f != null && next.status().succeeded()) {
                next = next.withStatus(Status.ERROR, f);
            }
            out.add(next);
        }
        return out;
    }

    @Override
    public void close() {
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
