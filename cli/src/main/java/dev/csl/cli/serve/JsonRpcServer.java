package dev.csl.cli.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.cli.rpc.IncomingMessages;
import dev.csl.cli.rpc.MessageReader;
import dev.csl.cli.rpc.MessageWriter;
import dev.csl.cli.rpc.RequestCheck;
import dev.csl.cli.rpc.RpcError;
import dev.csl.cli.rpc.RpcException;
import dev.csl.cli.rpc.RpcJson;
import dev.csl.cli.rpc.RpcMessages;
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
        MessageWriter writer = new MessageWriter(out, mapper, "csl serve", log);
        Session session = new Session(pool, writer);
        try {
            IncomingMessages messages =
                    new IncomingMessages(
                            in, framing, mapper, writer, writer::send, "csl serve", log);
            JsonNode shutdownId = null;
            JsonNode message;
            while ((message = messages.next()) != null) {
                if (isShutdown(message)) {
                    shutdownId = message.get("id");
                    break;
                }
                session.dispatch(message);
            }
            session.inFlight.awaitZero();
            if (shutdownId != null) {
                writer.send(RpcMessages.result(shutdownId, NODES.nullNode()));
            }
            return 0;
        } finally {
            pool.shutdownNow();
            backend.close();
        }
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
        final MessageWriter writer;

        Session(ExecutorService pool, MessageWriter writer) {
            this.pool = pool;
            this.perDirectory = new KeyedSerialExecutor(pool);
            this.writer = writer;
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
            RequestCheck.Problem problem =
                    RequestCheck.problem(message, RequestCheck.Dialect.JSON_RPC);
            boolean notification = !message.has("id");
            if (problem != null) {
                return done(RpcMessages.error(notification ? null : problem.id(), problem.error()));
            }
            JsonNode id = notification ? NODES.nullNode() : message.get("id");
            JsonNode methodNode = message.get("method");
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
            writer.send(node);
        }
    }

    private static CompletableFuture<JsonNode> done(JsonNode response) {
        return CompletableFuture.completedFuture(response);
    }

    /** Notifications get no response, not even an error (JSON-RPC 2.0 §4.1). */
    private static CompletableFuture<JsonNode> answer(boolean notification, JsonNode response) {
        return done(notification ? null : response);
    }

    private static ObjectNode success(JsonNode id, JsonNode result) {
        return RpcMessages.result(id, result);
    }

    static ObjectNode error(JsonNode id, RpcError error) {
        return RpcMessages.error(id, error);
    }
}
