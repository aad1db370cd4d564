package dev.csl.runner.process;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Drains one output stream of a child on its own thread, keeping at most {@code cap} bytes. The
 * rest is read and dropped, so a chatty child never blocks on a full pipe.
 */
final class CappedStream implements Runnable {
    /** A line longer than this is passed on in pieces, so a newline-free stream cannot pile up. */
    private static final int MAX_LINE = 64 * 1024;

    private final InputStream in;
    private final long cap;
    private final Consumer<String> lines;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private long total;

    CappedStream(InputStream in, long cap) {
        this(in, cap, null);
    }

    /** As above; {@code lines} (or null) is given every line as it arrives, cap or not. */
    CappedStream(InputStream in, long cap, Consumer<String> lines) {
        this.in = in;
        this.cap = cap;
        this.lines = lines;
    }

    @Override
    public void run() {
        byte[] buffer = new byte[16 * 1024];
        try (in) {
            int n;
            while ((n = in.read(buffer)) != -1) {
                synchronized (this) {
                    long room = cap - kept.size();
                    if (room > 0) {
                        kept.write(buffer, 0, (int) Math.min(room, n));
                    }
                    total += n;
                }
                if (lines != null) {
                    passLines(buffer, n);
                }
            }
        } catch (IOException e) {
            // The pipe closes when the child is killed; what was read so far is the output.
        }
        if (lines != null && line.size() > 0) {
            emitLine();
        }
    }

    private void passLines(byte[] buffer, int n) {
        int from = 0;
        for (int i = 0; i < n; i++) {
            if (buffer[i] == '\n') {
                line.write(buffer, from, i - from);
                emitLine();
                from = i + 1;
            }
        }
        line.write(buffer, from, n - from);
        if (line.size() > MAX_LINE) {
            emitLine();
        }
    }

    private void emitLine() {
        byte[] bytes = line.toByteArray();
        line.reset();
        int end =
                bytes.length > 0 && bytes[bytes.length - 1] == '\r'
                        ? bytes.length - 1
                        : bytes.length;
        try {
            lines.accept(new String(bytes, 0, end, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            // A failing display must not stop the draining of the pipe.
        }
    }

    /** The text read so far; when cut, ends with a line saying how much was dropped. */
    synchronized String text() {
        byte[] bytes = kept.toByteArray();
        int length = completeUtf8Length(bytes);
        String text = new String(bytes, 0, length, StandardCharsets.UTF_8);
        if (total > kept.size()) {
            String separator = text.isEmpty() || text.endsWith("\n") ? "" : "\n";
            text +=
                    separator
                            + "[csl: output cut at "
                            + cap
                            + " bytes; "
                            + (total - kept.size())
                            + " more bytes dropped]\n";
        }
        return text;
    }

    /** Cutting at the cap may split a UTF-8 sequence; the partial character is left out. */
    private static int completeUtf8Length(byte[] bytes) {
        int end = bytes.length;
        int start = end - 1;
        while (start >= 0 && start >= end - 4 && (bytes[start] & 0xC0) == 0x80) {
            start--;
        }
        if (start < 0) {
            return end;
        }
        int lead = bytes[start] & 0xFF;
        int needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
        return end - start < needed ? start : end;
    }
}
