package dev.csl.interpreter;

import dev.csl.grammar.Operation;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.ValidationError;
import dev.csl.runner.RunSession;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.base.RunnerConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs the operations of one answer in order (docs/language.md, "Execution"): each top-level
 * operation on its own ({@link OperationDispatch}), a TASKS block as a transaction ({@link
 * TasksBlock}), RUN blocks in the apply's run session ({@link RunStep}, closed with this); once the
 * request is cancelled, the rest is skipped. One instance per apply.
 */
final class Execution implements AutoCloseable {
    private final OperationDispatch dispatch;
    private final TasksBlock tasksBlocks;
    private final RunStep runs;
    private final Cancellation cancellation;
    private final AtomicAnswer atomic;

    /**
     * {@code dryRun}: this pass changes nothing (also the first pass of {@code --expect-plan});
     * {@code options}: {@code --fuzzy}, {@code --strict} and cancellation; {@code likely}: the
     * operations refused as likely mistakes and the warnings of the rest; {@code early}: the run
     * session already opened and prepared, or {@code null}.
     */
    Execution(
            Workspace ws,
            boolean dryRun,
            ApplyOptions options,
            List<ValidationError> validationErrors,
            LikelyMistakes likely,
            RunSessionFactory runners,
            RunnerConfig runnerConfig,
            AuditLog audit,
            RunSession early) {
        InvalidOperations invalid = new InvalidOperations(validationErrors, likely.refused());
        this.cancellation = new Cancellation(options.cancelled());
        this.runs = new RunStep(ws, dryRun, runners, runnerConfig, audit, early);
        this.dispatch =
                new OperationDispatch(
                        ws,
                        dryRun,
                        invalid,
                        likely.warnings(),
                        runs,
                        audit,
                        options.fuzzyWhitespace(),
                        options.strict());
        this.tasksBlocks = new TasksBlock(ws, invalid, dispatch, cancellation, audit);
        this.atomic =
                options.atomic()
                        ? new AtomicAnswer(invalid, dispatch, tasksBlocks, cancellation)
                        : null;
    }

    /** With {@code --atomic}, up to the first failure only (see {@link AtomicAnswer}). */
    List<OperationResult> runAll(List<Operation> operations) {
        if (atomic != null) {
            return atomic.run(operations);
        }
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
