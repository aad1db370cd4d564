package dev.csl.grammar;

/**
 * The marker delimiters of one parse (docs/language.md, "Markers"): any non-empty strings on one
 * line. This is the one check of them; the command line, serve and mcp report its message.
 */
public record Delimiters(String start, String end) {
    public static final Delimiters DEFAULT = new Delimiters("<---", "--->");

    public Delimiters {
        if (start == null || start.isEmpty() || end == null || end.isEmpty()) {
            throw new IllegalArgumentException("delimiters must not be empty");
        }
        // A marker is one line: a delimiter holding a line break could never match.
        if (hasLineBreak(start) || hasLineBreak(end)) {
            throw new IllegalArgumentException("delimiters must not contain line breaks");
        }
    }

    private static boolean hasLineBreak(String s) {
        return s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
    }
}
