package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import dev.csl.grammar.SyntaxError;
import java.util.List;

/**
 * The result of one apply: exactly the {@code csl apply --json} document of docs/json.md.
 *
 * @param ok true when every operation succeeded (ok or no_op)
 * @param workingDir the absolute working directory
 * @param dryRun whether this was a preview
 * @param results one entry per top-level operation
 * @param syntaxErrors every syntax error (then nothing ran and {@code results} is empty)
 * @param likelyMistakes with syntax errors, the likely mistakes (docs/language.md, "Likely
 *     mistakes") of the blocks that could still be read; null when there are none or no syntax
 *     errors
 * @param planHash the plan hash of a dry run (also set when {@code plan_changed})
 * @param error a failure of the apply as a whole ({@code plan_changed}), or null
 * @param recovered what was rolled back first of an apply killed before it finished, or null
 * @param applyId the history entry of a real apply that changed something (what {@code csl undo ID}
 *     takes), or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "ok",
    "workingDir",
    "dryRun",
    "applyId",
    "results",
    "syntaxErrors",
    "likelyMistakes",
    "planHash",
    "error",
    "recovered"
})
public record ApplyReport(
        boolean ok,
        String workingDir,
        boolean dryRun,
        List<OperationResult> results,
        @JsonSerialize(contentUsing = SyntaxErrorJson.class) List<SyntaxError> syntaxErrors,
        List<LikelyMistake> likelyMistakes,
        String planHash,
        ErrorInfo error,
        Recovery recovered,
        String applyId) {

    public ApplyReport {
        results = List.copyOf(results);
        syntaxErrors = List.copyOf(syntaxErrors);
        likelyMistakes =
                likelyMistakes == null || likelyMistakes.isEmpty()
                        ? null
                        : List.copyOf(likelyMistakes);
    }

    /** A report without a history entry. */
    public ApplyReport(
            boolean ok,
            String workingDir,
            boolean dryRun,
            List<OperationResult> results,
            List<SyntaxError> syntaxErrors,
            List<LikelyMistake> likelyMistakes,
            String planHash,
            ErrorInfo error,
            Recovery recovered) {
        this(
                ok,
                workingDir,
                dryRun,
                results,
                syntaxErrors,
                likelyMistakes,
                planHash,
                error,
                recovered,
                null);
    }

    /** A report of an answer without syntax errors. */
    public ApplyReport(
            boolean ok,
            String workingDir,
            boolean dryRun,
            List<OperationResult> results,
            List<SyntaxError> syntaxErrors,
            String planHash,
            ErrorInfo error,
            Recovery recovered) {
        this(ok, workingDir, dryRun, results, syntaxErrors, null, planHash, error, recovered);
    }

    /** A report with nothing to recover. */
    public ApplyReport(
            boolean ok,
            String workingDir,
            boolean dryRun,
            List<OperationResult> results,
            List<SyntaxError> syntaxErrors,
            String planHash,
            ErrorInfo error) {
        this(ok, workingDir, dryRun, results, syntaxErrors, null, planHash, error, null);
    }

    ApplyReport withRecovered(Recovery value) {
        return new ApplyReport(
                ok,
                workingDir,
                dryRun,
                results,
                syntaxErrors,
                likelyMistakes,
                planHash,
                error,
                value,
                applyId);
    }

    ApplyReport withApplyId(String value) {
        return new ApplyReport(
                ok,
                workingDir,
                dryRun,
                results,
                syntaxErrors,
                likelyMistakes,
                planHash,
                error,
                recovered,
                value);
    }

    /**
     * README, "Exit status": 0 everything succeeded, 1 an operation failed or was skipped, 3 syntax
     * error.
     */
    public int exitCode() {
        if (!syntaxErrors.isEmpty()) {
            return 3;
        }
        return ok ? 0 : 1;
    }
}
