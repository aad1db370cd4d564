package dev.csl.interpreter;

/**
 * How much a naive string search can cost for one pattern. At each position of the text it compares
 * as many characters as match there; positions where a prefix of length L matches lie at least the
 * smallest period of that prefix apart, so the whole search costs at most the text's length times
 * the sum, over L, of 1 / period(L). For code that sum is about the logarithm of the pattern's
 * length plus its first line's indentation; for {@code \n\n\n…a} it is the pattern's length.
 */
final class Periodicity {
    /** Patterns up to this length are searched naively whatever they hold. */
    static final int SAFE_LENGTH = 64;

    /** Above this many comparisons per text character, the pattern is searched in linear time. */
    static final double MAX_WORK = 128;

    private Periodicity() {}

    /** {@code border[i]}: the length of the longest proper border of {@code p[0..i]}. */
    static int[] borders(String p) {
        int[] border = new int[p.length()];
        int k = 0;
        for (int i = 1; i < p.length(); i++) {
            while (k > 0 && p.charAt(i) != p.charAt(k)) {
                k = border[k - 1];
            }
            if (p.charAt(i) == p.charAt(k)) {
                k++;
            }
            border[i] = k;
        }
        return border;
    }

    /** The bound on a naive search's comparisons per text character (see above). */
    static double workPerChar(int[] border) {
        double work = 0;
        for (int i = 0; i < border.length; i++) {
            int length = i + 1;
            work += 1.0 / (length - border[i]);
            if (work > MAX_WORK) {
                return work;
            }
        }
        return work;
    }
}
