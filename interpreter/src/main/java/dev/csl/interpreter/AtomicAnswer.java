package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Operation;
import dev.csl.grammar.Tasks;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --atomic}: the whole answer as one transaction, as a TASKS block is one. With any refused
 * operation nothing runs; otherwise the operations run in order until the first failure, and the
 * rest are skipped ({@code task_aborted}). {@link #withdraw} then marks what ran as rolled back;
 * the interpreter has put its file changes back by then: changes still in memory are dropped, and
 * what reached the disk (before a RUN, or by a built-in command) comes back from the apply's
 * journal. What external commands and Node.js scripts changed is not in the journal and stays: the
 * message says so when one ran.
 */
final class AtomicAnswer {
    private final InvalidOperations invalid;
    private final OperationDispatch dispatch;
    private final TasksBlock tasksBlocks;
    private final Cancellation cancellation;

    AtomicAnswer(
            InvalidOperations invalid,
            OperationDispatch dispatch,
            TasksBlock tasksBlocks,
            Cancellation cancellation) {
        this.invalid = invalid;
        this.dispatch = dispatch;
        this.tasksBlocks = tasksBlocks;
        this.cancellation = cancellation;
    }

    /** The results of the answer's operations, run until the first one fails. */
    List<OperationResult> run(List<Operation> operations) {
        String refused = firstRefused(operations);
        List<OperationResult> results = new ArrayList<>();
        String failed = null;
        int n = 0;
        for (Operation op : operations) {
            String task = Integer.toString(++n);
            if (refused != null) {
                // A refused operation reports its own error (run() skips it); the rest wait.
                results.add(
                        refuses(op)
                                ? runOne(op, task)
                                : notRun(
                                        op,
                                        task,
                                        "Not run: with --atomic the answer runs only when every"
                                                + " operation is valid, and operation "
                                                + refused
                                                + " is not.",
                                        "Fix operation "
                                                + refused
                                                + " and send the answer again."));
            } else if (failed != null) {
                results.add(
                        notRun(
                                op,
                                task,
                                "Not run: operation "
                                        + failed
                                        + " failed, and --atomic withdraws the whole answer.",
                                "Fix operation " + failed + " and send the whole answer again."));
            } else if (cancellation.requested()) {
                // A cancelled request withdraws the answer as a failing operation would.
                results.add(
                        op instanceof Tasks t
                                ? OperationResult.tasks(
                                        task,
                                        t.line(),
                                        Status.ERROR,
                                        Cancellation.error(),
                                        List.of(),
                                        null)
                                : dispatch.skipped(op, task, Cancellation.error())
                                        .withStatus(Status.ERROR, Cancellation.error()));
                failed = task;
            } else {
                OperationResult r = runOne(op, task);
                results.add(r);
                if (!r.succeeded()) {
                    failed = task;
                }
            }
        }
        return results;
    }

    private OperationResult runOne(Operation op, String task) {
        return op instanceof Tasks t ? tasksBlocks.run(t, task) : dispatch.run(op, task);
    }

    private OperationResult notRun(Operation op, String task, String message, String hint) {
        ErrorInfo error = ErrorInfo.of(ErrorCode.TASK_ABORTED, message, hint);
        return op instanceof Tasks t
                ? OperationResult.tasks(task, t.line(), Status.SKIPPED, error, List.of(), null)
                : dispatch.skipped(op, task, error);
    }

    /** The number of the first operation refused before anything runs, or null. */
    private String firstRefused(List<Operation> operations) {
        for (int i = 0; i < operations.size(); i++) {
            if (refuses(operations.get(i))) {
                return Integer.toString(i + 1);
            }
        }
        return null;
    }

    private boolean refuses(Operation op) {
        if (invalid.refuses(op)) {
            return true;
        }
        if (op instanceof Tasks t) {
            return invalid.hasValidationErrors(t)
                    || t.operations().stream().anyMatch(invalid::refuses);
        }
        return false;
    }

    /** Whether any of {@code results} failed or was skipped: the answer is then withdrawn. */
    static boolean failed(List<OperationResult> results) {
        return !results.stream().allMatch(OperationResult::succeeded);
    }

    /** The results after a withdrawal, and the error of the answer as a whole. */
    record Withdrawn(List<OperationResult> results, ErrorInfo error) {}

    /**
     * Marks the operations that succeeded as rolled back and says what happened, as a TASKS block
     * says it; {@code problems}: changes that could not be put back ("path: why").
     */
    static Withdrawn withdraw(List<OperationResult> results, List<String> problems) {
        OperationResult failed = null;
        List<String> undone = new ArrayList<>();
        List<String> irreversible = new ArrayList<>();
        List<OperationResult> marked = new ArrayList<>();
        for (OperationResult r : results) {
            collectIrreversible(r, irreversible);
            if (r.succeeded()) {
                marked.add(rolledBack(r));
                undone.add(r.task());
            } else {
                // The cause, not an operation that waited for it (task_aborted).
                if (failed == null || aborted(failed) && !aborted(r)) {
                    failed = r;
                }
                marked.add(r);
            }
        }
        if (failed == null) {
            return new Withdrawn(results, null); // nothing failed: nothing to withdraw
        }
        StringBuilder message = new StringBuilder("Operation ").append(failed.task());
        if (failed.status() == Status.SKIPPED) {
            message.append(" was refused, so none of the answer ran (--atomic).");
        } else {
            message.append(" failed, so the whole answer was withdrawn (--atomic): none of its")
                    .append(" file changes remains applied.");
        }
        if (!undone.isEmpty()) {
            message.append(" The changes of ")
                    .append(String.join(", ", undone))
                    .append(" were undone.");
        }
        if (!irreversible.isEmpty()) {
            message.append(" Not rolled back: what the external commands or Node.js scripts of ")
                    .append(String.join(", ", irreversible))
                    .append(" changed themselves (csl rolls back its own file operations only).");
        }
        if (!problems.isEmpty()) {
            message.append(" Some changes could not be restored: ")
                    .append(String.join("; ", problems));
        }
        ErrorInfo cause = failed.error();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("failedTask", failed.task());
        if (!problems.isEmpty()) {
            details.put("notRestored", List.copyOf(problems));
        }
        ErrorInfo error =
                new ErrorInfo(
                        cause == null ? ErrorCode.IO_ERROR : cause.code(),
                        message.toString(),
                        cause == null ? "" : cause.hint(),
                        details);
        return new Withdrawn(marked, error);
    }

    private static boolean aborted(OperationResult r) {
        return r.error() != null && r.error().code() == ErrorCode.TASK_ABORTED;
    }

    /** {@code r} and, for TASKS, its operations, rolled back. */
    private static OperationResult rolledBack(OperationResult r) {
        if (r.results() == null) {
            return r.withStatus(Status.ROLLED_BACK, null);
        }
        List<OperationResult> children = new ArrayList<>();
        for (OperationResult child : r.results()) {
            children.add(child.succeeded() ? rolledBack(child) : child);
        }
        return r.withResults(children, Status.ROLLED_BACK);
    }

    private static void collectIrreversible(OperationResult r, List<String> into) {
        if (r.irreversible()) {
            into.add(r.task());
        }
        if (r.results() != null) {
            for (OperationResult child : r.results()) {
                collectIrreversible(child, into);
            }
        }
    }
}
