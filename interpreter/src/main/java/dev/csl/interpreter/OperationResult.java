package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.csl.runner.base.CommandResult;
import java.util.List;

/**
 * The result of one operation in {@code csl apply --json} (docs/json.md).
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
 * @param warnings what it did that was probably not meant (docs/language.md, "Likely mistakes"), or
 *     null when nothing
 * @param irreversible a RUN that ran external commands or Node.js, whose side effects csl cannot
 *     roll back or undo (not in the JSON, which says so in {@code note})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "task",
    "type",
    "line",
    "file",
    "status",
    "error",
    "action",
    "lines",
    "replaced",
    "diff",
    "commands",
    "sandbox",
    "sandboxLayer"
})
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
        List<Warning> warnings,
        @JsonIgnore boolean irreversible) {

    /** The note of every irreversible RUN. */
    public static final String IRREVERSIBLE_NOTE =
            "Irreversible: external commands or Node.js ran; their side effects cannot be rolled"
                    + " back or undone by csl.";

    /**
     * The layer again under the name the contract gives it ({@code sandboxLayer}); {@code sandbox}
     * stays for readers written before.
     */
    @com.fasterxml.jackson.annotation.JsonProperty("sandboxLayer")
    public String sandboxLayer() {
        return sandbox;
    }

    public OperationResult {
        commands = commands == null ? null : List.copyOf(commands);
        results = results == null ? null : List.copyOf(results);
        warnings = warnings == null || warnings.isEmpty() ? null : List.copyOf(warnings);
    }

    /** A WRITE: what it did to its file, and in a dry run the diff. */
    static OperationResult written(String task, int line, String file, Outcome o, String diff) {
        return edited(task, "WRITE", line, file, o, diff);
    }

    /** A SEARCH: how many matches it replaced, and in a dry run the diff. */
    static OperationResult searched(String task, int line, String file, Outcome o, String diff) {
        return edited(task, "SEARCH", line, file, o, diff);
    }

    private static OperationResult edited(
            String task, String type, int line, String file, Outcome o, String diff) {
        String note =
                o.status() == Status.NO_OP ? "already applied: the replacement is in place" : null;
        return new OperationResult(
                task,
                type,
                line,
                file,
                o.status(),
                o.error(),
                o.action(),
                o.lines(),
                o.replaced(),
                diff,
                null,
                null,
                note,
                null,
                o.warnings(),
                false);
    }

    /**
     * A RUN that ran: its commands, in which sandbox, why it failed (or null), and the runner's
     * notes (a grep that found no match), which come before the note of an irreversible RUN.
     */
    static OperationResult ran(
            String task,
            int line,
            ErrorInfo error,
            List<CommandResult> commands,
            String sandbox,
            boolean irreversible,
            List<String> notes) {
        List<String> all = new java.util.ArrayList<>(notes);
        if (irreversible) {
            all.add(IRREVERSIBLE_NOTE);
        }
        return new OperationResult(
                task,
                "RUN",
                line,
                null,
                error == null ? Status.OK : Status.ERROR,
                error,
                null,
                null,
                null,
                null,
                commands,
                sandbox,
                all.isEmpty() ? null : String.join("; ", all),
                null,
                null,
                irreversible);
    }

    /** A RUN in a dry run that passed every check a real apply makes before running; not run. */
    static OperationResult checkedInDryRun(String task, int line) {
        return new OperationResult(
                task,
                "RUN",
                line,
                null,
                Status.OK,
                null,
                null,
                null,
                null,
                null,
                List.of(),
                null,
                "dry run: checked, not run",
                null,
                null,
                false);
    }

    /** A TASKS block and the results of its operations. */
    static OperationResult tasks(
            String task,
            int line,
            Status status,
            ErrorInfo error,
            List<OperationResult> results,
            String note) {
        return new OperationResult(
                task, "TASKS", line, null, status, error, null, null, null, null, null, null, note,
                results, null, false);
    }

    /** An operation that did not run, for {@code error}. */
    static OperationResult skipped(
            String task, String type, int line, String file, ErrorInfo error) {
        return new OperationResult(
                task,
                type,
                line,
                file,
                Status.SKIPPED,
                error,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                false);
    }

    /** True when this result and, for TASKS, every child succeeded. */
    public boolean succeeded() {
        return status.succeeded();
    }

    OperationResult withStatus(Status newStatus, ErrorInfo newError) {
        return copy(newStatus, newError, results, warnings);
    }

    /** A TASKS block with other results of its operations, and status. */
    OperationResult withResults(List<OperationResult> newResults, Status newStatus) {
        return copy(newStatus, error, newResults, warnings);
    }

    /** This result with {@code extra} after its note (a WRITE to the running csl's sources). */
    OperationResult withNoteAdded(String extra) {
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
                note == null ? extra : note + " " + extra,
                results,
                warnings,
                irreversible);
    }

    OperationResult withWarnings(List<Warning> newWarnings) {
        return copy(status, error, results, newWarnings);
    }

    /**
     * This result with the parts that change after it is made (status, error, children, warnings).
     */
    private OperationResult copy(
            Status newStatus,
            ErrorInfo newError,
            List<OperationResult> newResults,
            List<Warning> newWarnings) {
        return new OperationResult(
                task,
                type,
                line,
                file,
                newStatus,
                newError,
                action,
                lines,
                replaced,
                diff,
                commands,
                sandbox,
                note,
                newResults,
                newWarnings,
                irreversible);
    }
}
