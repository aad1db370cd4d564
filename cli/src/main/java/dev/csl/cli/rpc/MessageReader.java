package dev.csl.cli.rpc;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads JSON-RPC messages in either framing {@code csl serve} speaks: one message per line, or
 * LSP's {@code Content-Length:} headers (what vscode-jsonrpc's stock reader and writer use). The
 * framing is taken from the first bytes of the stream unless one is chosen.
 */
public final class MessageReader {
    /** How messages are delimited. */
    public enum Framing {
        AUTO,
        LINE,
        HEADER
    }

    private static final byte[] HEADER_START = "content-".getBytes(StandardCharsets.US_ASCII);

    /**
     * The largest message accepted, in either framing. An answer is text an LLM wrote, far below
     * this; the limit keeps a wrong Content-Length or an endless line from making csl allocate
     * gigabytes.
     */
    public static final int MAX_BODY_BYTES = RpcJson.MAX_MESSAGE_BYTES;

    /**
     * A message that was read past and is refused on its own; the stream is still in step, so the
     * next message can be read. {@code code} is the JSON-RPC error code, {@code id} the request's
     * id when its first bytes show it (else null).
     */
    public static final class RefusedMessage extends IOException {
        public final int code;
        public final com.fasterxml.jackson.databind.JsonNode id;

        RefusedMessage(int code, String message, byte[] start, int startLength) {
            super(message);
            this.code = code;
            this.id = RpcJson.peekId(start, startLength);
        }
    }

    /**
     * Header framing that cannot be read. {@code resumable}: the stream is still in step (an
     * oversized body was skipped), so the next message can be read; otherwise where the next
     * message starts is unknown and reading must stop.
     */
    public static final class FramingException extends IOException {
        public final boolean resumable;

        FramingException(String message, boolean resumable) {
            super(message);
            this.resumable = resumable;
        }
    }

    private final BufferedInputStream in;
    private Framing framing;

    public MessageReader(InputStream in, Framing framing) {
        this.in = new BufferedInputStream(in, 1 << 16);
        this.framing = framing;
    }

    /** The framing in use: known once the first message has been read. */
    public Framing framing() {
        return framing;
    }

    /**
     * The next message's bytes, checked to be UTF-8 (parsed from bytes: no String of a large
     * message on the way); blank lines are skipped; null at the end of input. A message over the
     * limit or not UTF-8 is read past and thrown as a {@link RefusedMessage}.
     */
    public byte[] next() throws IOException {
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

    private byte[] nextLine() throws IOException {
        while (true) {
            byte[] line = readLine(MAX_BODY_BYTES);
            if (line == null) {
                return null;
            }
            if (!isBlank(line)) {
                return checkedUtf8(line);
            }
        }
    }

    private static boolean isBlank(byte[] line) {
        for (byte b : line) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\f' && b != 0x0b) {
                return false;
            }
        }
        return true;
    }

    /**
     * Headers up to an empty line, then exactly Content-Length bytes of UTF-8. Other headers
     * (Content-Type) are read and ignored, as LSP does.
     */
    private byte[] nextWithHeaders() throws IOException {
        long length = -1;
        boolean sawHeader = false;
        while (true) {
            byte[] headerBytes = readLine(HEADER_LINE_BYTES);
            if (headerBytes == null) {
                return null;
            }
            String header = new String(headerBytes, StandardCharsets.UTF_8);
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
            // Read past, never seeked past (a pipe cannot seek): the next message starts after it.
            byte[] start = new byte[RpcJson.ID_WINDOW];
            int startLength = in.readNBytes(start, 0, start.length);
            if (!discard(length - startLength)) {
                return null; // the stream ended inside the message
            }
            throw tooLarge(length + " bytes", start, startLength);
        }
        byte[] body = in.readNBytes((int) length);
        if (body.length < length) {
            return null; // the stream ended inside a message
        }
        return checkedUtf8(body);
    }

    /** Reads and drops {@code count} bytes; false when the stream ends first. */
    private boolean discard(long count) throws IOException {
        byte[] sink = new byte[1 << 16];
        for (long left = count; left > 0; ) {
            int n = in.read(sink, 0, (int) Math.min(sink.length, left));
            if (n < 0) {
                return false;
            }
            left -= n;
        }
        return true;
    }

    private static RefusedMessage tooLarge(String size, byte[] start, int startLength) {
        return new RefusedMessage(
                RpcError.INVALID_REQUEST,
                "Invalid request: a message of "
                        + size
                        + " exceeds the limit of "
                        + MAX_BODY_BYTES
                        + " bytes (129 MiB, room for a 64 MiB answer); it was skipped",
                start,
                startLength);
    }

    /**
     * The message, or refused when it is not UTF-8: never decoded with U+FFFD in place of the bad
     * bytes, which would end up in the files a request writes. Checked in slices, without a copy.
     */
    private static byte[] checkedUtf8(byte[] bytes) throws RefusedMessage {
        CharsetDecoder decoder =
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer input = ByteBuffer.wrap(bytes);
        CharBuffer slice = CharBuffer.allocate(1 << 13);
        CoderResult result;
        do {
            slice.clear();
            result = decoder.decode(input, slice, true);
        } while (result.isOverflow());
        if (!result.isError()) {
            return bytes;
        }
        throw new RefusedMessage(
                RpcError.PARSE_ERROR,
                "Parse error: the message is not UTF-8 text (invalid byte 0x"
                        + String.format("%02X", bytes[input.position()] & 0xff)
                        + " at byte offset "
                        + input.position()
                        + "); send every character as UTF-8 or as a JSON escape such as"
                        + " \\u00e9",
                bytes,
                bytes.length);
    }

    private static String shorten(String text) {
        return text.length() <= 60 ? text : text.substring(0, 60) + "…";
    }

    /** The longest header line read; a longer one is not a header. */
    private static final int HEADER_LINE_BYTES = 8 << 10;

    /**
     * A line's bytes without its terminator ({@code \n} or {@code \r\n}); null at the end. A line
     * over {@code limit} bytes is read past up to its end and refused.
     */
    private byte[] readLine(int limit) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        long length = 0;
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                break;
            }
            length++;
            if (length <= (long) limit + 1) { // + 1: room for a '\r' before the '\n'
                line.write(b);
            }
        }
        if (b < 0 && length == 0) {
            return null;
        }
        byte[] bytes = line.toByteArray();
        long end =
                length > 0 && bytes[bytes.length - 1] == '\r' && length == bytes.length
                        ? length - 1
                        : length;
        if (end > limit) {
            if (framing == Framing.HEADER) {
                throw new FramingException("a header line over " + limit + " bytes", false);
            }
            throw tooLarge(
                    "more than " + limit + " bytes",
                    bytes,
                    Math.min(bytes.length, RpcJson.ID_WINDOW));
        }
        return java.util.Arrays.copyOf(bytes, (int) end);
    }
}
