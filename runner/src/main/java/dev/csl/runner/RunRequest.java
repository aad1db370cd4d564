package dev.csl.runner;

/**
 * One RUN block to execute.
 *
 * @param content the block's lines (commands, or a Node program when {@code lang} is node)
 * @param dir the {@code dir} attribute, or {@code null}
 * @param lang the {@code lang} attribute (node, js, javascript), or {@code null}
 * @param timeoutSeconds the {@code timeout} attribute, or {@code null} for the default
 * @param recorder told before every change a built-in makes
 */
public record RunRequest(
        String content, String dir, String lang, Integer timeoutSeconds, ChangeRecorder recorder) {}
