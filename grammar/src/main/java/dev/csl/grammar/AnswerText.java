package dev.csl.grammar;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

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

    /** From this size on the two halves of an answer are decoded on two threads. */
    static final int HALVES_FROM = 1 << 20;

    public static AnswerText decode(byte[] bytes) {
        // The String constructor's decoder is many times faster than a CharsetDecoder loop (10 MB:
        // ~10 ms against ~130 ms cold). It replaces bad bytes with U+FFFD, so only an answer whose
        // text holds U+FFFD (bad bytes, or a real U+FFFD) needs the slow pass that finds lines.
        String fast =
                bytes.length >= HALVES_FROM
                        ? decodeInHalves(bytes)
                        : new String(bytes, StandardCharsets.UTF_8);
        if (fast.indexOf('\uFFFD') < 0) {
            return new AnswerText(fast, List.of());
        }
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

    /**
     * Decodes a big answer on two threads (a cold JVM decodes text with many non-ASCII characters
     * at C1 speed: ~40 ms for 10 MB). The cut is after a line feed, which never sits inside a
     * multi-byte sequence, so the result is the same as one decoding of the whole.
     */
    private static String decodeInHalves(byte[] bytes) {
        int mid = bytes.length / 2;
        while (mid < bytes.length && bytes[mid] != '\n') {
            mid++;
        }
        int cut = mid + 1;
        if (cut >= bytes.length) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        FutureTask<String> second =
                new FutureTask<>(
                        () -> new String(bytes, cut, bytes.length - cut, StandardCharsets.UTF_8));
        Thread thread = new Thread(second, "csl-decode");
        thread.setDaemon(true);
        thread.start();
        String first = new String(bytes, 0, cut, StandardCharsets.UTF_8);
        try {
            return first.concat(second.get());
        } catch (ExecutionException e) {
            throw new IllegalStateException("decoding failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return first.concat(new String(bytes, cut, bytes.length - cut, StandardCharsets.UTF_8));
        }
    }
}
