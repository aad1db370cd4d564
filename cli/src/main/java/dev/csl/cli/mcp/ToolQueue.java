package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/**
 * The tool calls of {@code csl mcp}: one at a time, in arrival order, on a thread of their own (the
 * reader stays free for what the client sends meanwhile), each with a cancellation flag from the
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
    private final Map<String, AtomicBoolean> calls = new ConcurrentHashMap<>();
    private final PrintStream log;

    /** The id of the call running now, or null. */
    private volatile String running;

    ToolQueue(PrintStream log) {
        this.log = log;
    }

    /**
     * Runs {@code work} after the calls queued before it; completes with its response, or with null
     * when the call was cancelled (no response is sent for a cancelled call).
     */
    CompletableFuture<JsonNode> submit(String id, Function<BooleanSupplier, JsonNode> work) {
        AtomicBoolean cancelled = new AtomicBoolean();
        calls.put(id, cancelled);
        CompletableFuture<JsonNode> response = new CompletableFuture<>();
        thread.execute(
                () -> {
                    try {
                        if (!start(id, cancelled)) {
                            response.complete(null); // cancelled while it waited: never started
                            return;
                        }
                        JsonNode answer = work.apply(cancelled::get);
                        response.complete(cancelled.get() ? null : answer);
                    } catch (RuntimeException | OutOfMemoryError e) {
                        log.println("csl mcp: internal error: " + e);
                        response.complete(null);
                    } finally {
                        running = null;
                        calls.remove(id, cancelled);
                    }
                });
        return response;
    }

    private boolean start(String id, AtomicBoolean cancelled) {
        if (cancelled.get()) {
            return false;
        }
        running = id;
        return !cancelled.get(); // a cancel between the two reads saw it queued: it must not run
    }

    /**
     * notifications/cancelled. A queued call never runs. The running one stops as a failure would:
     * operations not started do not run, and the command running now is killed (with every other
     * process csl started, which is only this call's: calls run one at a time; the worker pool
     * replaces its workers), so its TASKS block rolls back.
     */
    void cancel(String id) {
        AtomicBoolean flag = calls.get(id);
        if (flag == null || !flag.compareAndSet(false, true)) {
            return; // finished already, or not a call of ours: nothing to stop
        }
        if (!id.equals(running)) {
            log.println("csl mcp: queued request " + id + " cancelled; it will not run");
            return;
        }
        log.println("csl mcp: request " + id + " cancelled by the client; stopping it");
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
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
