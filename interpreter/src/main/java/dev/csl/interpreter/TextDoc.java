package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The text of one file while SEARCH operations edit it in memory. Immutable: an edit returns a new
 * document that shares every untouched segment, so a TASKS checkpoint costs nothing and 200 edits
 * of a 20 MB file copy only the segments they touch.
 *
 * <p>Segments end at a line feed (all but the last), so a match that crosses a segment boundary
 * must have a line feed of the pattern at the boundary; only those few positions are checked.
 */
final class TextDoc {
    static final int TARGET = 16 * 1024;

    private final Segment[] segments;
    private final int[] starts;
    private final int length;

    private TextDoc(Segment[] segments) {
        this.segments = segments;
        this.starts = new int[segments.length + 1];
        int pos = 0;
        for (int i = 0; i < segments.length; i++) {
            starts[i] = pos;
            pos += segments[i].length();
        }
        starts[segments.length] = pos;
        this.length = pos;
    }

    static TextDoc of(String text) {
        List<Segment> out = new ArrayList<>();
        split(text, out);
        return new TextDoc(out.toArray(new Segment[0]));
    }

    int length() {
        return length;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(length);
        for (Segment s : segments) {
            sb.append(s.text);
        }
        return sb.toString();
    }

    /**
     * The smallest start of an occurrence of {@code p} at or after {@code from}, or -1. Linear in
     * the document whatever the pattern: the JDK's search (fast, vectorized) compares at each
     * position as many characters as match there, which only adds up to much when prefixes of the
     * pattern repeat themselves ({@code \n\n\n…a} in a file of blank lines: the square of the
     * file); such a pattern is searched with Knuth-Morris-Pratt instead.
     */
    int indexOf(String p, int from, boolean useFilter) {
        int m = p.length();
        if (m == 0 || from > length - m) {
            return -1;
        }
        if (m > Periodicity.SAFE_LENGTH) {
            int[] border = Periodicity.borders(p);
            if (Periodicity.workPerChar(border) > Periodicity.MAX_WORK) {
                return searchLinear(p, border, Math.max(from, 0));
            }
        }
        int[] newlineOffsets = null;
        int[] probes = useFilter ? Segment.probes(p) : null;
        for (int j = segmentAt(Math.max(from, 0)); j < segments.length; j++) {
            Segment seg = segments[j];
            int s = starts[j];
            int e = starts[j + 1];
            int local = Math.max(0, from - s);
            if (local <= seg.length() - m && (!useFilter || seg.mayContain(probes, m))) {
                int r = seg.text.indexOf(p, local);
                if (r >= 0) {
                    return s + r;
                }
            }
            if (j + 1 < segments.length) {
                if (newlineOffsets == null) {
                    newlineOffsets = newlineOffsets(p);
                }
                // A crossing match holds the boundary's line feed at one of the pattern's. Only
                // the pattern's line feeds within this segment's length can be that one: start at
                // the last of them, not at the pattern's last (a long pattern has many).
                int reach = Arrays.binarySearch(newlineOffsets, e - Math.max(s, from));
                for (int k = reach >= 0 ? reach - 1 : -reach - 2; k >= 0; k--) {
                    int q = e - (newlineOffsets[k] + 1);
                    if (q >= from
                            && q >= s
                            && q > e - m
                            && q + m <= length
                            && seg.text.regionMatches(q - s, p, 0, e - q)
                            && matchesAt(q, p)) {
                        return q;
                    }
                }
            }
        }
        return -1;
    }

    private static int[] newlineOffsets(String p) {
        int[] out = new int[8];
        int n = 0;
        for (int i = p.indexOf('\n'); i >= 0; i = p.indexOf('\n', i + 1)) {
            if (n == out.length) {
                out = Arrays.copyOf(out, n * 2);
            }
            out[n++] = i;
        }
        return Arrays.copyOf(out, n);
    }

    /** Knuth-Morris-Pratt over the segments: at most two steps per character, whatever the text. */
    private int searchLinear(String p, int[] border, int from) {
        int m = p.length();
        int matched = 0;
        for (int j = segmentAt(from); j < segments.length; j++) {
            String t = segments[j].text;
            for (int i = Math.max(0, from - starts[j]); i < t.length(); i++) {
                char c = t.charAt(i);
                while (matched > 0 && p.charAt(matched) != c) {
                    matched = border[matched - 1];
                }
                if (p.charAt(matched) == c && ++matched == m) {
                    return starts[j] + i - m + 1;
                }
            }
        }
        return -1;
    }

    boolean matchesAt(int q, String p) {
        int j = segmentAt(q);
        int done = 0;
        while (done < p.length()) {
            if (j >= segments.length) {
                return false;
            }
            Segment seg = segments[j];
            int local = q + done - starts[j];
            int take = Math.min(seg.length() - local, p.length() - done);
            if (!seg.text.regionMatches(local, p, done, take)) {
                return false;
            }
            done += take;
            j++;
        }
        return true;
    }

    private int segmentAt(int pos) {
        int i = Arrays.binarySearch(starts, 0, segments.length, pos);
        if (i >= 0) {
            // Skip empty segments that share the start (only the single empty document has one).
            while (i + 1 < segments.length && starts[i + 1] == pos) {
                i++;
            }
            return i;
        }
        return Math.max(0, -i - 2);
    }

    /** The character at {@code pos}. */
    char charAt(int pos) {
        int j = segmentAt(pos);
        return segments[j].text.charAt(pos - starts[j]);
    }

    /** True for the characters that end a line: line feed and carriage return. */
    static boolean isTerminator(char c) {
        return c == '\n' || c == '\r';
    }

    /** True when {@code pos} is the first character of a line (or the end of a file ending one). */
    boolean atLineStart(int pos) {
        return pos == 0 || isTerminator(charAt(pos - 1));
    }

    /** True when {@code pos} is where a line's text ends: before its terminator, or at the end. */
    boolean atLineEnd(int pos) {
        return pos == length || isTerminator(charAt(pos));
    }

    /** Where the line holding {@code pos} ends: its terminator's offset, or the length. */
    int lineEnd(int pos) {
        for (int j = segmentAt(Math.min(pos, length)); j < segments.length; j++) {
            String t = segments[j].text;
            for (int i = Math.max(0, pos - starts[j]); i < t.length(); i++) {
                if (isTerminator(t.charAt(i))) {
                    return starts[j] + i;
                }
            }
        }
        return length;
    }

    /** Where the line holding {@code pos} starts. */
    int lineStart(int pos) {
        int i = pos;
        while (i > 0 && !isTerminator(charAt(i - 1))) {
            i--;
        }
        return i;
    }

    /** 1-based line number of the character at {@code pos}. */
    int lineOf(int pos) {
        int j = segmentAt(pos);
        int line = 1;
        for (int i = 0; i < j; i++) {
            line += segments[i].newlines();
        }
        String t = segments[j].text;
        int local = pos - starts[j];
        for (int i = t.indexOf('\n'); i >= 0 && i < local; i = t.indexOf('\n', i + 1)) {
            line++;
        }
        return line;
    }

    /** How many bytes the text from {@code from} to {@code to} takes in UTF-8; copies nothing. */
    long utf8Length(int from, int to) {
        long bytes = 0;
        int j = segmentAt(from);
        int pos = from;
        while (pos < to) {
            int local = pos - starts[j];
            int take = Math.min(segments[j].length() - local, to - pos);
            bytes += Utf8.length(segments[j].text, local, local + take);
            pos += take;
            j++;
        }
        return bytes;
    }

    /** The text from {@code from} to {@code to}. */
    String substring(int from, int to) {
        StringBuilder sb = new StringBuilder(to - from);
        int j = segmentAt(from);
        int pos = from;
        while (pos < to) {
            int local = pos - starts[j];
            int take = Math.min(segments[j].length() - local, to - pos);
            sb.append(segments[j].text, local, local + take);
            pos += take;
            j++;
        }
        return sb.toString();
    }

    /**
     * Replaces each range {@code [starts[i], ends[i])} (sorted, not overlapping) by {@code
     * replacement}; returns the new document.
     */
    TextDoc replace(int[] matchStarts, int[] matchEnds, String replacement) {
        String[] each = new String[matchStarts.length];
        Arrays.fill(each, replacement);
        return replace(matchStarts, matchEnds, each);
    }

    /** As {@link #replace(int[], int[], String)}, with a replacement of its own for each range. */
    TextDoc replace(int[] matchStarts, int[] matchEnds, String[] replacements) {
        List<Segment> out = new ArrayList<>(segments.length + 4);
        StringBuilder pending = new StringBuilder();
        int pos = 0;
        int mi = 0;
        int count = matchStarts.length;
        for (int j = 0; j < segments.length; j++) {
            int s = starts[j];
            int e = starts[j + 1];
            if (pos >= e && e > s) {
                continue;
            }
            boolean touched =
                    pending.length() > 0 || pos > s || (mi < count && matchStarts[mi] < e);
            if (!touched) {
                out.add(segments[j]);
                pos = e;
                continue;
            }
            String t = segments[j].text;
            while (mi < count && matchStarts[mi] < e) {
                pending.append(t, pos - s, matchStarts[mi] - s);
                pending.append(replacements[mi]);
                pos = matchEnds[mi];
                mi++;
            }
            if (pos < e) {
                pending.append(t, pos - s, e - s);
                pos = e;
            }
            boolean last = j == segments.length - 1;
            if (pos <= e && pending.length() > 0 && (last || endsWithNewline(pending))) {
                split(pending, out);
                pending.setLength(0);
            }
        }
        while (mi < count) {
            // Only an empty match at the very end can remain; SEARCH never produces one.
            pending.append(replacements[mi]);
            mi++;
        }
        if (pending.length() > 0) {
            split(pending, out);
        }
        if (out.isEmpty()) {
            out.add(new Segment(""));
        }
        return new TextDoc(out.toArray(new Segment[0]));
    }

    private static boolean endsWithNewline(CharSequence s) {
        return s.length() > 0 && s.charAt(s.length() - 1) == '\n';
    }

    /** Cuts {@code text} into segments of about TARGET characters, each ending at a line feed. */
    private static void split(CharSequence text, List<Segment> out) {
        int n = text.length();
        if (n <= 2 * TARGET) {
            out.add(new Segment(text.toString()));
            return;
        }
        String t = text.toString();
        int pos = 0;
        while (pos < n) {
            int cut = n - pos <= 2 * TARGET ? -1 : t.indexOf('\n', pos + TARGET);
            int end = cut < 0 ? n : cut + 1;
            out.add(new Segment(t.substring(pos, end)));
            pos = end;
        }
    }
}
