package dev.csl.cli;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The result section {@code csl watch} puts at the top of the watched file, between two marker
 * lines that are HTML comments: markdown viewers hide them, no CSL parser takes them for a marker,
 * and they are stripped before the answer below them is hashed or parsed.
 */
final class WatchSummary {
    static final String START =
            "<!-- csl watch: result of the answer below; replaced on every run, edit below it -->";
    static final String END = "<!-- csl watch: end of result -->";

    private WatchSummary() {}

    /** Lines above the answer in FILE once {@code summary} is put at its top as its section. */
    static int linesAbove(String summary) {
        return (int) summary.strip().chars().filter(c -> c == '\n').count() + 4;
    }

    /** The text without a leading summary section (and the blank line after it). */
    static String strip(String text) {
        String body = text.startsWith("\uFEFF") ? text.substring(1) : text;
        if (!body.startsWith(START)) {
            return text;
        }
        int end = body.indexOf(END);
        if (end < 0) {
            return text; // a damaged section is left as it is, and parsed as prose
        }
        int after = body.indexOf('\n', end);
        if (after < 0) {
            return "";
        }
        String rest = body.substring(after + 1);
        return rest.startsWith("\n")
                ? rest.substring(1)
                : rest.startsWith("\r\n") ? rest.substring(2) : rest;
    }

    /**
     * FILE's bytes with its summary section (if any) replaced by {@code summary}. Everything after
     * the old section is kept byte for byte, so the user's line endings, a byte-order mark and even
     * bytes that are not UTF-8 survive; the section itself takes the answer's line ending.
     */
    static byte[] replace(byte[] file, String summary) {
        int bom = startsWith(file, 0, BOM) ? BOM.length : 0;
        int rest = bom;
        if (startsWith(file, bom, START_BYTES)) {
            int end = indexOf(file, END_BYTES, bom);
            if (end >= 0) { // a damaged section (no end line) stays, as prose, like in strip
                int after = indexOf(file, new byte[] {'\n'}, end);
                rest = after < 0 ? file.length : after + 1;
                if (startsWith(file, rest, new byte[] {'\n'})) {
                    rest += 1;
                } else if (startsWith(file, rest, new byte[] {'\r', '\n'})) {
                    rest += 2;
                }
            }
        }
        String newline = crlf(file, rest) ? "\r\n" : "\n";
        String section =
                (START + "\n" + summary.strip() + "\n" + END + "\n\n").replace("\n", newline);
        byte[] head = section.getBytes(StandardCharsets.UTF_8);
        byte[] result = new byte[bom + head.length + file.length - rest];
        System.arraycopy(file, 0, result, 0, bom);
        System.arraycopy(head, 0, result, bom, head.length);
        System.arraycopy(file, rest, result, bom + head.length, file.length - rest);
        return result;
    }

    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    private static final byte[] START_BYTES = START.getBytes(StandardCharsets.UTF_8);
    private static final byte[] END_BYTES = END.getBytes(StandardCharsets.UTF_8);

    /** True when the first line ending from {@code from} on is CRLF. */
    private static boolean crlf(byte[] b, int from) {
        int lf = indexOf(b, new byte[] {'\n'}, from);
        return lf > from && b[lf - 1] == '\r';
    }

    private static boolean startsWith(byte[] b, int at, byte[] prefix) {
        return at + prefix.length <= b.length
                && Arrays.equals(b, at, at + prefix.length, prefix, 0, prefix.length);
    }

    private static int indexOf(byte[] b, byte[] what, int from) {
        for (int i = from; i + what.length <= b.length; i++) {
            if (startsWith(b, i, what)) {
                return i;
            }
        }
        return -1;
    }
}
