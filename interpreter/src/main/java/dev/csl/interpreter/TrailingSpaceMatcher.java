package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Finds a SEARCH's matches where no exact one exists, with trailing spaces and tabs ignored (SPEC
 * §2.3): models drop the invisible whitespace at the end of a line, and a blank-looking line that
 * holds spaces. Each pattern line but the first and last must equal a whole file line once both
 * lose their trailing whitespace; the first must end a line and the last begin one, as an exact
 * match of a multi-line pattern does. A single-line pattern needs this only when it ends in
 * whitespace, and then must end its line; as a range's start without trailing whitespace it matches
 * in its line as it is, so that the TO text may differ. A match ends where its last line's text
 * ends, so the file's trailing whitespace there is replaced too. A range's TO text follows the
 * rules of {@link ExactMatcher}: in-line as it is, otherwise whole lines compared the same way.
 * Matches do not overlap: the next one starts on a later line.
 */
final class TrailingSpaceMatcher {
    private final String text;
    private final int[] lineStarts;
    private final int[] lineEnds;

    private TrailingSpaceMatcher(String text) {
        this.text = text;
        List<int[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (TextDoc.isTerminator(c)) {
                lines.add(new int[] {start, i});
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        lines.add(new int[] {start, text.length()});
        lineStarts = lines.stream().mapToInt(l -> l[0]).toArray();
        lineEnds = lines.stream().mapToInt(l -> l[1]).toArray();
    }

    /**
     * The matches of {@code pattern} (and {@code to}, null without TO), both LF-separated, in
     * {@code text} once trailing whitespace is ignored; {@link Matches#NONE} when ignoring it
     * cannot make a difference.
     */
    static Matches find(String text, String pattern, String to) {
        String[] p = pattern.split("\n", -1);
        boolean plainWord = p.length == 1 && stripTrailing(p[0]).equals(p[0]);
        if (plainWord && to == null) {
            return Matches.NONE; // the exact search found every place this could match
        }
        if (Arrays.stream(p).allMatch(String::isBlank)) {
            return Matches.NONE;
        }
        return new TrailingSpaceMatcher(text).matches(p, to == null ? null : to.split("\n", -1));
    }

    private Matches matches(String[] p, String[] to) {
        List<int[]> found = new ArrayList<>();
        int dangling = -1;
        for (int i = 0; i + p.length <= lineStarts.length; i++) {
            int start = startOn(i, p);
            if (start < 0) {
                continue;
            }
            int end = endOn(i, start, p);
            if (end < 0) {
                continue;
            }
            int last = i + p.length - 1;
            if (to != null) {
                int[] range = rangeEnd(last, end, to);
                if (range == null) {
                    dangling = start;
                    break;
                }
                end = range[0];
                last = range[1];
            }
            found.add(new int[] {start, end});
            i = last;
        }
        int[] starts = found.stream().mapToInt(m -> m[0]).toArray();
        int[] ends = found.stream().mapToInt(m -> m[1]).toArray();
        return new Matches(starts, ends, starts.length, dangling, -1, -1);
    }

    /** Where the pattern's match starts if it begins on line {@code i}, or -1. */
    private int startOn(int i, String[] p) {
        String line = stripTrailing(line(i));
        String first = stripTrailing(p[0]);
        if (p.length == 1 && first.equals(p[0])) {
            // A range's one-line start without trailing whitespace: anywhere in the line.
            int at = line(i).indexOf(first);
            return at < 0 ? -1 : lineStarts[i] + at;
        }
        if (p.length == 1) {
            // A single line ending in whitespace: its text, found at the end of the line.
            return line.endsWith(first) ? lineStarts[i] + line.length() - first.length() : -1;
        }
        if (!line.endsWith(first)) {
            return -1;
        }
        for (int j = 1; j < p.length - 1; j++) {
            if (!stripTrailing(line(i + j)).equals(stripTrailing(p[j]))) {
                return -1;
            }
        }
        return lineStarts[i] + line.length() - first.length();
    }

    /** Where the match ends: its last line's text end, or the end of the pattern's last line. */
    private int endOn(int i, int start, String[] p) {
        int lastLine = i + p.length - 1;
        String lastPattern = p[p.length - 1];
        String line = line(lastLine);
        if (p.length == 1 && stripTrailing(lastPattern).equals(lastPattern)) {
            return start + lastPattern.length();
        }
        if (stripTrailing(line).equals(stripTrailing(lastPattern))) {
            return lineEnds[lastLine];
        }
        if (p.length > 1 && line.startsWith(lastPattern)) {
            return lineStarts[lastLine] + lastPattern.length();
        }
        return -1;
    }

    /** The range's end offset and last line when the pattern's match ends at {@code from}. */
    private int[] rangeEnd(int matchLine, int from, String[] to) {
        if (to.length == 1 && from < lineEnds[matchLine]) {
            int t = text.indexOf(to[0], from);
            if (t >= 0 && t + to[0].length() <= lineEnds[matchLine]) {
                return new int[] {t + to[0].length(), matchLine};
            }
        }
        String first = stripTrailing(to[0]);
        for (int k = matchLine + 1; k + to.length <= lineStarts.length; k++) {
            if (to.length == 1 && goesOnWithClosers(line(k), first)) {
                return null; // ambiguous: the exact search names this line
            }
            boolean all = true;
            for (int j = 0; j < to.length && all; j++) {
                all = stripTrailing(line(k + j)).equals(stripTrailing(to[j]));
            }
            if (all) {
                int last = k + to.length - 1;
                return new int[] {lineEnds[last], last};
            }
        }
        return null;
    }

    /** True when {@code line} begins with {@code to} and goes on only with {@code , ; ) ] }}. */
    private static boolean goesOnWithClosers(String line, String to) {
        if (to.isEmpty() || !line.startsWith(to)) {
            return false;
        }
        String rest = line.substring(to.length()).strip();
        return !rest.isEmpty() && rest.chars().allMatch(c -> ",;)]}".indexOf(c) >= 0);
    }

    private String line(int i) {
        return text.substring(lineStarts[i], lineEnds[i]);
    }

    static String stripTrailing(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
            end--;
        }
        return s.substring(0, end);
    }
}
