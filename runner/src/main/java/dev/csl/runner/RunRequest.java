package dev.csl.runner;

import dev.csl.fsguard.WriteBudget;
import java.util.Objects;

/**
 * One RUN block to execute.
 *
 * @param content the block's lines (commands, or a Node program when {@code lang} is node)
 * @param dir the {@code dir} attribute, or {@code null}
 * @param lang the {@code lang} attribute (node, js, javascript), or {@code null}
 * @param timeoutSeconds the {@code timeout} attribute, or {@code null} for the default
 * @param recorder told before every change a built-in makes
 * @param budget what the apply may still write: the built-ins spend it (docs/budgets.md)
 */
public record RunRequest(
        String content,
        String dir,
        String lang,
        Integer timeoutSeconds,
        ChangeRecorder recorder,
        WriteBudget budget) {
    public RunRequest {
        Objects.requireNonNull(budget, "budget");
    }

    /** A block whose built-ins may write without a budget (tests, benchmarks). */
    public RunRequest(
            String content,
            String dir,
            String lang,
            Integer timeoutSeconds,
            ChangeRecorder recorder) {
        this(content, dir, lang, timeoutSeconds, recorder, WriteBudget.unlimited());
    }
}
