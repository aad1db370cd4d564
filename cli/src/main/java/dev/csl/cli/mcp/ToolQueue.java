package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import dev.csl.cli.rpc.OpenRequests;
import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The tool calls of {@code csl mcp}: one at a time, in arrival order, on a thread of their own (the
 * reader stays free for what the client sends meanwhile), each open for cancellation from the
 * moment it is queued, so that {@code notifications/cancelled} reaches a waiting call as well as
 * the running one.
 */
final class ToolQueue implements AutoCloseable {
    private final ExecutorService thread =
            Executors.newSingleThreadExecutor(
                    r -> {
                        Thread t = new Thread(r, "csl-mcp-tool");
                        t.setDaemon(true);
                        return t;
                    });
    private final OpenRequests open = new OpenRequests();
    private final PrintStream log;

    ToolQueue(PrintStream log) {
        this.log = log;
    }

    /**
     * Runs {@code work} after the calls queued before it; completes with its response, or with null
     * when the call was cancelled (no response is sent for a cancelled call).
     */
    CompletableFuture<JsonNode> submit(JsonNode id, Function<BooleanSupplier, JsonNode> work) {
        OpenRequests.Request call = open.open(id);
        CompletableFuture<JsonNode> response = new CompletableFuture<>();
        thread.execute(
                () -> {
                    try {
                        JsonNode answer = call.run(() -> work.apply(call::cancelled));
                        response.complete(call.cancelled() ? null : answer);
                    } catch (RuntimeException | OutOfMemoryError e) {
                        log.println("csl mcp: internal error: " + e);
                        response.complete(null);
                    }
                });
        return response;
    }

    /**
     * notifications/cancelled. A queued call never runs. The running one stops as a failure would:
     * operations not started do not run, and the command running now is killed (with every other
     * process csl started, which is only this call's: calls run one at a time; the worker pool
     * replaces its workers), so its TASKS block rolls back.
     */
    void cancel(JsonNode id) {
        switch (open.cancel(id)) {
            case QUEUED ->
                    log.println(
                            "csl mcp: queued request "
                                    + id.asText()
                                    + " cancelled; it will not run");
            case RUNNING -> {
                log.println(
                        "csl mcp: request "
                                + id.asText()
                                + " cancelled by the client; stopping it");
                ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
            }
            case NONE -> {} // finished already, or not a call of ours: nothing to stop
        }
    }

    /** Lets the calls already queued finish (up to 30 s). */
    @Override
    public void close() {
        thread.shutdown();
        try {
            thread.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
