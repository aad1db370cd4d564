package dev.csl.grammar;

/** Parses an answer into operations or syntax errors (SPEC §1.1–1.5). Never throws for input. */
public final class AnswerParser {
    private AnswerParser() {}

    public static ParseResult parse(String text, Delimiters delimiters) {
        throw new UnsupportedOperationException("parser not built yet (issue 2)");
    }
}
