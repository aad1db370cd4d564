package dev.csl.cli.rpc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Writes whole JSON-RPC messages, one per line (or each after LSP's {@code Content-Length} header,
 * in the framing the client used), from many threads: a message is written and flushed under one
 * lock, so messages never interleave.
 */
public final class MessageWriter {
    private final OutputStream out;
    private final ObjectWriter json;
    private final PrintStream log;
    private final String server;
    private boolean broken;
    private volatile boolean headers;

    /**
     * @param mapper serializes messages
     * @param server the command, for the log: {@code csl serve}, {@code csl mcp}
     * @param log where a message that cannot be written is reported
     */
    public MessageWriter(OutputStream out, ObjectMapper mapper, String server, PrintStream log) {
        this.out = out;
        this.json = mapper.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        this.server = server;
        this.log = log;
    }

    /**
     * Serializes {@code message} whole first, so that running out of memory on a huge response
     * writes nothing half: the request's id then gets an out-of-memory error instead.
     */
    public void send(JsonNode message) {
        byte[] bytes;
        try {
            // Straight to UTF-8 bytes: no String of a multi-megabyte response on the way.
            bytes = json.writeValueAsBytes(message);
        } catch (OutOfMemoryError e) {
            bytes = fallback(message.get("id"));
        } catch (JsonProcessingException e) {
            bytes =
                    ("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,"
                                    + "\"message\":\"Internal error: response not"
                                    + " serializable\"}}")
                            .getBytes(StandardCharsets.UTF_8);
        }
        try {
            writeLine(bytes);
        } catch (RuntimeException e) {
            log.println(server + ": cannot write a message: " + e.getMessage());
        }
    }

    /**
     * Writes {@code message} as it is serialized, one per line, with no copy of it in memory (the
     * line framing only: a header needs the length first).
     */
    public synchronized void stream(JsonNode message) {
        if (headers) {
            send(message);
            return;
        }
        if (broken) {
            return;
        }
        try {
            json.writeValue(out, message);
            out.write('\n');
            out.flush();
        } catch (IOException e) {
            broken = true; // the client went away; there is nobody left to answer
            log.println(server + ": could not write a message: " + e);
        }
    }

    private byte[] fallback(JsonNode id) {
        RpcError error = IncomingMessages.outOfMemory("writing the response", server);
        try {
            return json.writeValueAsBytes(RpcMessages.error(id, error));
        } catch (JsonProcessingException | OutOfMemoryError e) {
            return ("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,"
                            + "\"message\":\"Internal error: out of memory\"}}")
                    .getBytes(StandardCharsets.UTF_8);
        }
    }

    /** Answer with {@code Content-Length:} headers instead of one message per line. */
    public void useHeaders(boolean value) {
        headers = value;
    }

    /** {@code json} already UTF-8: a large message is never copied into a String and back. */
    public synchronized void writeLine(byte[] json) {
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
