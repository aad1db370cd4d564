package dev.csl.interpreter;

import java.util.Arrays;

/**
 * Finds a SEARCH's matches as exact substrings (docs/language.md, "How SEARCH matches"). The
 * pattern matches anywhere; a range (with TO) ends at the nearest occurrence of the TO text after
 * the pattern that either lies on the line where the pattern's match ends (an in-line range, {@code
 * <item>} … {@code </item>}) or, on a later line, spans whole lines. An occurrence inside a longer
 * line is skipped, so a TO of {@code " }"} never ends a range inside {@code " };"} or at a deeper
 * {@code " }"}.
 */
final class ExactMatcher {
    private ExactMatcher() {}

    /** {@code pattern} and {@code to} (null without TO) already carry the file's line ending. */
    static Matches find(TextDoc doc, String pattern, String to, boolean filter) {
        int[] starts = new int[4];
        int[] ends = new int[4];
        int n = 0;
        int dangling = -1;
        int[] skipped = {-1, -1, -1};
        int pos = 0;
        while (true) {
            int s = doc.indexOf(pattern, pos, filter);
            if (s < 0) {
                break;
            }
            int e = s + pattern.length();
            if (to != null) {
                int end = rangeEnd(doc, e, to, filter, skipped);
                if (end < 0 || skipped[2] >= 0) {
                    dangling = s;
                    break;
                }
                e = end;
            }
            if (n == starts.length) {
                starts = Arrays.copyOf(starts, n * 2);
                ends = Arrays.copyOf(ends, n * 2);
            }
            starts[n] = s;
            ends[n] = e;
            n++;
            pos = e;
        }
        boolean ambiguous = skipped[2] >= 0;
        return new Matches(
                Arrays.copyOf(starts, n),
                Arrays.copyOf(ends, n),
                n,
                dangling,
                ambiguous ? skipped[1] : skipped[0],
                skipped[2]);
    }

    /**
     * The end of the range whose pattern match ends at {@code from}, or -1. Notes the first
     * occurrence skipped on the way in {@code skipped[0]}, the first that begins a line going on
     * only with closing punctuation in {@code skipped[1]}, and when the range would run past such a
     * line to a whole-line occurrence, that occurrence in {@code skipped[2]}.
     */
    private static int rangeEnd(TextDoc doc, int from, String to, boolean filter, int[] skipped) {
        // A pattern ending in a line feed ends its line: then only whole lines can end the range.
        boolean lineEnded = doc.atLineStart(from);
        int scanned = from;
        int nearMiss = -1;
        for (int t = doc.indexOf(to, from, filter); t >= 0; t = doc.indexOf(to, t + 1, filter)) {
            int end = t + to.length();
            // In-line: no line terminator between the pattern's end and this occurrence's end.
            while (!lineEnded && scanned < end) {
                lineEnded = TextDoc.isTerminator(doc.charAt(scanned));
                scanned++;
            }
            if (!lineEnded) {
                return end;
            }
            if (wholeLines(doc, t, end, to)) {
                if (nearMiss >= 0) {
                    skipped[1] = nearMiss;
                    skipped[2] = t;
                }
                return end;
            }
            if (skipped[0] < 0) {
                skipped[0] = t;
            }
            if (nearMiss < 0 && goesOnWithClosers(doc, t, end, to)) {
                nearMiss = t;
            }
        }
        return -1;
    }

    /** True when {@code [t, end)} begins a line that goes on only with {@code , ; ) ] }}. */
    private static boolean goesOnWithClosers(TextDoc doc, int t, int end, String to) {
        if (!doc.atLineStart(t) || to.indexOf('\n') >= 0 || to.indexOf('\r') >= 0) {
            return false;
        }
        int lineEnd = doc.lineEnd(end);
        boolean closer = false;
        for (int i = end; i < lineEnd; i++) {
            char c = doc.charAt(i);
            if (",;)]}".indexOf(c) >= 0) {
                closer = true;
            } else if (c != ' ' && c != '\t') {
                return false;
            }
        }
        return closer;
    }

    /** True when the occurrence {@code [t, end)} of {@code to} begins and ends with lines. */
    static boolean wholeLines(TextDoc doc, int t, int end, String to) {
        boolean begins = TextDoc.isTerminator(to.charAt(0)) || doc.atLineStart(t);
        boolean ends = TextDoc.isTerminator(to.charAt(to.length() - 1)) || doc.atLineEnd(end);
        return begins && ends;
    }
}
