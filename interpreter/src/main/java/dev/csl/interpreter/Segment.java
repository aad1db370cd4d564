package dev.csl.interpreter;

/**
 * A line-aligned piece of a {@link TextDoc}: immutable text plus a lazily built filter of the
 * 4-character grams it contains, so that most searches skip most segments without scanning them.
 */
final class Segment {
    static final int FILTER_BITS = 1 << 16;
    private static final int GRAM = 4;
    private static final int PROBES = 8;

    final String text;
    private long[] filter;
    private int newlines = -1;

    Segment(String text) {
        this.text = text;
    }

    int length() {
        return text.length();
    }

    int newlines() {
        if (newlines < 0) {
            int count = 0;
            for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
                count++;
            }
            newlines = count;
        }
        return newlines;
    }

    /** False only when {@code pattern} certainly does not occur entirely inside this segment. */
    boolean mayContain(String pattern) {
        int m = pattern.length();
        if (m > text.length()) {
            return false;
        }
        if (m < GRAM) {
            return true;
        }
        long[] bits = filter();
        int last = m - GRAM;
        int probes = Math.min(PROBES, last + 1);
        for (int p = 0; p < probes; p++) {
            int at = probes == 1 ? 0 : (int) ((long) last * p / (probes - 1));
            int h = gram(pattern, at);
            if ((bits[h >>> 6] & (1L << h)) == 0) {
                return false;
            }
        }
        return true;
    }

    private long[] filter() {
        if (filter == null) {
            long[] bits = new long[FILTER_BITS / 64];
            String t = text;
            for (int i = 0, end = t.length() - GRAM; i <= end; i++) {
                int h = gram(t, i);
                bits[h >>> 6] |= 1L << h;
            }
            filter = bits;
        }
        return filter;
    }

    private static int gram(String s, int at) {
        int h = s.charAt(at);
        h = h * 31 + s.charAt(at + 1);
        h = h * 31 + s.charAt(at + 2);
        h = h * 31 + s.charAt(at + 3);
        return (h * 0x9E3779B9) >>> 16;
    }
}
