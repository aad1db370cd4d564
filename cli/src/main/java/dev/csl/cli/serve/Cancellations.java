package dev.csl.cli.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * {@code $/cancelRequest} (LSP's cancellation, which vscode-jsonrpc sends): the requests not
 * answered yet, by id. A queued request never runs and is answered at once with RequestCancelled
 * (-32800); a running apply stops as a failure would (operations not started are skipped, a TASKS
 * block in progress rolls back) and is answered with -32800 carrying its report. The command
 * running at that moment is killed only when no other request is running: csl's child processes are
 * not told apart by request.
 */
final class Cancellations {
    /** The LSP method that cancels a request: {@code {"id": ID}}, a notification. */
    static final String METHOD = "$/cancelRequest";

    private final Map<String, Request> requests = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();
    private final PrintStream log;

    Cancellations(PrintStream log) {
        this.log = log;
    }

    /** A request accepted now; it can be cancelled until it is answered (a notification never). */
    Request open(JsonNode id, boolean notification) {
        Request request = new Request(id, notification ? null : key(id));
        if (request.key != null) {
            requests.put(request.key, request);
        }
        return request;
    }

    void cancel(JsonNode id) {
        String key = key(id);
        Request request = key == null ? null : requests.get(key);
        if (request == null || !request.cancelled.compareAndSet(false, true)) {
            return; // answered already, or unknown: nothing to cancel
        }
        if (request.withdraw()) {
            log.println("csl serve: queued request " + key + " cancelled; it will not run");
            requests.remove(key, request);
            request.response.complete(answer(request.id, null));
            return;
        }
        log.println("csl serve: request " + key + " cancelled by the client; stopping it");
        if (running.get() == 1) {
            ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
        }
    }

    /** A request id as a map key: numbers and strings apart ("1" is not 1). */
    private static String key(JsonNode id) {
        if (id == null || !(id.isTextual() || id.isNumber())) {
            return null;
        }
        return (id.isTextual() ? "s:" : "n:") + id.asText();
    }

    /** The answer to a cancelled request: RequestCancelled, with what was done as data. */
    private static ObjectNode answer(JsonNode id, JsonNode response) {
        JsonNode report = response == null ? null : response.get("result");
        ObjectNode answer =
                JsonRpcServer.error(
                        id,
                        new RpcError(
                                RpcError.REQUEST_CANCELLED,
                                report == null
                                        ? "Request cancelled before it started; nothing was done"
                                        : "Request cancelled; operations not started were"
                                                + " skipped and a TASKS block in progress rolled"
                                                + " back (see data)",
                                null));
        if (report != null) {
            ((ObjectNode) answer.get("error")).set("data", report);
        }
        return answer;
    }

    /** The cancellation state of one request. */
    final class Request {
        private final JsonNode id;
        private final String key;
        private final AtomicBoolean cancelled = new AtomicBoolean();
        final CompletableFuture<JsonNode> response = new CompletableFuture<>();
        private boolean started;
        private boolean withdrawn;

        private Request(JsonNode id, String key) {
            this.id = id;
            this.key = key;
        }

        /** True once the client cancelled it: what the apply checks between operations. */
        boolean cancelled() {
            return cancelled.get();
        }

        /**
         * Runs {@code work} unless the request was cancelled while it waited (then it is answered
         * already), and completes {@link #response} with its answer, or with RequestCancelled when
         * it was cancelled while it ran.
         */
        void run(Supplier<JsonNode> work) {
            try {
                if (!start()) {
                    return;
                }
                running.incrementAndGet();
                JsonNode result;
                try {
                    result = work.get();
                } finally {
                    running.decrementAndGet();
                }
                response.complete(cancelled.get() ? answer(id, result) : result);
            } finally {
                if (key != null) {
                    requests.remove(key, this);
                }
            }
        }

        private synchronized boolean start() {
            if (withdrawn) {
                return false;
            }
            started = true;
            return true;
        }

        /** Withdraws the request if it has not started; true when it was withdrawn. */
        private synchronized boolean withdraw() {
            if (started) {
                return false;
            }
            withdrawn = true;
            return true;
        }
    }
}
