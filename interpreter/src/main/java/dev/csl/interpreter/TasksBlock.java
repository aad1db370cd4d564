package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Operation;
import dev.csl.grammar.Tasks;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A TASKS block, all or nothing (docs/language.md, "Execution"): with any refused operation none of
 * it runs; otherwise it runs inside a transaction of the workspace ({@code begin}, {@code commit},
 * {@code rollback}), and its first failure rolls back the operations before it and skips those
 * after it ({@code task_aborted}).
 */
final class TasksBlock {
    private final Workspace ws;
    private final InvalidOperations invalid;
    private final OperationDispatch dispatch;
    private final Cancellation cancellation;
    private final AuditLog audit;

    TasksBlock(
            Workspace ws,
            InvalidOperations invalid,
            OperationDispatch dispatch,
            Cancellation cancellation,
            AuditLog audit) {
        this.ws = ws;
        this.invalid = invalid;
        this.dispatch = dispatch;
        this.cancellation = cancellation;
        this.audit = audit;
    }

    OperationResult run(Tasks tasks, String task) {
        Instant start = Instant.now();
        long t0 = System.nanoTime();
        int refused = 0;
        for (Operation child : tasks.operations()) {
            if (invalid.refuses(child)) {
                refused++;
            }
        }
        if (refused > 0 || invalid.hasValidationErrors(tasks)) {
            OperationResult skipped = notRun(tasks, task, refused);
            audit.note(task, new AuditLog.Facts(start, 0, null, null, null));
            return skipped;
        }
        ws.begin();
        List<OperationResult> results = new ArrayList<>();
        List<Operation> children = tasks.operations();
        int failedAt = -1;
        for (int i = 0; i < children.size(); i++) {
            Operation child = children.get(i);
            String id = task + "." + (i + 1);
            // A cancelled request withdraws the block as a failing operation would.
            OperationResult r =
                    cancellation.requested()
                            ? dispatch.skipped(child, id, Cancellation.error())
                                    .withStatus(Status.ERROR, Cancellation.error())
                            : dispatch.run(child, id);
            results.add(r);
            if (!r.succeeded()) {
                failedAt = i;
                break;
            }
        }
        if (failedAt < 0) {
            ws.commit();
            audit.note(task, new AuditLog.Facts(start, AuditLog.millisSince(t0), null, null, null));
            return result(tasks, task, Status.OK, null, results, irreversibleNote(results));
        }
        OperationResult withdrawn = withdraw(tasks, task, results, failedAt);
        audit.note(task, new AuditLog.Facts(start, AuditLog.millisSince(t0), null, null, null));
        return withdrawn;
    }

    /** The block with refused operations: every one of them skipped, none run. */
    private OperationResult notRun(Tasks tasks, String task, int refused) {
        List<OperationResult> results = new ArrayList<>();
        int i = 0;
        for (Operation child : tasks.operations()) {
            String id = task + "." + (++i);
            ErrorInfo own = invalid.errorOf(child);
            results.add(
                    dispatch.skipped(
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
        ErrorInfo own = invalid.errorOf(tasks);
        ErrorInfo error =
                ErrorInfo.of(
                        ErrorCode.VALIDATION_ERROR,
                        "TASKS block skipped: "
                                + (refused == 1 ? "1 operation has" : refused + " operations have")
                                + " validation errors"
                                + (own != null ? " (" + own.message() + ")" : "")
                                + ". Nothing in it ran.",
                        "Fix the errors listed for its operations; a TASKS block runs only when all of them are valid.");
        return result(tasks, task, Status.SKIPPED, error, results, null);
    }

    /**
     * After the operation at {@code failedAt} failed: the transaction rolled back, the operations
     * before it marked rolled back, those after it skipped.
     */
    private OperationResult withdraw(
            Tasks tasks, String task, List<OperationResult> results, int failedAt) {
        List<String> problems = ws.rollback();
        OperationResult failed = results.get(failedAt);
        for (int i = 0; i < failedAt; i++) {
            results.set(i, results.get(i).withStatus(Status.ROLLED_BACK, null));
        }
        List<Operation> children = tasks.operations();
        for (int i = failedAt + 1; i < children.size(); i++) {
            results.add(
                    dispatch.skipped(
                            children.get(i),
                            task + "." + (i + 1),
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
        return result(tasks, task, Status.ERROR, error, results, irreversibleNote(results));
    }

    private static String rangeText(String task, int count) {
        return count == 1 ? task + ".1" : task + ".1-" + task + "." + count;
    }

    /** Names the operations that ran something csl cannot roll back, or null when none did. */
    private static String irreversibleNote(List<OperationResult> results) {
        List<String> tasks = new ArrayList<>();
        for (OperationResult r : results) {
            if (r.irreversible()) {
                tasks.add(r.task());
            }
        }
        if (tasks.isEmpty()) {
            return null;
        }
        return "Operation"
                + (tasks.size() == 1 ? " " : "s ")
                + String.join(", ", tasks)
                + " ran external commands or Node.js, whose side effects outside the files csl"
                + " tracks cannot be rolled back or undone.";
    }

    private static OperationResult result(
            Tasks tasks,
            String task,
            Status status,
            ErrorInfo error,
            List<OperationResult> results,
            String note) {
        return OperationResult.tasks(task, tasks.line(), status, error, results, note);
    }
}
