package dev.csl.interpreter;

import java.util.Arrays;

/**
 * Finds a SEARCH's matches as exact substrings (SPEC §2.3). The pattern matches anywhere; a range
 * (with TO) ends at the nearest occurrence of the TO text after the pattern that either lies on the
 * line where the pattern's match ends (an in-line range, {@code <item>} … {@code </item>}) or, on a
 * later line, spans whole lines. An occurrence inside a longer line is skipped, so a TO of {@code "
 * }"} never ends a range inside {@code " };"} or at a deeper {@code " }"}.
 */
final class ExactMatcher {
    private ExactMatcher() {}

    /** {@code pattern} and {@code to} (null without TO) already carry the file's line ending. */
    static Matches find(TextDoc doc, String pattern, String to, boolean filter) {
        int[] starts = new int[4];
        int[] ends = new int[4];
        int n = 0;
        int dangling = -1;
        int[] skipped = {-1};
        int pos = 0;
        while (true) {
            int s = doc.indexOf(pattern, pos, filter);
            if (s < 0) {
                break;
            }
            int e = s + pattern.length();
            if (to != null) {
                int end = rangeEnd(doc, e, to, filter, skipped);
                if (end < 0) {
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
        return new Matches(
                Arrays.copyOf(starts, n), Arrays.copyOf(ends, n), n, dangling, skipped[0]);
    }

    /**
     * The end of the range whose pattern match ends at {@code from}, or -1; the first occurrence
     * skipped on the way is noted in {@code skipped[0]} (when it holds -1).
     */
    private static int rangeEnd(TextDoc doc, int from, String to, boolean filter, int[] skipped) {
        // A pattern ending in a line feed ends its line: then only whole lines can end the range.
        boolean inLine = !doc.atLineStart(from) || from == 0;
        int lineEnd = inLine ? doc.lineEnd(from) : -1;
        for (int t = doc.indexOf(to, from, filter); t >= 0; t = doc.indexOf(to, t + 1, filter)) {
            int end = t + to.length();
            if (inLine && end <= lineEnd) {
                return end;
            }
            if (wholeLines(doc, t, end, to)) {
                return end;
            }
            if (skipped[0] < 0) {
                skipped[0] = t;
            }
        }
        return -1;
    }

    /** True when the occurrence {@code [t, end)} of {@code to} begins and ends with lines. */
    static boolean wholeLines(TextDoc doc, int t, int end, String to) {
        boolean begins = TextDoc.isTerminator(to.charAt(0)) || doc.atLineStart(t);
        boolean ends = TextDoc.isTerminator(to.charAt(to.length() - 1)) || doc.atLineEnd(end);
        return begins && ends;
    }
}
