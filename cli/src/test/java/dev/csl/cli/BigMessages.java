package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Messages at the edges of size and encoding, sent to a real {@code csl serve} or {@code csl mcp}
 * through the pipe that is its stdin, and the responses it wrote, by id.
 */
public final class BigMessages {
    private BigMessages() {}

    /** The largest message csl serve and mcp read (129 MiB). */
    public static final int LIMIT = dev.csl.cli.rpc.RpcJson.MAX_MESSAGE_BYTES;

    /** The largest answer they promise to take (64 MiB). */
    public static final int ANSWER = dev.csl.cli.rpc.RpcJson.MAX_ANSWER_BYTES;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A request whose params carry a string of {@code padding} characters (ASCII). */
    public static byte[] request(Object id, String method, int padding) {
        return request(id, method, padding, "x");
    }

    /**
     * A request whose params carry an answer of {@code lines} line breaks, each written as the
     * two-byte JSON escape: the largest message an answer of that many bytes makes.
     */
    public static byte[] escapedNewlines(Object id, String method, int lines) {
        return request(id, method, lines, "\\n");
    }

    private static byte[] request(Object id, String method, int count, String unit) {
        int padding = count * unit.length();
        String head =
                "{\"jsonrpc\":\"2.0\",\"id\":"
                        + (id instanceof String ? "\"" + id + "\"" : id)
                        + ",\"method\":\""
                        + method
                        + "\",\"params\":{\"pad\":\"";
        String tail = "\"}}";
        byte[] message = new byte[head.length() + padding + tail.length()];
        System.arraycopy(head.getBytes(UTF_8), 0, message, 0, head.length());
        byte[] units = unit.getBytes(UTF_8);
        for (int i = 0; i < padding; i++) {
            message[head.length() + i] = units[i % units.length];
        }
        System.arraycopy(tail.getBytes(UTF_8), 0, message, head.length() + padding, tail.length());
        return message;
    }

    /** {@code text} with the raw byte 0xFF (never UTF-8) put where {@code \u0001} stands. */
    public static byte[] withBadByte(String text) {
        byte[] bytes = text.getBytes(UTF_8);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 1) {
                bytes[i] = (byte) 0xFF;
            }
        }
        return bytes;
    }

    /** Writes each message in the framing: a line, or {@code Content-Length} headers. */
    public static void send(
            OutputStream to, boolean headers, List<java.util.function.Supplier<byte[]>> messages)
            throws IOException {
        for (java.util.function.Supplier<byte[]> next : messages) {
            byte[] message = next.get(); // one at a time: a few of 129 MiB each
            if (headers) {
                to.write(("Content-Length: " + message.length + "\r\n\r\n").getBytes(UTF_8));
                to.write(message);
            } else {
                to.write(message);
                to.write('\n');
            }
            to.flush();
        }
    }

    /**
     * Starts {@code csl ARGS} in {@code dir}, sends {@code messages} through its stdin pipe, closes
     * it and returns every message it wrote once it ended by itself, by id (null ids under "null").
     */
    public static Map<String, JsonNode> exchange(
            Path dir,
            boolean headers,
            List<java.util.function.Supplier<byte[]>> messages,
            String... args)
            throws Exception {
        Process process =
                new ProcessBuilder(CslJava.command(args))
                        .directory(dir.toFile())
                        .redirectError(dir.resolve("stderr.log").toFile())
                        .start();
        try {
            CompletableFuture<String> out = Hang.readAll(process.getInputStream());
            Hang.guard(
                    "writing the messages to csl's stdin",
                    () -> {
                        try (OutputStream stdin = process.getOutputStream()) {
                            send(stdin, headers, messages);
                        }
                        return null;
                    });
            Hang.waitFor(process, "csl's stop at the end of input");
            return byId(out.join(), headers);
        } finally {
            process.destroyForcibly();
        }
    }

    private static Map<String, JsonNode> byId(String output, boolean headers) throws IOException {
        List<String> bodies = new ArrayList<>();
        if (headers) {
            String rest = output;
            while (!rest.isEmpty()) {
                int blank = rest.indexOf("\r\n\r\n");
                String header = rest.substring(0, blank);
                int length =
                        Integer.parseInt(
                                header.replaceAll("(?is).*content-length:\\s*(\\d+).*", "$1"));
                byte[] after = rest.substring(blank + 4).getBytes(UTF_8);
                bodies.add(new String(after, 0, length, UTF_8));
                rest = new String(after, length, after.length - length, UTF_8);
            }
        } else {
            for (String line : output.split("\n")) {
                if (!line.isBlank()) {
                    bodies.add(line);
                }
            }
        }
        Map<String, JsonNode> responses = new HashMap<>();
        for (String body : bodies) {
            JsonNode message = JSON.readTree(body);
            responses.put(message.path("id").asText("null"), message);
        }
        return responses;
    }

    /** Bytes of {@code parts} joined (for a message built around raw bytes). */
    public static byte[] join(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }
}
