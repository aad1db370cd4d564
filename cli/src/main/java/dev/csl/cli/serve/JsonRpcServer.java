package dev.csl.cli.serve;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * JSON-RPC 2.0 over a pair of streams, one message per line (docs/serve.md).
 *
 * <p>The calling thread reads and checks requests; the work runs on a pool, serialized per working
 * directory by a {@link KeyedSerialExecutor}; responses are written as they complete, so they may
 * come out of order and are matched by {@code id}. A malformed message gets a JSON-RPC error object
 * and the server reads on. {@code shutdown} or end of input stops reading; the server then answers
 * every request already accepted, answers {@code shutdown} last, and closes the backend.
 */
public final class JsonRpcServer {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ServeBackend backend;
    private final MethodTable methods;
    private final ObjectMapper mapper;
    private final int threads;
    private final PrintStream log;

    /**
     * @param backend does the csl work; closed when the server stops
     * @param serverDir the directory relative {@code workingDir}s resolve against
     * @param threads how many requests may run at once
     * @param log where diagnostics go (stderr; never the protocol stream)
     */
    public JsonRpcServer(
            ServeBackend backend,
            Path serverDir,
            int threads,
            ObjectMapper mapper,
            PrintStream log) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be positive: " + threads);
        }
        this.backend = backend;
        this.methods = new MethodTable(backend, serverDir);
        this.mapper = RpcJson.widened(mapper);
        this.threads = threads;
        this.log = log;
    }

    /** Serves until {@code shutdown} or end of input; returns the exit status (0). */
    public int serve(InputStream in, OutputStream out) throws IOException, InterruptedException {
        AtomicInteger threadNumber = new AtomicInteger();
        ExecutorService pool =
                Executors.newFixedThreadPool(
                        threads,
                        task -> {
                            Thread thread =
                                    new Thread(task, "csl-serve-" + threadNumber.incrementAndGet());
                            thread.setDaemon(true);
                            return thread;
                        });
        LineWriter writer = new LineWriter(out);
        Session session = new Session(pool, writer);
        try {
            MessageReader reader = new MessageReader(in, framing);
            JsonNode shutdownId = null;
            byte[] line;
            while ((line = readMessage(reader, session)) != null) {
                writer.useHeaders(reader.framing() == MessageReader.Framing.HEADER);
                JsonNode message = session.read(line);
                if (message != null && isShutdown(message)) {
                    shutdownId = message.get("id");
                    break;
                }
                if (message != null) {
                    session.dispatch(message);
                }
            }
            session.inFlight.awaitZero();
            if (shutdownId != null) {
                session.write(success(shutdownId, NODES.nullNode()));
            }
            return 0;
        } finally {
            pool.shutdownNow();
            backend.close();
        }
    }

    /**
     * The next message, or null at the end of input or when the framing broke. A header the client
     * got wrong is answered with a JSON-RPC error (id null, in its framing) before serve goes on
     * (an oversized message was skipped) or stops (where the next message starts is unknown, and
     * guessing could run a request's bytes as another).
     */
    private byte[] readMessage(MessageReader reader, Session session) {
        while (true) {
            try {
                return reader.next();
            } catch (MessageReader.RefusedMessage e) {
                // Too large or not UTF-8: refused on its own, with its id when it shows one.
                session.writer.useHeaders(reader.framing() == MessageReader.Framing.HEADER);
                session.write(
                        error(
                                e.id == null ? NODES.nullNode() : e.id,
                                new RpcError(e.code, e.getMessage(), null)));
                log.println("csl serve: " + e.getMessage());
            } catch (MessageReader.FramingException e) {
                session.writer.useHeaders(reader.framing() == MessageReader.Framing.HEADER);
                session.write(error(NODES.nullNode(), framingError(e)));
                log.println("csl serve: " + e.getMessage());
                if (!e.resumable) {
                    return null;
                }
            } catch (IOException e) {
                log.println("csl serve: cannot read the next message, stopping: " + e.getMessage());
                return null;
            }
        }
    }

    private static RpcError framingError(MessageReader.FramingException e) {
        return e.resumable
                ? new RpcError(RpcError.INVALID_REQUEST, "Invalid request: " + e.getMessage(), null)
                : new RpcError(
                        RpcError.PARSE_ERROR,
                        "Parse error: "
                                + e.getMessage()
                                + "; csl serve cannot find the next message and stops",
                        null);
    }

    /** How requests are framed: found from the first bytes ({@code AUTO}) or chosen. */
    private MessageReader.Framing framing = MessageReader.Framing.AUTO;

    /** {@code --framing}: {@code auto}, {@code line} or {@code header}. */
    public JsonRpcServer framing(String value) {
        framing = MessageReader.Framing.valueOf(value.toUpperCase(java.util.Locale.ROOT));
        return this;
    }

    /** A well-formed single {@code shutdown} request (inside a batch it is answered in place). */
    private static boolean isShutdown(JsonNode message) {
        return message.isObject()
                && "2.0".equals(message.path("jsonrpc").asText(null))
                && "shutdown".equals(message.path("method").asText(null))
                && validId(message);
    }

    private static boolean validId(JsonNode message) {
        JsonNode id = message.get("id");
        return id == null || id.isNull() || id.isTextual() || id.isNumber();
    }

    /** The state of one {@link #serve} call. */
    private final class Session {
        final InFlight inFlight = new InFlight();
        final ExecutorService pool;
        final KeyedSerialExecutor perDirectory;
        final LineWriter writer;

        Session(ExecutorService pool, LineWriter writer) {
            this.pool = pool;
            this.perDirectory = new KeyedSerialExecutor(pool);
            this.writer = writer;
        }

        /** Parses one message; answers a parse error itself and returns {@code null}. */
        JsonNode read(byte[] line) {
            try {
                return mapper.readTree(line);
            } catch (IOException e) { // a JsonProcessingException: nothing else reads a byte[]
                // The id, when the line shows one before it breaks, lets the client match this.
                JsonNode id = RpcJson.peekId(line, line.length);
                write(
                        error(
                                id == null ? NODES.nullNode() : id,
                                new RpcError(
                                        RpcError.PARSE_ERROR,
                                        "Parse error: the line is not valid JSON",
                                        e instanceof JsonProcessingException j
                                                ? j.getOriginalMessage()
                                                : e.getMessage())));
                return null;
            } catch (OutOfMemoryError e) {
                write(error(NODES.nullNode(), outOfMemory("reading this request")));
                return null;
            }
        }

        void dispatch(JsonNode message) {
            CompletableFuture<JsonNode> response;
            if (message.isArray()) {
                response = batch((ArrayNode) message);
            } else {
                response = single(message);
            }
            inFlight.begin();
            response.whenComplete(
                    (node, failure) -> {
                        try {
                            if (node != null) {
                                write(node);
                            }
                        } finally {
                            inFlight.end();
                        }
                    });
        }

        CompletableFuture<JsonNode> batch(ArrayNode messages) {
            if (messages.isEmpty()) {
                return CompletableFuture.completedFuture(
                        error(
                                NODES.nullNode(),
                                new RpcError(
                                        RpcError.INVALID_REQUEST,
                                        "Invalid request: empty batch",
                                        null)));
            }
            List<CompletableFuture<JsonNode>> parts = new ArrayList<>();
            for (JsonNode message : messages) {
                parts.add(
                        isShutdown(message)
                                ? CompletableFuture.completedFuture(
                                        message.has("id")
                                                ? success(message.get("id"), NODES.nullNode())
                                                : null)
                                : single(message));
            }
            return CompletableFuture.allOf(parts.toArray(new CompletableFuture<?>[0]))
                    .thenApply(
                            done -> {
                                ArrayNode responses = NODES.arrayNode();
                                for (CompletableFuture<JsonNode> part : parts) {
                                    JsonNode response = part.join();
                                    if (response != null) {
                                        responses.add(response);
                                    }
                                }
                                return responses.isEmpty() ? null : responses;
                            });
        }

        /** Checks one request and starts its work; completes with the response, or null. */
        CompletableFuture<JsonNode> single(JsonNode message) {
            if (!message.isObject()) {
                return done(invalidRequest(NODES.nullNode(), "a request must be a JSON object"));
            }
            if (!validId(message)) {
                return done(
                        invalidRequest(
                                NODES.nullNode(), "'id' must be a string, a number or null"));
            }
            boolean notification = !message.has("id");
            JsonNode id = notification ? NODES.nullNode() : message.get("id");
            if (!"2.0".equals(message.path("jsonrpc").asText(null))
                    || !message.get("jsonrpc").isTextual()) {
                return done(invalidRequest(id, "'jsonrpc' must be \"2.0\""));
            }
            JsonNode methodNode = message.get("method");
            if (methodNode == null || !methodNode.isTextual()) {
                return done(invalidRequest(id, "'method' must be a string"));
            }
            String method = methodNode.textValue();
            if (method.equals(Cancellations.METHOD)) {
                cancellations.cancel(message.path("params").path("id"));
                return answer(notification, success(id, NODES.nullNode()));
            }
            if (!methods.has(method)) {
                return answer(
                        notification,
                        error(
                                id,
                                new RpcError(
                                        RpcError.METHOD_NOT_FOUND,
                                        "Method not found: " + method,
                                        MethodTable.NAMES)));
            }
            JsonNode paramsNode = message.get("params");
            if (paramsNode != null && !paramsNode.isNull() && !paramsNode.isObject()) {
                return answer(
                        notification,
                        error(
                                id,
                                RpcError.invalidParams(
                                        "'params' must be an object of named parameters")));
            }
            ObjectNode params =
                    paramsNode == null || paramsNode.isNull()
                            ? NODES.objectNode()
                            : (ObjectNode) paramsNode;
            Cancellations.Request request = cancellations.open(id, notification);
            Call call;
            try {
                call = methods.prepare(method, params, request::cancelled);
            } catch (RpcException e) {
                return answer(notification, error(id, e.error()));
            }
            CompletableFuture<JsonNode> response = request.response;
            Runnable task = () -> request.run(() -> run(id, method, call));
            if (call.lockKey() == null) {
                pool.execute(task);
            } else {
                perDirectory.execute(call.lockKey(), task);
            }
            return notification ? response.thenApply(ignored -> null) : response;
        }

        /** Requests not answered yet, for {@code $/cancelRequest}. */
        final Cancellations cancellations = new Cancellations(log);

        JsonNode run(JsonNode id, String method, Call call) {
            try {
                // The report itself, serialized once when the response is written: no tree of
                // it in between (a report of 100,000 errors made a tree of half a million nodes).
                return success(id, NODES.pojoNode(call.work().call()));
            } catch (Throwable e) {
                // An answer must go out whatever broke, or shutdown would wait for it forever.
                log.println("csl serve: " + method + " failed: " + e);
                // Its message, never its class name (a bug's class tells a client nothing).
                String why =
                        e.getMessage() == null
                                ? "csl failed on this request because of a bug in csl itself"
                                : e.getMessage();
                return error(
                        id, new RpcError(RpcError.INTERNAL_ERROR, "Internal error: " + why, null));
            }
        }

        void write(JsonNode node) {
            byte[] json;
            try {
                // Straight to UTF-8 bytes: no String of a multi-megabyte response on the way.
                json = mapper.writeValueAsBytes(node);
            } catch (OutOfMemoryError e) {
                // the response was too large to hold as JSON: its id gets an error instead
                JsonNode id = node.path("id").isMissingNode() ? NODES.nullNode() : node.get("id");
                json = fallback(error(id, outOfMemory("writing the response")));
            } catch (JsonProcessingException e) {
                json =
                        ("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,"
                                        + "\"message\":\"Internal error: response not"
                                        + " serializable\"}}")
                                .getBytes(java.nio.charset.StandardCharsets.UTF_8);
            }
            try {
                writer.writeLine(json);
            } catch (RuntimeException e) {
                log.println("csl serve: cannot write a response: " + e.getMessage());
            }
        }
    }

    /**
     * The error of a request csl ran out of memory on, outside any apply (which reports its own
     * {@code limit_exceeded}): the request fails, serve goes on.
     */
    static RpcError outOfMemory(String doing) {
        return new RpcError(
                RpcError.INTERNAL_ERROR,
                "Internal error: csl ran out of memory "
                        + doing
                        + "; the request was not carried out and csl serve goes on",
                null);
    }

    private byte[] fallback(JsonNode node) {
        try {
            return mapper.writeValueAsBytes(node);
        } catch (JsonProcessingException | OutOfMemoryError e) {
            return ("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,"
                            + "\"message\":\"Internal error: out of memory\"}}")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
    }

    private static CompletableFuture<JsonNode> done(JsonNode response) {
        return CompletableFuture.completedFuture(response);
    }

    /** Notifications get no response, not even an error (JSON-RPC 2.0 §4.1). */
    private static CompletableFuture<JsonNode> answer(boolean notification, JsonNode response) {
        return done(notification ? null : response);
    }

    private static ObjectNode invalidRequest(JsonNode id, String why) {
        return error(id, new RpcError(RpcError.INVALID_REQUEST, "Invalid request: " + why, null));
    }

    private static ObjectNode success(JsonNode id, JsonNode result) {
        ObjectNode response = NODES.objectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id);
        response.set("result", result);
        return response;
    }

    static ObjectNode error(JsonNode id, RpcError error) {
        ObjectNode body = NODES.objectNode();
        body.put("code", error.code());
        body.put("message", error.message());
        if (error.data() != null) {
            body.set("data", NODES.pojoNode(error.data()));
        }
        ObjectNode response = NODES.objectNode();
        response.put("jsonrpc", "2.0");
        response.set("id", id);
        response.set("error", body);
        return response;
    }
}
