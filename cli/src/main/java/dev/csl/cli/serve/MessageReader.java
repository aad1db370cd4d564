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

    /** Headers up to an empty line, then exactly Content-Length bytes of UTF-8. */
    private String nextWithHeaders() throws IOException {
        long length = -1;
        while (true) {
            String header = readLine();
            if (header == null) {
                return null;
            }
            if (header.isEmpty()) {
                if (length >= 0) {
                    break;
                }
                continue; // stray blank line between messages
            }
            int colon = header.indexOf(':');
            if (colon > 0
                    && header.substring(0, colon)
                            .trim()
                            .toLowerCase(Locale.ROOT)
                            .equals("content-length")) {
                try {
                    length = Long.parseLong(header.substring(colon + 1).trim());
                } catch (NumberFormatException e) {
                    throw new IOException("bad Content-Length header: " + header);
                }
            }
        }
        if (length > Integer.MAX_VALUE - 16) {
            throw new IOException("message too large: Content-Length " + length);
        }
        byte[] body = in.readNBytes((int) length);
        if (body.length < length) {
            return null; // the stream ended inside a message
        }
        return new String(body, StandardCharsets.UTF_8);
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
