package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * The result of {@code csl undo}.
 *
 * @param ok true when the state before the last apply was restored
 * @param workingDir the absolute working directory
 * @param applyId the journal entry that was undone (or would have been), or null
 * @param restored paths restored, relative to the working directory
 * @param changedSince paths changed after the apply (refused unless --force)
 * @param error why nothing was restored, or null
 * @param recovered what was rolled back first of an apply killed before it finished, or null
 * @param notRestored paths csl may not restore (each "path: why"), left as they are; the rest of
 *     the apply was undone
 * @param dryRun {@code csl undo --dry-run}: nothing changed; {@code restored} names what would be
 * @param diff in a dry run, the unified diff the undo would make, or null
 * @param discardedKeptIn where a forced undo kept a copy of the changes it discarded ({@code
 *     .csl/discarded/ID}), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "ok",
    "workingDir",
    "applyId",
    "restored",
    "changedSince",
    "notRestored",
    "dryRun",
    "diff",
    "discardedKeptIn",
    "error",
    "recovered"
})
public record UndoReport(
        boolean ok,
        String workingDir,
        String applyId,
        List<String> restored,
        List<String> changedSince,
        ErrorInfo error,
        Recovery recovered,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> notRestored,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean dryRun,
        String diff,
        String discardedKeptIn) {

    public UndoReport {
        restored = List.copyOf(restored);
        changedSince = List.copyOf(changedSince);
        notRestored = notRestored == null ? List.of() : List.copyOf(notRestored);
    }

    public UndoReport(
            boolean ok,
            String workingDir,
            String applyId,
            List<String> restored,
            List<String> changedSince,
            ErrorInfo error,
            Recovery recovered) {
        this(
                ok,
                workingDir,
                applyId,
                restored,
                changedSince,
                error,
                recovered,
                List.of(),
                false,
                null,
                null);
    }

    /** A report with nothing to recover. */
    public UndoReport(
            boolean ok,
            String workingDir,
            String applyId,
            List<String> restored,
            List<String> changedSince,
            ErrorInfo error) {
        this(ok, workingDir, applyId, restored, changedSince, error, null);
    }

    UndoReport withRecovered(Recovery value) {
        return new UndoReport(
                ok,
                workingDir,
                applyId,
                restored,
                changedSince,
                error,
                value,
                notRestored,
                dryRun,
                diff,
                discardedKeptIn);
    }

    UndoReport withNotRestored(List<String> value) {
        return new UndoReport(
                ok,
                workingDir,
                applyId,
                restored,
                changedSince,
                error,
                recovered,
                value,
                dryRun,
                diff,
                discardedKeptIn);
    }

    /** A dry run's report: what would be restored, and the diff. */
    UndoReport previewing(String value) {
        return new UndoReport(
                ok,
                workingDir,
                applyId,
                restored,
                changedSince,
                error,
                recovered,
                notRestored,
                true,
                value,
                discardedKeptIn);
    }

    UndoReport withDiscardedKeptIn(String value) {
        return new UndoReport(
                ok,
                workingDir,
                applyId,
                restored,
                changedSince,
                error,
                recovered,
                notRestored,
                dryRun,
                diff,
                value);
    }

    /** 0 restored, 1 refused or nothing to undo. */
    public int exitCode() {
        return ok ? 0 : 1;
    }
}
