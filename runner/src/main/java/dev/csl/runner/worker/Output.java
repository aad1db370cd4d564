package dev.csl.runner.worker;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One captured output stream of a built-in: keeps the first {@code cap} bytes and counts the rest,
 * so a runaway command cannot fill the worker's memory, and says where it was cut.
 */
final class Output {
    private final long cap;
    private final ByteArrayOutputStream buf = new ByteArrayOutputStream(256);
    private long dropped;

    Output(long cap) {
        this.cap = cap;
    }

    void write(byte[] b, int off, int len) {
        long room = cap - buf.size();
        int keep = (int) Math.max(0, Math.min(room, len));
        buf.write(b, off, keep);
        dropped += len - keep;
    }

    void write(byte[] b) {
        write(b, 0, b.length);
    }

    void print(String s) {
        write(s.getBytes(StandardCharsets.UTF_8));
    }

    void println(String s) {
        print(s);
        write(NEWLINE);
    }

    /** The cap this output was made with. */
    long cap() {
        return cap;
    }

    /** Adds what {@code other} kept and counts what it dropped, as if written here. */
    void append(Output other) {
        byte[] kept = other.buf.toByteArray();
        write(kept, 0, kept.length);
        dropped += other.dropped;
    }

    /** True once the cap is reached; commands may stop producing output then. */
    boolean full() {
        return buf.size() >= cap;
    }

    /** The kept output as text, with a marker line when something was cut. */
    String text() {
        String s = buf.toString(StandardCharsets.UTF_8);
        if (dropped == 0) {
            return s;
        }
        return s
                + (s.endsWith("\n") ? "" : "\n")
                + "[csl: output cut at "
                + cap
                + " bytes; "
                + dropped
                + " more bytes not shown]\n";
    }

    private static final byte[] NEWLINE = {'\n'};
}
