package dev.csl.grammar;

/** The marker delimiters of one parse (SPEC §1.1). Any non-empty strings. */
public record Delimiters(String start, String end) {
    public static final Delimiters DEFAULT = new Delimiters("<---", "--->");

    public Delimiters {
        if (start == null || start.isEmpty() || end == null || end.isEmpty()) {
            throw new IllegalArgumentException("delimiters must be non-empty");
        }
    }
}
