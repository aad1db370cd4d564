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

    /**
     * The filter bits a segment must have to contain {@code pattern}: a few of its grams, spread
     * over it; null when the pattern is too short to filter on. Computed once per search.
     */
    static int[] probes(String pattern) {
        int m = pattern.length();
        if (m < GRAM) {
            return null;
        }
        int last = m - GRAM;
        int n = Math.min(PROBES, last + 1);
        int[] bits = new int[n];
        for (int p = 0; p < n; p++) {
            int at = n == 1 ? 0 : (int) ((long) last * p / (n - 1));
            int g = 0;
            for (int i = at; i < at + GRAM; i++) {
                g = (g << 8) ^ pattern.charAt(i);
            }
            bits[p] = mix(g);
        }
        return bits;
    }

    /** False only when a pattern with these probes certainly does not occur inside this segment. */
    boolean mayContain(int[] probes, int patternLength) {
        if (patternLength > text.length()) {
            return false;
        }
        if (probes == null) {
            return true;
        }
        long[] bits = filter();
        for (int h : probes) {
            if ((bits[h >>> 6] & (1L << h)) == 0) {
                return false;
            }
        }
        return true;
    }

    private long[] filter() {
        if (filter == null) {
            long[] bits = new long[FILTER_BITS / 64];
            char[] chars = text.toCharArray();
            // Rolling: after four shifts by 8 an older character has left the 32-bit register,
            // so g depends on exactly the last four characters, as in probes().
            int g = 0;
            for (int i = 0; i < chars.length; i++) {
                g = (g << 8) ^ chars[i];
                if (i >= GRAM - 1) {
                    int h = mix(g);
                    bits[h >>> 6] |= 1L << h;
                }
            }
            filter = bits;
        }
        return filter;
    }

    private static int mix(int g) {
        return (g * 0x9E3779B9) >>> 16;
    }
}
