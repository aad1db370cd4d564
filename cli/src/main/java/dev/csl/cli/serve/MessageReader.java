package dev.csl.cli.serve;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads JSON-RPC messages in either framing {@code csl serve} speaks: one message per line, or
 * LSP's {@code Content-Length:} headers (what vscode-jsonrpc's stock reader and writer use). The
 * framing is taken from the first bytes of the stream unless one is chosen.
 */
final class MessageReader {
    /** How messages are delimited. */
    enum Framing {
        AUTO,
        LINE,
        HEADER
    }

    private static final byte[] HEADER_START = "content-".getBytes(StandardCharsets.US_ASCII);

    /**
     * The largest message body accepted with header framing. An answer is text an LLM wrote, far
     * below this; the limit keeps a wrong Content-Length from making csl allocate gigabytes.
     */
    static final int MAX_BODY_BYTES = 64 << 20;

    /**
     * Header framing that cannot be read. {@code resumable}: the stream is still in step (an
     * oversized body was skipped), so the next message can be read; otherwise where the next
     * message starts is unknown and reading must stop.
     */
    static final class FramingException extends IOException {
        final boolean resumable;

        FramingException(String message, boolean resumable) {
            super(message);
            this.resumable = resumable;
        }
    }

    private final BufferedInputStream in;
    private Framing framing;

    MessageReader(InputStream in, Framing framing) {
        this.in = new BufferedInputStream(in, 1 << 16);
        this.framing = framing;
    }

    /** The framing in use: known once the first message has been read. */
    Framing framing() {
        return framing;
    }

    /** The next message's text; blank lines are skipped; null at the end of input. */
    String next() throws IOException {
        if (framing == Framing.AUTO) {
            framing = startsWithHeader() ? Framing.HEADER : Framing.LINE;
        }
        return framing == Framing.HEADER ? nextWithHeaders() : nextLine();
    }

    private boolean startsWithHeader() throws IOException {
        in.mark(HEADER_START.length);
        try {
            for (byte expected : HEADER_START) {
                int b = in.read();
                if (b < 0 || Character.toLowerCase((char) b) != (char) expected) {
                    return false;
                }
            }
            return true;
        } finally {
            in.reset();
        }
    }

    private String nextLine() throws IOException {
        while (true) {
            String line = readLine();
            if (line == null || !line.isBlank()) {
                return line;
            }
        }
    }

    /**
     * Headers up to an empty line, then exactly Content-Length bytes of UTF-8. Other headers
     * (Content-Type) are read and ignored, as LSP does.
     */
    private String nextWithHeaders() throws IOException {
        long length = -1;
        boolean sawHeader = false;
        while (true) {
            String header = readLine();
            if (header == null) {
                return null;
            }
            if (header.isEmpty()) {
                if (length >= 0) {
                    break;
                }
                if (sawHeader) {
                    throw new FramingException("a header block without Content-Length", false);
                }
                continue; // stray blank line between messages
            }
            sawHeader = true;
            int colon = header.indexOf(':');
            String name = colon > 0 ? header.substring(0, colon).trim() : "";
            if (!name.matches("[A-Za-z0-9-]+")) {
                throw new FramingException(
                        "expected a header such as 'Content-Length: 42', got '"
                                + shorten(header)
                                + "'",
                        false);
            }
            if (name.toLowerCase(Locale.ROOT).equals("content-length")) {
                String value = header.substring(colon + 1).trim();
                try {
                    length = value.matches("[0-9]{1,18}") ? Long.parseLong(value) : -1;
                } catch (NumberFormatException e) {
                    length = -1;
                }
                if (length < 0) {
                    throw new FramingException(
                            "Content-Length must be a number of bytes, not '"
                                    + shorten(value)
                                    + "'",
                            false);
                }
            }
        }
        if (length > MAX_BODY_BYTES) {
            // Skipped rather than stopping: the next message starts right after it.
            for (long left = length; left > 0; ) {
                long n = in.skip(left);
                if (n <= 0) {
                    if (in.read() < 0) {
                        return null; // the stream ended inside the message
                    }
                    n = 1;
                }
                left -= n;
            }
            throw new FramingException(
                    "message of "
                            + length
                            + " bytes exceeds the limit of "
                            + MAX_BODY_BYTES
                            + " bytes; it was skipped",
                    true);
        }
        byte[] body = in.readNBytes((int) length);
        if (body.length < length) {
            return null; // the stream ended inside a message
        }
        return new String(body, StandardCharsets.UTF_8);
    }

    private static String shorten(String text) {
        return text.length() <= 60 ? text : text.substring(0, 60) + "…";
    }

    /** A line of UTF-8 without its terminator ({@code \n} or {@code \r\n}); null at the end. */
    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                break;
            }
            line.write(b);
        }
        if (b < 0 && line.size() == 0) {
            return null;
        }
        byte[] bytes = line.toByteArray();
        int end =
                bytes.length > 0 && bytes[bytes.length - 1] == '\r'
                        ? bytes.length - 1
                        : bytes.length;
        return new String(bytes, 0, end, StandardCharsets.UTF_8);
    }
}
