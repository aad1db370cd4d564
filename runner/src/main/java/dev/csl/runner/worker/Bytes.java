package dev.csl.runner.worker;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Byte scans for grep over a file's raw bytes, eight bytes at a time (the "has a zero byte" word
 * trick), so that a search never decodes a line it does not print: the NUL that makes a file
 * binary, newlines for line numbers, and a literal's first byte.
 */
final class Bytes {
    private static final VarHandle LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private Bytes() {}

    /** Where {@code b} first occurs in {@code buf[from, to)}, or -1. */
    static int indexOf(byte[] buf, int from, int to, byte b) {
        long pattern = ONES * (b & 0xff);
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(buf, i) ^ pattern;
            long found = (w - ONES) & ~w & HIGHS;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** Where {@code b} last occurs in {@code buf[from, to)}, or -1. */
    static int lastIndexOf(byte[] buf, int from, int to, byte b) {
        for (int i = to - 1; i >= from; i--) {
            if (buf[i] == b) {
                return i;
            }
        }
        return -1;
    }

    /** How many times {@code b} occurs in {@code buf[from, to)}. */
    static int count(byte[] buf, int from, int to, byte b) {
        long pattern = ONES * (b & 0xff);
        int n = 0;
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(buf, i) ^ pattern;
            // exact per byte: the high bit of each byte of w, or of w's low seven bits plus 0x7f
            long t = ~(((w & ~HIGHS) + ~HIGHS) | w | ~HIGHS);
            n += Long.bitCount(t);
        }
        for (; i < to; i++) {
            if (buf[i] == b) {
                n++;
            }
        }
        return n;
    }

    /**
     * A literal to find in raw bytes, by Boyer-Moore-Horspool on pairs of bytes: the two bytes at
     * the end of the window say how far it may jump, and in text most pairs occur nowhere in the
     * literal, so the window jumps by about the literal's length (a single byte such as {@code e}
     * would let it jump only a few bytes). Literals of one to three bytes use the single-byte
     * table.
     */
    static final class Literal {
        private final byte[] bytes;
        private final int[] shift;
        private final boolean pairs;

        Literal(byte[] bytes) {
            if (bytes.length == 0) {
                throw new IllegalArgumentException("empty literal");
            }
            this.bytes = bytes.clone();
            int n = bytes.length;
            this.pairs = n >= 4;
            if (pairs) {
                // shift[(x << 8) | y]: how far a window ending in the pair x y may move on
                shift = new int[1 << 16];
                java.util.Arrays.fill(shift, n);
                int first = bytes[0] & 0xff;
                for (int x = 0; x < 256; x++) {
                    shift[(x << 8) | first] = n - 1; // y may be the literal's first byte
                }
                for (int k = 1; k < n; k++) {
                    shift[((bytes[k - 1] & 0xff) << 8) | (bytes[k] & 0xff)] = n - 1 - k;
                }
            } else {
                shift = new int[256];
                java.util.Arrays.fill(shift, n);
                for (int k = 0; k < n - 1; k++) {
                    shift[bytes[k] & 0xff] = n - 1 - k;
                }
            }
        }

        /** Where the literal first occurs in {@code buf[from, to)}, or -1. */
        int indexIn(byte[] buf, int from, int to) {
            int n = bytes.length;
            int i = from + n - 1; // the window's last byte
            while (i < to) {
                int s =
                        pairs
                                ? shift[((buf[i - 1] & 0xff) << 8) | (buf[i] & 0xff)]
                                : shift[buf[i] & 0xff];
                if (s == 0 || !pairs && buf[i] == bytes[n - 1]) {
                    // the window may hold the literal: compare it backwards from the end
                    int at = i - n + 1;
                    int k = n - 1;
                    while (k >= 0 && buf[at + k] == bytes[k]) {
                        k--;
                    }
                    if (k < 0) {
                        return at;
                    }
                    s = Math.max(s, 1);
                }
                i += s;
            }
            return -1;
        }
    }
}
