package dev.csl.grammar.antlr;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.Operation;
import dev.csl.grammar.ParseResult;
import java.util.function.Consumer;

/**
 * Parses an answer into operations or syntax errors (docs/language.md: markers, operations,
 * attributes, content, syntax errors). Never throws for input.
 */
public final class AnswerParser {
    private AnswerParser() {}

    /**
     * Parses {@code text}. Line endings may be CRLF, CR or LF. The result holds either the
     * operations (no syntax error) or every syntax error in line order (then no operations).
     */
    public static ParseResult parse(String text, Delimiters delimiters) {
        return CslFrontEnd.parse(text, delimiters, operation -> {});
    }

    /**
     * As {@link #parse(String, Delimiters)}, handing each top-level operation to {@code whenBuilt}
     * as soon as it is complete, in answer order, so a caller can serialize while the rest is
     * parsed. Operations handed over before a later syntax error are not in the result.
     */
    public static ParseResult parse(
            String text, Delimiters delimiters, Consumer<Operation> whenBuilt) {
        return CslFrontEnd.parse(text, delimiters, whenBuilt);
    }

    /** Parses with the default delimiters {@code <---} and {@code --->}. */
    public static ParseResult parse(String text) {
        return parse(text, Delimiters.DEFAULT);
    }
}
