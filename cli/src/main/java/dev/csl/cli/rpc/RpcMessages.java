package dev.csl.cli.rpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The responses both servers send: a result or an error object, for a request's id. */
public final class RpcMessages {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private RpcMessages() {}

    /** {@code {"jsonrpc": "2.0", "id": id, "result": result}}. */
    public static ObjectNode result(JsonNode id, JsonNode result) {
        ObjectNode response = NODES.objectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id == null ? NODES.nullNode() : id);
        response.set("result", result);
        return response;
    }

    /**
     * {@code {"jsonrpc": "2.0", "id": id, "error": {...}}}; a null id is written {@code null} (the
     * request's id could not be read). Data that is a tree goes in as it is, anything else as the
     * object itself, serialized once when the response is written.
     */
    public static ObjectNode error(JsonNode id, RpcError error) {
        ObjectNode body = NODES.objectNode();
        body.put("code", error.code());
        body.put("message", error.message());
        if (error.data() instanceof JsonNode tree) {
            body.set("data", tree);
        } else if (error.data() != null) {
            body.set("data", NODES.pojoNode(error.data()));
        }
        ObjectNode response = NODES.objectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id == null ? NODES.nullNode() : id);
        response.set("error", body);
        return response;
    }

    /** An error without data. */
    public static ObjectNode error(JsonNode id, int code, String message) {
        return error(id, new RpcError(code, message, null));
    }

    /** A notification: {@code {"jsonrpc": "2.0", "method": method, "params": params}}. */
    public static ObjectNode notification(String method, JsonNode params) {
        ObjectNode message = NODES.objectNode();
        message.put("jsonrpc", "2.0");
        message.put("method", method);
        message.set("params", params);
        return message;
    }
}
