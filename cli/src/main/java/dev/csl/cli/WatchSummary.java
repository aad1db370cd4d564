package dev.csl.cli;

/**
 * The result section {@code csl watch} puts at the top of the watched file, between two marker
 * lines that are HTML comments: markdown viewers hide them, no CSL parser takes them for a marker,
 * and they are stripped before the answer below them is hashed or parsed.
 */
final class WatchSummary {
    static final String START =
            "<!-- csl watch: result of the answer below; replaced on every run, edit below it -->";
    static final String END = "<!-- csl watch: end of result -->";

    private WatchSummary() {}

    /** The text without a leading summary section (and the blank line after it). */
    static String strip(String text) {
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (!body.startsWith(START)) {
            return text;
        }
        int end = body.indexOf(END);
        if (end < 0) {
            return text; // a damaged section is left as it is, and parsed as prose
        }
        int after = body.indexOf('\n', end);
        if (after < 0) {
            return "";
        }
        String rest = body.substring(after + 1);
        return rest.startsWith("\n")
                ? rest.substring(1)
                : rest.startsWith("\r\n") ? rest.substring(2) : rest;
    }

    /** {@code answer} (already stripped) with {@code summary} on top. */
    static String prepend(String summary, String answer) {
        return START + "\n" + summary.strip() + "\n" + END + "\n\n" + answer;
    }
}
