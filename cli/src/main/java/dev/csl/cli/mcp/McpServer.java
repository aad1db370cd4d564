package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.cli.rpc.IncomingMessages;
import dev.csl.cli.rpc.MessageReader;
import dev.csl.cli.rpc.MessageWriter;
import dev.csl.cli.rpc.OutgoingRequests;
import dev.csl.cli.rpc.RequestCheck;
import dev.csl.cli.rpc.RpcError;
import dev.csl.cli.rpc.RpcJson;
import dev.csl.cli.rpc.RpcMessages;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A Model Context Protocol server on stdio: JSON-RPC 2.0, one message per line. The reading thread
 * answers the quick methods itself; tool calls run one at a time on a worker thread, so that the
 * reader stays free for what the client sends meanwhile (answers to our elicitation and roots
 * requests, cancellations). stdout carries protocol messages only; diagnostics go to {@code log}.
 */
public final class McpServer {
    /** The message of an unexpected exception (a bug): its text, never its class name. */
    private static String internalError(RuntimeException e) {
        return "Internal error: "
                + (e.getMessage() == null
                        ? "csl failed on this request because of a bug in csl itself"
                        : e.getMessage());
    }

    /** Newest first: the version answered when the client asks for one we do not speak. */
    static final List<String> PROTOCOL_VERSIONS = ProtocolFeatures.HANDSHAKE;

    private final ObjectMapper mapper = RpcJson.widened(new ObjectMapper());
    private final McpTools tools;
    private final java.util.function.Supplier<String> promptText;
    private final String version;
    private final PrintStream log;
    private final OutgoingRequests outgoing = new OutgoingRequests(this::send);
    private final ToolQueue toolCalls;
    private MessageWriter out;
    private volatile JsonNode clientCapabilities = null;
    private volatile ProtocolFeatures features = ProtocolFeatures.of(PROTOCOL_VERSIONS.get(0));

    /** True once initialize was answered: requests without a version are of the handshake era. */
    private volatile boolean initialized;

    /**
     * @param tools the tools apply, check and undo
     * @param promptText the text of the prompt {@code instructions} ({@code csl prompt})
     * @param version csl's version, for {@code serverInfo}
     * @param log where diagnostics go (stderr; never the protocol stream)
     */
    public McpServer(
            McpTools tools,
            java.util.function.Supplier<String> promptText,
            String version,
            PrintStream log) {
        this.tools = tools;
        this.promptText = promptText;
        this.version = version;
        this.log = log;
        this.toolCalls = new ToolQueue(log);
    }

    /** Serves until the end of input; returns the exit status. */
    public int serve(InputStream in, PrintStream protocol) throws IOException {
        this.out = new MessageWriter(protocol, mapper, "csl mcp", log);
        // The same reading as csl serve's, one message per line: the same size and UTF-8 rules.
        IncomingMessages messages =
                new IncomingMessages(
                        in, MessageReader.Framing.LINE, mapper, out, this::send, "csl mcp", log);
        JsonNode message;
        while ((message = messages.next()) != null) {
            if (message.isArray()) {
                batch(message);
            } else {
                answer(guarded(message));
            }
        }
        toolCalls.close();
        tools.close();
        return 0;
    }

    /** Sends the response once there is one (a notification has none). */
    private void answer(CompletableFuture<JsonNode> response) {
        response.thenAccept(
                message -> {
                    if (message != null) {
                        send(message);
                    }
                });
    }

    /**
     * A JSON-RPC batch: answered with one array of the responses where the negotiated version has
     * batches (2024-11-05 and 2025-03-26), else refused as one invalid request (later versions
     * removed them); an empty batch is invalid in every version (JSON-RPC 2.0 §6).
     */
    private void batch(JsonNode messages) {
        if (messages.isEmpty()) {
            send(error(null, RpcError.INVALID_REQUEST, "Invalid request: an empty batch"));
            return;
        }
        if (!features.batches()) {
            send(
                    error(
                            null,
                            RpcError.INVALID_REQUEST,
                            "Invalid request: protocol version "
                                    + features.version()
                                    + " has no JSON-RPC batches; send each message on its own"
                                    + " line"));
            return;
        }
        List<CompletableFuture<JsonNode>> parts = new java.util.ArrayList<>();
        for (JsonNode message : messages) {
            parts.add(
                    message.path("method").asText().equals("initialize")
                            ? CompletableFuture.completedFuture(
                                    error(
                                            message.get("id"),
                                            RpcError.INVALID_REQUEST,
                                            "Invalid request: initialize must not be part of a"
                                                    + " batch"))
                            : guarded(message));
        }
        CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0]))
                .thenRun(
                        () -> {
                            com.fasterxml.jackson.databind.node.ArrayNode responses =
                                    mapper.createArrayNode();
                            for (CompletableFuture<JsonNode> part : parts) {
                                JsonNode response = part.join();
                                if (response != null) {
                                    responses.add(response);
                                }
                            }
                            if (!responses.isEmpty()) {
                                send(responses);
                            }
                        });
    }

    private static final String OUT_OF_MEMORY = "Internal error: csl ran out of memory";

    /** {@link #handle}, with an internal error answered instead of thrown. */
    private CompletableFuture<JsonNode> guarded(JsonNode message) {
        try {
            return handle(message);
        } catch (RuntimeException e) {
            log.println("csl mcp: internal error: " + e);
            return CompletableFuture.completedFuture(
                    message.hasNonNull("id") && message.has("method")
                            ? error(message.get("id"), RpcError.INTERNAL_ERROR, internalError(e))
                            : null);
        }
    }

    /** Why a message is not a valid MCP message, or null when it is one. */
    private static RequestCheck.Problem invalid(JsonNode message) {
        RequestCheck.Problem problem = RequestCheck.problem(message, RequestCheck.Dialect.MCP);
        if (problem != null || !message.has("method")) {
            return problem;
        }
        JsonNode params = message.get("params");
        if (params != null && !params.isObject() && !params.isNull()) {
            return new RequestCheck.Problem(
                    message.get("id"), "Invalid request: 'params' must be an object");
        }
        return null;
    }

    /** One message; completes with the response to send, or null (notifications, responses). */
    private CompletableFuture<JsonNode> handle(JsonNode message) {
        RequestCheck.Problem invalid = invalid(message);
        if (invalid != null) {
            return done(RpcMessages.error(invalid.id(), invalid.error()));
        }
        if (!message.has("method")) {
            // An answer to a request of ours (roots/list, elicitation/create).
            outgoing.answered(message);
            return done(null);
        }
        String method = message.get("method").asText();
        JsonNode id = message.get("id");
        JsonNode params = message.path("params");
        JsonNode asked = params.path("_meta").get(PROTOCOL_VERSION_META);
        if (asked != null
                && !(asked.isTextual() && ProtocolFeatures.SUPPORTED.contains(asked.textValue()))) {
            // A version csl does not speak: refused before anything runs, never served in another
            // version's shape.
            return done(id == null ? null : unsupportedVersion(id, asked));
        }
        if (id == null) {
            notification(method, params);
            return CompletableFuture.completedFuture(null);
        }
        if (asked != null && asked.textValue().equals(ProtocolFeatures.STATELESS)) {
            return stateless(id, method, params);
        }
        if (asked == null && !initialized && !BEFORE_INITIALIZE.contains(method)) {
            // Neither a version of its own nor a handshake: csl cannot know which version's shape
            // the answer must have, and a tool must not run in a guessed one.
            return done(noVersion(id, method));
        }
        ProtocolFeatures served = asked != null ? ProtocolFeatures.of(asked.textValue()) : features;
        return switch (method) {
            case "initialize" -> done(result(id, initialize(params)));
            case "ping" -> done(result(id, mapper.createObjectNode()));
            case "server/discover" -> done(result(id, discover()));
            case "tools/list" ->
                    done(
                            params.hasNonNull("cursor")
                                    ? unknownCursor(id, params)
                                    : result(id, tools.list(served)));
            case "prompts/list" ->
                    done(
                            params.hasNonNull("cursor")
                                    ? unknownCursor(id, params)
                                    : result(id, McpPrompts.list(mapper)));
            case "prompts/get" -> done(prompt(id, params));
            case "tools/call" ->
                    toolCalls.submit(id, cancelled -> call(id, params, cancelled, served, true));
            default -> done(error(id, RpcError.METHOD_NOT_FOUND, "Method not found: " + method));
        };
    }

    /** What a client may send before initialize (the lifecycle allows ping meanwhile). */
    private static final java.util.Set<String> BEFORE_INITIALIZE =
            java.util.Set.of("initialize", "ping", "server/discover");

    /**
     * A request of the stateless revision: served on its own, from what it carries, in that
     * revision's shape. It removed ping, logging and the handshake, and the server sends no
     * requests of its own, so roots are not asked for and nobody is asked about a command (it fails
     * with command_not_approved and its hint, as without elicitation).
     */
    private CompletableFuture<JsonNode> stateless(JsonNode id, String method, JsonNode params) {
        String malformed = StatelessEnvelope.malformed(params.path("_meta"));
        if (malformed != null) {
            return done(error(id, RpcError.INVALID_PARAMS, malformed));
        }
        ProtocolFeatures modern = ProtocolFeatures.of(ProtocolFeatures.STATELESS);
        return switch (method) {
            case "server/discover" -> done(result(id, complete(discover(), true)));
            case "tools/list" ->
                    done(
                            params.hasNonNull("cursor")
                                    ? unknownCursor(id, params)
                                    : result(id, complete(tools.list(modern), true)));
            case "prompts/list" ->
                    done(
                            params.hasNonNull("cursor")
                                    ? unknownCursor(id, params)
                                    : result(id, complete(McpPrompts.list(mapper), true)));
            case "prompts/get" -> done(prompt(id, params));
            case "tools/call" ->
                    toolCalls.submit(id, cancelled -> call(id, params, cancelled, modern, false));
            default ->
                    done(
                            error(
                                    id,
                                    RpcError.METHOD_NOT_FOUND,
                                    "Method not found: "
                                            + method
                                            + " (protocol version "
                                            + ProtocolFeatures.STATELESS
                                            + " has server/discover, tools/list, tools/call,"
                                            + " prompts/list and prompts/get)"));
        };
    }

    private ObjectNode complete(ObjectNode result, boolean cacheable) {
        return StatelessEnvelope.complete(result, cacheable, version);
    }

    /** The prompt; in the stateless revision's shape when the request names it. */
    private ObjectNode prompt(JsonNode id, JsonNode params) {
        String name = params.path("name").asText();
        if (!McpPrompts.NAME.equals(name)) {
            return error(id, RpcError.INVALID_PARAMS, "Unknown prompt: '" + name + "'");
        }
        ObjectNode prompt = McpPrompts.get(mapper, promptText.get());
        return result(id, stateless(params) ? complete(prompt, false) : prompt);
    }

    private static boolean stateless(JsonNode params) {
        return ProtocolFeatures.STATELESS.equals(
                params.path("_meta").path(PROTOCOL_VERSION_META).asText());
    }

    /**
     * A request other than initialize that names no version before the handshake:
     * RpcError.INVALID_PARAMS, as the stateless revision answers a request whose {@code _meta}
     * lacks its version, with the versions csl speaks and how to reach each.
     */
    private ObjectNode noVersion(JsonNode id, String method) {
        ObjectNode message =
                error(
                        id,
                        RpcError.INVALID_PARAMS,
                        "Invalid params: "
                                + method
                                + " names no protocol version and no initialize came first;"
                                + " send initialize first (protocol versions "
                                + String.join(", ", ProtocolFeatures.HANDSHAKE)
                                + ") or name "
                                + ProtocolFeatures.STATELESS
                                + " in _meta[\""
                                + PROTOCOL_VERSION_META
                                + "\"] with _meta[\""
                                + StatelessEnvelope.CLIENT_CAPABILITIES
                                + "\"]");
        ObjectNode data = ((ObjectNode) message.get("error")).putObject("data");
        ProtocolFeatures.SUPPORTED.forEach(data.putArray("supported")::add);
        return message;
    }

    /**
     * csl's lists fit in one page and it never hands out a cursor, so any cursor is one it did not
     * issue: refused (the specification's advice) rather than answered with the whole list, which a
     * client would take for the page after the one it asked about.
     */
    private ObjectNode unknownCursor(JsonNode id, JsonNode params) {
        return error(
                id,
                RpcError.INVALID_PARAMS,
                "Invalid params: unknown cursor "
                        + params.get("cursor")
                        + "; csl's lists fit in one page and carry no nextCursor, so list without"
                        + " a cursor");
    }

    private static CompletableFuture<JsonNode> done(JsonNode response) {
        return CompletableFuture.completedFuture(response);
    }

    private void notification(String method, JsonNode params) {
        switch (method) {
            case "notifications/initialized", "notifications/roots/list_changed" -> {
                if (clientCapabilities != null && clientCapabilities.has("roots")) {
                    requestRoots();
                }
            }
            case "notifications/cancelled" -> toolCalls.cancel(params.path("requestId"));
            default -> {} // other notifications need nothing from csl
        }
    }

    /** Where a request of the stateless MCP revision (2026-07-28) names its protocol version. */
    static final String PROTOCOL_VERSION_META = StatelessEnvelope.PROTOCOL_VERSION;

    /** -32022 (UnsupportedProtocolVersionError), with the versions csl speaks. */
    private ObjectNode unsupportedVersion(JsonNode id, JsonNode asked) {
        ObjectNode message =
                error(
                        id,
                        RpcError.UNSUPPORTED_PROTOCOL_VERSION,
                        "Unsupported protocol version: "
                                + asked
                                + "; csl speaks "
                                + ProtocolFeatures.STATELESS
                                + " (named in _meta of each request) and "
                                + String.join(", ", ProtocolFeatures.HANDSHAKE)
                                + " (after an initialize handshake)");
        ObjectNode data = ((ObjectNode) message.get("error")).putObject("data");
        ProtocolFeatures.SUPPORTED.forEach(data.putArray("supported")::add);
        data.set("requested", asked);
        return message;
    }

    /**
     * server/discover, as the stateless revision defines it: every version csl speaks (a probing
     * client picks 2026-07-28), the capabilities and the instructions; csl's identity goes in
     * {@code _meta}, the caching hints with it.
     */
    private ObjectNode discover() {
        ObjectNode handshake = initialize(mapper.createObjectNode(), false);
        ObjectNode result = mapper.createObjectNode();
        ProtocolFeatures.SUPPORTED.forEach(result.putArray("supportedVersions")::add);
        result.set("capabilities", handshake.get("capabilities"));
        result.set("instructions", handshake.get("instructions"));
        return complete(result, true);
    }

    private ObjectNode initialize(JsonNode params) {
        return initialize(params, true);
    }

    /** The initialize result; {@code negotiate}: take the client's capabilities and version. */
    private ObjectNode initialize(JsonNode params, boolean negotiate) {
        String asked = params.path("protocolVersion").asText();
        ObjectNode result = mapper.createObjectNode();
        String agreed = PROTOCOL_VERSIONS.contains(asked) ? asked : PROTOCOL_VERSIONS.get(0);
        if (negotiate) {
            clientCapabilities = params.path("capabilities");
            features = ProtocolFeatures.of(agreed);
            initialized = true;
        }
        result.put("protocolVersion", agreed);
        ObjectNode capabilities = result.putObject("capabilities");
        capabilities.putObject("tools").put("listChanged", false);
        capabilities.putObject("prompts").put("listChanged", false);
        ObjectNode info = result.putObject("serverInfo");
        info.put("name", "csl");
        info.put("version", version);
        result.put(
                "instructions",
                "csl applies answers written in CSL (WRITE, SEARCH/REPLACE, RUN, TASKS) to the"
                        + " working directory, guarded. Get the rules from the prompt"
                        + " 'instructions'; call 'check' to preview and 'apply' to apply.");
        return result;
    }

    /** Completes once the client's roots are known (at once when it has none to share). */
    private volatile CompletableFuture<Void> rootsKnown = CompletableFuture.completedFuture(null);

    private void requestRoots() {
        rootsKnown =
                request("roots/list", mapper.createObjectNode())
                        .thenAccept(
                                answer -> {
                                    if (answer.has("result")) {
                                        tools.roots(
                                                McpRoots.of(answer.get("result").path("roots")));
                                    }
                                });
    }

    /** A tool call right after initialization must not run before the roots are known. */
    private void awaitRoots() {
        try {
            rootsKnown.get(30, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException
                | java.util.concurrent.TimeoutException e) {
            log.println("csl mcp: the client did not answer roots/list: " + e);
        }
    }

    /**
     * Runs one tool call and returns its response; {@code session}: a call of the handshake era,
     * which may use the roots and the elicitation the client declared at initialize.
     */
    private JsonNode call(
            JsonNode id,
            JsonNode params,
            java.util.function.BooleanSupplier cancelled,
            ProtocolFeatures served,
            boolean session) {
        if (session) {
            awaitRoots();
        }
        JsonNode response;
        try {
            JsonNode progressToken = params.path("_meta").get("progressToken");
            McpTools.Session toolSession =
                    new McpTools.Session(
                            progressToken == null ? null : progress(progressToken),
                            // A client of a version before elicitation is never asked, even
                            // if it sent the capability's name.
                            session
                                            && served.structured()
                                            && clientCapabilities != null
                                            && clientCapabilities.has("elicitation")
                                    ? this::elicit
                                    : null,
                            cancelled,
                            served,
                            session ? null : inputResponses(params));
            ObjectNode result = tools.call(params, toolSession);
            response = result(id, served.stateless() ? complete(result, false) : result);
        } catch (McpTools.InvalidParams e) {
            response = error(id, RpcError.INVALID_PARAMS, e.getMessage());
        } catch (OutOfMemoryError e) {
            // an apply reports its own limit_exceeded; this is anything around it
            response =
                    error(
                            id,
                            RpcError.INTERNAL_ERROR,
                            OUT_OF_MEMORY + "; the tool call was not completed");
        } catch (RuntimeException e) {
            log.println("csl mcp: internal error: " + e);
            response = error(id, RpcError.INTERNAL_ERROR, internalError(e));
        }
        return response;
    }

    /**
     * The answers a call of the stateless revision brings when its client can elicit (empty on the
     * first call), or null when it cannot: then nobody is asked.
     */
    private JsonNode inputResponses(JsonNode params) {
        JsonNode capabilities = params.path("_meta").path(StatelessEnvelope.CLIENT_CAPABILITIES);
        JsonNode elicitation = capabilities.path("elicitation");
        // form mode is what csl asks in: an empty object means it, as in 2025-11-25
        if (!elicitation.isObject() || !(elicitation.isEmpty() || elicitation.has("form"))) {
            return null;
        }
        JsonNode responses = params.get("inputResponses");
        return responses != null && responses.isObject() ? responses : mapper.createObjectNode();
    }

    /** notifications/progress for each line a long RUN prints. */
    private dev.csl.runner.base.OutputListener progress(JsonNode token) {
        AtomicLong count = new AtomicLong();
        return (command, stderr, line) -> {
            ObjectNode note = mapper.createObjectNode();
            note.put("jsonrpc", "2.0");
            note.put("method", "notifications/progress");
            ObjectNode p = note.putObject("params");
            p.set("progressToken", token);
            p.put("progress", count.incrementAndGet());
            p.put("message", command + ": " + line);
            send(note);
        };
    }

    /** Asks the user through the client (elicitation/create); null when there is no answer. */
    private JsonNode elicit(ObjectNode params) {
        try {
            JsonNode answer =
                    request("elicitation/create", params)
                            .get(10, java.util.concurrent.TimeUnit.MINUTES);
            return answer.get("result");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (java.util.concurrent.ExecutionException
                | java.util.concurrent.TimeoutException e) {
            return null;
        }
    }

    private CompletableFuture<JsonNode> request(String method, ObjectNode params) {
        return outgoing.send(method, params);
    }

    private ObjectNode result(JsonNode id, JsonNode result) {
        return RpcMessages.result(id, result);
    }

    private ObjectNode error(JsonNode id, int code, String text) {
        return RpcMessages.error(id, code, text);
    }

    /** One message per line, written as it is serialized; never interleaved (two threads send). */
    private void send(JsonNode message) {
        out.stream(message);
    }
}
