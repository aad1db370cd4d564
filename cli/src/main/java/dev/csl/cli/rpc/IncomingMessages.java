package dev.csl.cli.rpc;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.function.Consumer;

/**
 * The messages a client sends, parsed, for both servers: read by {@link MessageReader} (one size
 * and UTF-8 rule, either framing), parsed by a mapper {@link RpcJson#widened widened} to that size.
 * What cannot become a message is answered here, with the request's id when its first bytes show
 * one, and reading goes on: a message too large or not UTF-8, one that is not JSON, one csl ran out
 * of memory reading, a wrong header that was read past. A header after which the next message
 * cannot be found ends the input.
 */
public final class IncomingMessages {
    private final MessageReader reader;
    private final ObjectMapper mapper;
    private final MessageWriter writer;
    private final Consumer<JsonNode> send;
    private final String server;
    private final PrintStream log;

    /**
     * @param framing how messages are delimited (csl mcp: lines; csl serve: as it finds or is told)
     * @param writer answers in the framing the client used
     * @param send writes a response (the server's own writing, so responses never interleave)
     * @param server the command, for messages and the log: {@code csl serve}, {@code csl mcp}
     */
    public IncomingMessages(
            InputStream in,
            MessageReader.Framing framing,
            ObjectMapper mapper,
            MessageWriter writer,
            Consumer<JsonNode> send,
            String server,
            PrintStream log) {
        this.reader = new MessageReader(in, framing);
        this.mapper = RpcJson.widened(mapper);
        this.writer = writer;
        this.send = send;
        this.server = server;
        this.log = log;
    }

    /** The next message, or null at the end of input (or when reading cannot go on). */
    public JsonNode next() {
        while (true) {
            byte[] bytes = nextBytes();
            if (bytes == null) {
                return null;
            }
            if (bytes.length == 0) {
                continue; // refused and answered already
            }
            JsonNode message = parse(bytes);
            if (message != null) {
                return message;
            }
        }
    }

    /** The mapper messages are parsed with, for a server that writes with the same settings. */
    public ObjectMapper mapper() {
        return mapper;
    }

    private JsonNode parse(byte[] bytes) {
        try {
            return mapper.readTree(bytes);
        } catch (IOException e) { // a JsonProcessingException: nothing else reads a byte[]
            // The id, when the message shows one before it breaks, lets the client match this.
            answer(
                    RpcJson.peekId(bytes, bytes.length),
                    new RpcError(
                            RpcError.PARSE_ERROR,
                            "Parse error: the message is not valid JSON",
                            e instanceof JsonProcessingException j
                                    ? j.getOriginalMessage()
                                    : e.getMessage()));
            return null;
        } catch (OutOfMemoryError e) {
            answer(null, outOfMemory("reading this request", server));
            return null;
        }
    }

    /** The next message's bytes; empty after answering one refused unread; null at the end. */
    private byte[] nextBytes() {
        try {
            byte[] bytes = reader.next();
            writer.useHeaders(reader.framing() == MessageReader.Framing.HEADER);
            return bytes;
        } catch (MessageReader.RefusedMessage e) {
            // Too large or not UTF-8: refused on its own, with its id when it shows one.
            log.println(server + ": " + e.getMessage());
            answer(e.id, new RpcError(e.code, e.getMessage(), null));
            return new byte[0];
        } catch (MessageReader.FramingException e) {
            log.println(server + ": " + e.getMessage());
            answer(null, framingError(e));
            return e.resumable ? new byte[0] : null;
        } catch (IOException e) {
            log.println(server + ": cannot read the next message, stopping: " + e.getMessage());
            return null;
        } catch (OutOfMemoryError e) {
            // a message too large to hold must not end the server
            answer(null, outOfMemory("reading a message", server));
            return new byte[0];
        }
    }

    private void answer(JsonNode id, RpcError error) {
        writer.useHeaders(reader.framing() == MessageReader.Framing.HEADER);
        send.accept(RpcMessages.error(id, error));
    }

    private RpcError framingError(MessageReader.FramingException e) {
        return e.resumable
                ? new RpcError(RpcError.INVALID_REQUEST, "Invalid request: " + e.getMessage(), null)
                : new RpcError(
                        RpcError.PARSE_ERROR,
                        "Parse error: "
                                + e.getMessage()
                                + "; "
                                + server
                                + " cannot find the next message and stops",
                        null);
    }

    /**
     * The error of a request csl ran out of memory on, outside any apply (which reports its own
     * {@code limit_exceeded}): the request fails, the server goes on.
     */
    public static RpcError outOfMemory(String doing, String server) {
        return new RpcError(
                RpcError.INTERNAL_ERROR,
                "Internal error: csl ran out of memory "
                        + doing
                        + "; the request was not carried out and "
                        + server
                        + " goes on",
                null);
    }
}
