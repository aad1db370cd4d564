package dev.csl.interpreter;

/** UTF-8 lengths of text, counted without encoding it. */
final class Utf8 {
    private Utf8() {}

    /** The UTF-8 bytes of {@code s} from {@code from} to {@code to} (an unpaired surrogate: 3). */
    static long length(CharSequence s, int from, int to) {
        long bytes = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes++;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < to
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
