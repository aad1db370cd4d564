package dev.csl.cli;

import dev.csl.grammar.Delimiters;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The text of {@code csl prompt}: the hand-written instructions in {@code prompt.md}, with the
 * markers spelled in the delimiters the answer will be parsed with and the list of built-in
 * commands generated from the runner's command table.
 */
final class PromptText {
    private static final String TEMPLATE = "prompt.md";
    private static final String BUILTINS_PLACEHOLDER = "{{BUILTINS}}";

    private PromptText() {}

    static String render(Delimiters delimiters, String builtins) {
        String text = template();
        if (!delimiters.equals(Delimiters.DEFAULT)) {
            // The template spells markers only as <---NAME ...--->; nothing else uses the arrows.
            text =
                    text.replace(Delimiters.DEFAULT.start(), "\u0000")
                            .replace(Delimiters.DEFAULT.end(), delimiters.end())
                            .replace("\u0000", delimiters.start());
        }
        return text.replace(BUILTINS_PLACEHOLDER, builtins.strip());
    }

    private static String template() {
        try (InputStream in = PromptText.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + TEMPLATE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
