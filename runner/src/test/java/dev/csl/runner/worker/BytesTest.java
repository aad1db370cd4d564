package dev.csl.runner.worker;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte scans grep relies on agree with a plain search, on texts made to hold near misses. */
class BytesTest {

    @Test
    void literalIndexIn_randomTextsAndLiterals_sameAsStringIndexOf() {
        Random r = new Random(26);
        String alphabet = "ab(e \\n\\u0000\\u00ff";
        for (int round = 0; round < 20_000; round++) {
            int n = 1 + r.nextInt(9);
            StringBuilder lit = new StringBuilder();
            for (int k = 0; k < n; k++) {
                lit.append(alphabet.charAt(r.nextInt(alphabet.length())));
            }
            StringBuilder text = new StringBuilder();
            int len = r.nextInt(120);
            while (text.length() < len) {
                if (r.nextInt(8) == 0) {
                    text.append(lit, 0, 1 + r.nextInt(n)); // a prefix: a near miss or a hit
                } else {
                    text.append(alphabet.charAt(r.nextInt(alphabet.length())));
                }
            }
            byte[] buf = text.toString().getBytes(ISO_8859_1);
            int from = buf.length == 0 ? 0 : r.nextInt(buf.length);
            int to = from + r.nextInt(buf.length - from + 1);
            int expected = text.substring(0, to).indexOf(lit.toString(), from);
            assertThat(
                            new Bytes.Literal(lit.toString().getBytes(ISO_8859_1))
                                    .indexIn(buf, from, to))
                    .as("'%s' in '%s' [%d, %d)", lit, text, from, to)
                    .isEqualTo(expected);
        }
    }

    @Test
    void indexOfAndCount_everyByteValue_sameAsAPlainLoop() {
        Random r = new Random(7);
        for (int round = 0; round < 2_000; round++) {
            byte[] buf = new byte[r.nextInt(70)];
            for (int i = 0; i < buf.length; i++) {
                buf[i] = (byte) (r.nextInt(4) == 0 ? r.nextInt(256) : 'x');
            }
            byte b = (byte) (r.nextBoolean() ? r.nextInt(256) : 'x');
            int from = buf.length == 0 ? 0 : r.nextInt(buf.length);
            int to = from + r.nextInt(buf.length - from + 1);
            int first = -1;
            int count = 0;
            for (int i = from; i < to; i++) {
                if (buf[i] == b) {
                    first = first < 0 ? i : first;
                    count++;
                }
            }
            assertThat(Bytes.indexOf(buf, from, to, b)).isEqualTo(first);
            assertThat(Bytes.count(buf, from, to, b)).isEqualTo(count);
        }
    }
}
