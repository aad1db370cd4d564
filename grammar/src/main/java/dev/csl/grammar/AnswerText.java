package dev.csl.grammar;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeSet;

/**
 * An answer as text, and the lines whose bytes were not UTF-8 (each malformed sequence became
 * U+FFFD). Kept apart so that an operation holding such a line is refused ({@code
 * invalid_encoding}) instead of writing U+FFFD into a file.
 *
 * @param text the decoded answer
 * @param invalidLines 1-based lines that held malformed bytes, ascending
 */
public record AnswerText(String text, List<Integer> invalidLines) {
    public AnswerText {
        invalidLines = List.copyOf(invalidLines);
    }

    /** Text that was never bytes (a JSON string): nothing malformed. */
    public static AnswerText of(String text) {
        return new AnswerText(text, List.of());
    }

    public static AnswerText decode(byte[] bytes) {
        CharsetDecoder decoder =
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length + 1);
        TreeSet<Integer> lines = new TreeSet<>();
        int counted = 0;
        int line = 1;
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isUnderflow()) {
                decoder.flush(out);
                break;
            }
            if (result.isError()) {
                int at = in.position();
                for (; counted < at; counted++) {
                    if (bytes[counted] == '\n') {
                        line++;
                    }
                }
                lines.add(line);
                out.put('\uFFFD');
                in.position(at + result.length());
            } else {
                throw new IllegalStateException("UTF-8 decoding overflowed: " + result);
            }
        }
        out.flip();
        return new AnswerText(out.toString(), List.copyOf(lines));
    }
}
