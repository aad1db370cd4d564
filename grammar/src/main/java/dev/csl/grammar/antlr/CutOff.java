package dev.csl.grammar.antlr;

/**
 * Reads the lines of a block that runs into the end of the answer and says whether they stop
 * mid-way: a model's answer cut off by its output limit ends inside a line or a bracket, and adding
 * the missing END there would write that truncated text. False alarms only cost the advice to send
 * the block again whole, so the reading is generous.
 */
final class CutOff {
    /** Characters a finished last line of code or text seldom ends with. */
    private static final String CONTINUING = "([{,:=+&|\\";

    private static final int SHOWN = 60;

    private CutOff() {}

    /**
     * Why the block's text looks unfinished ("its last line ... looks unfinished"), or null when
     * its last line could be where the block ends.
     *
     * @param blockText the lines after the opening marker (or after REPLACE), to the end of the
     *     answer
     * @param wholeFile whether the text is all of something (a WRITE's file, a RUN's commands), so
     *     that brackets it leaves open mean it stops mid-way; a replacement may open a bracket that
     *     the file closes
     * @param marker the marker the text follows, as the reason names it ("opening marker")
     */
    static String unfinished(String blockText, boolean wholeFile, String marker) {
        String last = lastLine(blockText);
        if (last == null) {
            return "it stops right after its " + marker;
        }
        String trimmed = last.stripTrailing();
        if (!trimmed.isEmpty() && CONTINUING.indexOf(trimmed.charAt(trimmed.length() - 1)) >= 0) {
            return "its last line, " + shown(trimmed) + ", looks unfinished";
        }
        if (count(trimmed, '"') % 2 == 1) {
            return "its last line, " + shown(trimmed) + ", leaves a quote open";
        }
        if (wholeFile) {
            int open = openBrackets(blockText);
            if (open > 0) {
                return open
                        + " bracket"
                        + (open == 1 ? " it opens is" : "s it opens are")
                        + " never closed";
            }
        }
        return null;
    }

    /** The last line holding more than whitespace, or null when there is none. */
    static String lastLine(String blockText) {
        int end = blockText.length();
        while (end > 0) {
            int start = blockText.lastIndexOf('\n', end - 1) + 1;
            String line = blockText.substring(start, end);
            if (!line.isBlank()) {
                return line;
            }
            end = start - 1;
        }
        return null;
    }

    /** The line as a hint quotes it: trimmed, and cut short when long. */
    static String shown(String line) {
        String s = line.strip();
        return "'" + (s.length() > SHOWN ? s.substring(0, SHOWN) + "…" : s) + "'";
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c && (i == 0 || s.charAt(i - 1) != '\\')) {
                n++;
            }
        }
        return n;
    }

    /** Opening brackets minus closing ones; never below zero along the way. */
    private static int openBrackets(String text) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{' || c == '(' || c == '[') {
                depth++;
            } else if ((c == '}' || c == ')' || c == ']') && depth > 0) {
                depth--;
            }
        }
        return depth;
    }
}
