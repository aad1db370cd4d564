package dev.csl.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** Test side of a JSON-RPC line stream: sends lines, collects every line the server writes. */
final class RpcClient {
    static final ObjectMapper JSON = new ObjectMapper();

    private final OutputStream toServer;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final Thread reader;

    RpcClient(OutputStream toServer, InputStream fromServer) {
        this.toServer = toServer;
        this.reader =
                new Thread(
                        () -> {
                            try (BufferedReader in =
                                    new BufferedReader(
                                            new InputStreamReader(
                                                    fromServer, StandardCharsets.UTF_8))) {
                                String line;
                                while ((line = in.readLine()) != null) {
                                    lines.add(line);
                                }
                            } catch (IOException e) {
                                // The server closed its end.
                            }
                        },
                        "rpc-client-reader");
        reader.setDaemon(true);
        reader.start();
    }

    void sendLine(String line) {
        try {
            toServer.write((line + "\n").getBytes(StandardCharsets.UTF_8));
            toServer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void send(Object id, String method, Map<String, ?> params) {
        ObjectNode request = JSON.createObjectNode();
        request.put("jsonrpc", "2.0");
        request.set("id", JSON.valueToTree(id));
        request.put("method", method);
        if (params != null) {
            request.set("params", JSON.valueToTree(params));
        }
        sendLine(request.toString());
    }

    /** Sends a request and waits for the response with its id (other responses are kept). */
    JsonNode call(Object id, String method, Map<String, ?> params) {
        send(id, method, params);
        return awaitId(id);
    }

    private final Map<String, JsonNode> early = new HashMap<>();
    private final List<String> arrivals = new ArrayList<>();

    /** The ids of the responses {@link #awaitId} has read, in the order the server wrote them. */
    List<String> arrivals() {
        return arrivals;
    }

    JsonNode awaitId(Object id) {
        String key = JSON.valueToTree(id).toString();
        long deadline = System.nanoTime() + dev.csl.cli.Hang.LIMIT.toNanos();
        while (!early.containsKey(key)) {
            JsonNode next = next(deadline - System.nanoTime());
            arrivals.add(next.path("id").asText());
            early.put(next.path("id").toString(), next);
        }
        return early.remove(key);
    }

    /** The next line the server wrote, parsed; fails when none comes in time. */
    JsonNode next() {
        return next(dev.csl.cli.Hang.LIMIT.toNanos());
    }

    private JsonNode next(long timeoutNanos) {
        try {
            String line = lines.poll(Math.max(0, timeoutNanos), TimeUnit.NANOSECONDS);
            if (line == null) {
                throw new AssertionError(dev.csl.cli.Hang.message("the server's next response"));
            }
            return JSON.readTree(line);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        } catch (IOException e) {
            throw new AssertionError("the server wrote a line that is not JSON", e);
        }
    }

    /** Every line still unread, after the server closed its end. */
    List<String> rest() throws InterruptedException {
        reader.join(dev.csl.cli.Hang.LIMIT.toMillis());
        assertThat(reader.isAlive())
                .as(dev.csl.cli.Hang.message("the server's end of output"))
                .isFalse();
        List<String> rest = new ArrayList<>();
        lines.drainTo(rest);
        return rest;
    }

    void closeInput() {
        try {
            toServer.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
