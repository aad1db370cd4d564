package dev.csl.interpreter;

import java.util.Arrays;

/**
 * How a SEARCH block's lines map to the file's lines (docs/language.md, "Deleting lines deletes
 * them"). A pattern or TO text that ends with empty lines names blank lines of the file (block
 * lines {@code " }"} and {@code ""} are the line {@code " }"} and the blank line after it); only
 * where the file has no such blank line is the last empty line the line break of the line before. A
 * match of whole lines replaced by nothing goes with its line break, so no blank line is left where
 * lines were deleted.
 */
final class LineModel {
    private LineModel() {}

    /** True when {@code text} (pattern or TO) ends with a line break: its last line is empty. */
    static boolean endsWithEmptyLine(String text) {
        return text != null
                && !text.isEmpty()
                && TextDoc.isTerminator(text.charAt(text.length() - 1));
    }

    /**
     * The matches of {@code pattern} and {@code to} (null without TO) read as lines: the trailing
     * empty line of the TO text, or of a plain pattern, stands for a blank line of the file. Each
     * match ends where that blank line ends (before its own break); null when neither text ends
     * with an empty line.
     */
    static Matches withBlankLines(
            TextDoc doc, String pattern, String to, String nl, boolean filter) {
        if (to != null) {
            if (!endsWithEmptyLine(to)) {
                return null;
            }
            return trimmed(ExactMatcher.find(doc, pattern, to + nl, filter), nl.length());
        }
        if (!endsWithEmptyLine(pattern)) {
            return null;
        }
        return trimmed(ExactMatcher.find(doc, pattern + nl, null, filter), nl.length());
    }

    private static Matches trimmed(Matches m, int by) {
        int[] ends = Arrays.copyOf(m.ends(), m.count());
        for (int i = 0; i < ends.length; i++) {
            ends[i] -= by;
        }
        return new Matches(
                m.starts(), ends, m.count(), m.danglingStart(), m.skippedTo(), m.ambiguousEnd());
    }

    /**
     * The spans an empty replacement removes: a match that begins at the start of a line and ends
     * at the end of one takes the line break after it along (at the end of a file without a final
     * line break, the one before it); a match that already holds its last line's break, and any
     * match inside a line, stays as it is.
     */
    static Matches deletion(TextDoc doc, Matches m) {
        int[] starts = Arrays.copyOf(m.starts(), m.count());
        int[] ends = Arrays.copyOf(m.ends(), m.count());
        for (int i = 0; i < starts.length; i++) {
            int s = starts[i];
            int e = ends[i];
            if (!doc.atLineStart(s) || e <= s) {
                continue;
            }
            boolean heldBreak = TextDoc.isTerminator(doc.charAt(e - 1));
            if (e < doc.length() && TextDoc.isTerminator(doc.charAt(e))) {
                int after = breakEnd(doc, e);
                if (i + 1 >= starts.length || starts[i + 1] >= after) {
                    ends[i] = after;
                }
            } else if (e == doc.length() && !heldBreak && s > 0) {
                int before = breakStart(doc, s);
                if (i == 0 || ends[i - 1] <= before) {
                    starts[i] = before;
                }
            }
        }
        return new Matches(
                starts, ends, m.count(), m.danglingStart(), m.skippedTo(), m.ambiguousEnd());
    }

    /**
     * The replacement for one match read as lines: where the match took its last line's break along
     * (the older reading of a trailing empty line) and the replacement does not end with one, the
     * break is added, so the next line stays a line of its own.
     */
    static String asLines(TextDoc doc, int start, int end, String replacement, String nl) {
        if (replacement.isEmpty()
                || end <= start
                || endsWithEmptyLine(replacement)
                || !doc.atLineStart(start)
                || !TextDoc.isTerminator(doc.charAt(end - 1))
                || (end < doc.length() && TextDoc.isTerminator(doc.charAt(end)))) {
            return replacement;
        }
        return replacement + nl;
    }

    /** Where the line break starting at {@code pos} ends (CRLF is one break). */
    private static int breakEnd(TextDoc doc, int pos) {
        if (doc.charAt(pos) == '\r' && pos + 1 < doc.length() && doc.charAt(pos + 1) == '\n') {
            return pos + 2;
        }
        return pos + 1;
    }

    /** Where the line break ending at {@code pos} starts (CRLF is one break). */
    private static int breakStart(TextDoc doc, int pos) {
        if (doc.charAt(pos - 1) == '\n' && pos >= 2 && doc.charAt(pos - 2) == '\r') {
            return pos - 2;
        }
        return pos - 1;
    }
}
