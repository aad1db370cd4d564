package dev.csl.cli.serve;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes whole JSON-RPC messages, one per line, from many threads: a message is serialized before
 * the lock is taken and written and flushed under it, so lines never interleave.
 */
final class LineWriter {
    private final OutputStream out;
    private boolean broken;

    LineWriter(OutputStream out) {
        this.out = out;
    }

    synchronized void writeLine(String json) {
        if (broken) {
            return;
        }
        byte[] bytes = (json + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            out.write(bytes);
            out.flush();
        } catch (IOException e) {
            // The client went away; there is nobody left to answer.
            broken = true;
            throw new UncheckedIOException(e);
        }
    }
}
