package dev.csl.cli.rpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * The requests a server sends its client (MCP's roots/list and elicitation/create), each waiting
 * for the client's response, matched by id. The ids ({@code csl-1}, {@code csl-2}…) are strings, so
 * they never meet the client's own.
 */
public final class OutgoingRequests {
    private final Map<String, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final Consumer<JsonNode> send;

    /**
     * @param send writes a message to the client
     */
    public OutgoingRequests(Consumer<JsonNode> send) {
        this.send = send;
    }

    /** Sends a request; completes with the client's whole response (result or error). */
    public CompletableFuture<JsonNode> send(String method, JsonNode params) {
        String id = "csl-" + ids.incrementAndGet();
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(RequestCheck.key(JsonNodeFactory.instance.textNode(id)), answer);
        ObjectNode message = JsonNodeFactory.instance.objectNode();
        message.put("jsonrpc", "2.0");
        message.put("id", id);
        message.put("method", method);
        message.set("params", params);
        send.accept(message);
        return answer;
    }

    /**
     * A response of the client: completes the request it answers; one nobody waits for is dropped.
     */
    public void answered(JsonNode response) {
        String key = RequestCheck.key(response.get("id"));
        CompletableFuture<JsonNode> waiting = key == null ? null : pending.remove(key);
        if (waiting != null) {
            waiting.complete(response);
        }
    }
}
