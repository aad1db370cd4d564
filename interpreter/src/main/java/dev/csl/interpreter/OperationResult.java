package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.csl.runner.base.CommandResult;
import java.util.List;

/**
 * The result of one operation in {@code csl apply --json} (SPEC §5).
 *
 * @param task "1", "2", ... at top level, "2.1" inside TASKS
 * @param type WRITE, SEARCH, RUN or TASKS
 * @param line line of the opening marker
 * @param file the {@code file} attribute as written (WRITE, SEARCH)
 * @param status the outcome
 * @param error why it failed or was skipped, or null
 * @param action what a WRITE did: created, replaced, appended, unchanged
 * @param lines lines in the written content (WRITE)
 * @param replaced matches replaced (SEARCH)
 * @param diff unified diff of the change (dry run)
 * @param commands the commands of a RUN
 * @param sandbox the sandbox layer RUN commands ran in
 * @param note what the user should know (irreversible side effects, dry run)
 * @param results the operations of a TASKS block
 * @param warnings what it did that was probably not meant (SPEC §1.7), or null when nothing
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"task", "type", "line", "file", "status", "error"})
public record OperationResult(
        String task,
        String type,
        int line,
        String file,
        Status status,
        ErrorInfo error,
        String action,
        Integer lines,
        Integer replaced,
        String diff,
        List<CommandResult> commands,
        String sandbox,
        String note,
        List<OperationResult> results,
        List<Warning> warnings) {

    public OperationResult {
        commands = commands == null ? null : List.copyOf(commands);
        results = results == null ? null : List.copyOf(results);
        warnings = warnings == null || warnings.isEmpty() ? null : List.copyOf(warnings);
    }

    /** Without warnings. */
    public OperationResult(
            String task,
            String type,
            int line,
            String file,
            Status status,
            ErrorInfo error,
            String action,
            Integer lines,
            Integer replaced,
            String diff,
            List<CommandResult> commands,
            String sandbox,
            String note,
            List<OperationResult> results) {
        this(
                task, type, line, file, status, error, action, lines, replaced, diff, commands,
                sandbox, note, results, null);
    }

    /** A result without any of the optional parts. */
    public static OperationResult simple(
            String task, String type, int line, String file, Status status, ErrorInfo error) {
        return new OperationResult(
                task, type, line, file, status, error, null, null, null, null, null, null, null,
                null);
    }

    /** True when this result and, for TASKS, every child succeeded. */
    public boolean succeeded() {
        return status.succeeded();
    }

    public OperationResult withStatus(Status newStatus, ErrorInfo newError) {
        return new OperationResult(
                task, type, line, file, newStatus, newError, action, lines, replaced, diff,
                commands, sandbox, note, results, warnings);
    }

    public OperationResult withNote(String newNote) {
        return new OperationResult(
                task, type, line, file, status, error, action, lines, replaced, diff, commands,
                sandbox, newNote, results, warnings);
    }

    public OperationResult withWarnings(List<Warning> newWarnings) {
        return new OperationResult(
                task,
                type,
                line,
                file,
                status,
                error,
                action,
                lines,
                replaced,
                diff,
                commands,
                sandbox,
                note,
                results,
                newWarnings);
    }
}
