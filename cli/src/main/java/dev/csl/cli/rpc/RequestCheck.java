package dev.csl.cli.rpc;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Whether a parsed message is a JSON-RPC 2.0 message, for both servers: the rules are JSON-RPC's,
 * and MCP adds its own (an id is a string or an integer, never null; the client answers the
 * server's requests, so a response is a message too).
 */
public final class RequestCheck {
    /** Which rules apply. */
    public enum Dialect {
        /** JSON-RPC 2.0 as csl serve speaks it: requests and notifications only. */
        JSON_RPC,
        /** MCP: ids are strings or integers, never null; responses to the server's requests. */
        MCP
    }

    /**
     * Why a message is invalid (-32600).
     *
     * @param id the request's id when the message shows a usable one, else null
     * @param message "Invalid request: " and the rule broken
     */
    public record Problem(JsonNode id, String message) {
        public RpcError error() {
            return new RpcError(RpcError.INVALID_REQUEST, message, null);
        }
    }

    private RequestCheck() {}

    /**
     * The rule {@code message} breaks, or null when it is a request, a notification or (MCP) a
     * response. The params are each server's to check: csl serve answers positional params -32602.
     */
    public static Problem problem(JsonNode message, Dialect dialect) {
        if (!message.isObject()) {
            return new Problem(
                    null,
                    "Invalid request: a message must be a JSON object, not "
                            + message.getNodeType());
        }
        JsonNode id = message.get("id");
        if (id != null && !validId(id, dialect)) {
            return new Problem(
                    null,
                    dialect == Dialect.MCP
                            ? "Invalid request: 'id' must be a string or an integer"
                            : "Invalid request: 'id' must be a string, a number or null");
        }
        JsonNode usable = id == null || id.isNull() ? null : id;
        JsonNode version = message.get("jsonrpc");
        if (version == null || !version.isTextual() || !version.textValue().equals("2.0")) {
            return new Problem(usable, "Invalid request: 'jsonrpc' must be \"2.0\"");
        }
        JsonNode method = message.get("method");
        if (method == null && dialect == Dialect.MCP) {
            return usable != null && (message.has("result") || message.has("error"))
                    ? null
                    : new Problem(
                            usable,
                            "Invalid request: a request needs a 'method'; a response an 'id' and a"
                                    + " 'result' or an 'error'");
        }
        if (method == null || !method.isTextual()) {
            return new Problem(usable, "Invalid request: 'method' must be a string");
        }
        if (dialect == Dialect.MCP && id != null && id.isNull()) {
            return new Problem(
                    null,
                    "Invalid request: 'id' must not be null (MCP); leave it out for a"
                            + " notification");
        }
        return null;
    }

    private static boolean validId(JsonNode id, Dialect dialect) {
        return dialect == Dialect.MCP
                ? id.isTextual() || id.isIntegralNumber() || id.isNull()
                : id.isTextual() || id.isNumber() || id.isNull();
    }

    /** A request id as a map key: numbers and strings apart ("1" is not 1); null for no id. */
    public static String key(JsonNode id) {
        if (id == null || !(id.isTextual() || id.isNumber())) {
            return null;
        }
        return (id.isTextual() ? "s:" : "n:") + id.asText();
    }
}
