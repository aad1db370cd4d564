package dev.csl.interpreter;

import dev.csl.grammar.Operation;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.ValidationError;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.base.RunnerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Runs the operations of one answer in order (SPEC §2): each top-level operation on its own ({@link
 * OperationDispatch}), a TASKS block as a transaction ({@link TasksBlock}), RUN blocks in the
 * apply's run session ({@link RunStep}, closed with this); once the request is cancelled, the rest
 * is skipped. One instance per apply.
 */
final class Execution implements AutoCloseable {
    private final OperationDispatch dispatch;
    private final TasksBlock tasksBlocks;
    private final RunStep runs;
    private final Cancellation cancellation = new Cancellation();

    /** {@code likely}: the operations refused as likely mistakes and the warnings of the rest. */
    Execution(
            Workspace ws,
            boolean dryRun,
            List<ValidationError> validationErrors,
            LikelyMistakes likely,
            RunSessionFactory runners,
            RunnerConfig runnerConfig,
            AuditLog audit) {
        InvalidOperations invalid = new InvalidOperations(validationErrors, likely.refused());
        this.runs = new RunStep(ws, dryRun, runners, runnerConfig, audit);
        this.dispatch = new OperationDispatch(ws, dryRun, invalid, likely.warnings(), runs, audit);
        this.tasksBlocks = new TasksBlock(ws, invalid, dispatch, cancellation, audit);
    }

    /** {@code --fuzzy=whitespace}: SEARCH tolerates indentation drift (refused when strict). */
    void fuzzyWhitespace(boolean fuzzy, boolean strictMode) {
        dispatch.fuzzyWhitespace(fuzzy, strictMode);
    }

    void cancelledWhen(BooleanSupplier value) {
        cancellation.when(value);
    }

    List<OperationResult> runAll(List<Operation> operations) {
        List<OperationResult> results = new ArrayList<>();
        int n = 0;
        for (Operation op : operations) {
            String task = Integer.toString(++n);
            if (cancellation.requested()) {
                results.add(
                        op instanceof Tasks t
                                ? OperationResult.tasks(
                                        task,
                                        t.line(),
                                        Status.SKIPPED,
                                        Cancellation.error(),
                                        List.of(),
                                        null)
                                : dispatch.skipped(op, task, Cancellation.error()));
            } else {
                results.add(
                        op instanceof Tasks t ? tasksBlocks.run(t, task) : dispatch.run(op, task));
            }
        }
        return results;
    }

    @Override
    public void close() {
        runs.close();
    }
}
