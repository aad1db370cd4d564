package dev.csl.runner.external;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Drains one output stream of a child on its own thread, keeping at most {@code cap} bytes. The
 * rest is read and dropped, so a chatty child never blocks on a full pipe.
 */
final class CappedStream implements Runnable {
    private final InputStream in;
    private final long cap;
    private final ByteArrayOutputStream kept = new ByteArrayOutputStream();
    private long total;

    CappedStream(InputStream in, long cap) {
        this.in = in;
        this.cap = cap;
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
            }
        } catch (IOException e) {
            // The pipe closes when the child is killed; what was read so far is the output.
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
