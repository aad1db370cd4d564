package dev.csl.cli.serve;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes whole JSON-RPC messages, one per line (or each after LSP's {@code Content-Length} header,
 * in the framing the client used), from many threads: a message is serialized before the lock is
 * taken and written and flushed under it, so messages never interleave.
 */
final class LineWriter {
    private final OutputStream out;
    private boolean broken;
    private volatile boolean headers;

    /** Answer with {@code Content-Length:} headers instead of one message per line. */
    void useHeaders(boolean value) {
        headers = value;
    }

    LineWriter(OutputStream out) {
        this.out = out;
    }

    synchronized void writeLine(String json) {
        writeLine(json.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code json} already UTF-8: a large message is never copied into a String and back. */
    synchronized void writeLine(byte[] json) {
        if (broken) {
            return;
        }
        try {
            if (headers) {
                out.write(
                        ("Content-Length: " + json.length + "\r\n\r\n")
                                .getBytes(StandardCharsets.US_ASCII));
            }
            out.write(json);
            if (!headers) {
                out.write('\n');
            }
            out.flush();
        } catch (IOException e) {
            // The client went away; there is nobody left to answer.
            broken = true;
            throw new UncheckedIOException(e);
        }
    }
}
