package dev.csl.grammar.antlr;

import dev.csl.grammar.Attributes;

/**
 * What {@link MarkerScanner} read from one line that starts with the start delimiter.
 *
 * @param name the NAME after the start delimiter, or "" when the line is malformed
 * @param attributes the attributes read before the first flaw, in source order
 * @param flaw the first thing wrong with the line, in column order
 * @param detail the duplicated attribute name for {@link Flaw#DUPLICATE_ATTRIBUTE}, else ""
 */
record MarkerLine(String name, Attributes attributes, Flaw flaw, String detail) {

    /** The first problem of a marker line; whether it is reported depends on the state. */
    enum Flaw {
        NONE,
        /** No NAME right after the start delimiter, or no end delimiter on the line. */
        MALFORMED,
        UNTERMINATED_QUOTE,
        UNQUOTED_VALUE,
        DUPLICATE_ATTRIBUTE,
        INVALID_ATTRIBUTES,
        /** Something other than spaces or tabs after the end delimiter. */
        TRAILING_CONTENT
    }

    boolean malformed() {
        return flaw == Flaw.MALFORMED;
    }

    /** True when the attribute list itself is at fault (not the marker frame or its tail). */
    boolean attributeFlaw() {
        return flaw == Flaw.UNTERMINATED_QUOTE
                || flaw == Flaw.UNQUOTED_VALUE
                || flaw == Flaw.DUPLICATE_ATTRIBUTE
                || flaw == Flaw.INVALID_ATTRIBUTES;
    }
}
