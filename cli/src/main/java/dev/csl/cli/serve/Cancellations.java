package dev.csl.cli.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.cli.rpc.OpenRequests;
import dev.csl.cli.rpc.RpcError;
import dev.csl.cli.rpc.RpcMessages;
import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * {@code $/cancelRequest} (LSP's cancellation, which vscode-jsonrpc sends) on the requests not
 * answered yet ({@link OpenRequests}). A queued request never runs and is answered at once with
 * RequestCancelled (-32800); a running apply stops as a failure would (operations not started are
 * skipped, a TASKS block in progress rolls back) and is answered with -32800 carrying its report.
 * The command running at that moment is killed only when no other request is running: csl's child
 * processes are not told apart by request.
 */
final class Cancellations {
    /** The LSP method that cancels a request: {@code {"id": ID}}, a notification. */
    static final String METHOD = "$/cancelRequest";

    private final OpenRequests open = new OpenRequests();
    private final PrintStream log;

    Cancellations(PrintStream log) {
        this.log = log;
    }

    /** A request accepted now; it can be cancelled until it is answered (a notification never). */
    Request open(JsonNode id, boolean notification) {
        Request request = new Request(id);
        request.state =
                open.open(
                        notification ? null : id,
                        () -> request.response.complete(answer(id, null)));
        return request;
    }

    void cancel(JsonNode id) {
        switch (open.cancel(id)) {
            case QUEUED ->
                    log.println(
                            "csl serve: queued request "
                                    + id.asText()
                                    + " cancelled; it will not run");
            case RUNNING -> {
                log.println(
                        "csl serve: request "
                                + id.asText()
                                + " cancelled by the client; stopping it");
                if (open.running() == 1) {
                    ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
                }
            }
            case NONE -> {} // answered already, or unknown: nothing to cancel
        }
    }

    /** The answer to a cancelled request: RequestCancelled, with what was done as data. */
    private static ObjectNode answer(JsonNode id, JsonNode response) {
        JsonNode report = response == null ? null : response.get("result");
        return RpcMessages.error(
                id,
                new RpcError(
                        RpcError.REQUEST_CANCELLED,
                        report == null
                                ? "Request cancelled before it started; nothing was done"
                                : "Request cancelled; operations not started were skipped and a"
                                        + " TASKS block in progress rolled back (see data)",
                        report));
    }

    /** The cancellation state of one request, and its response. */
    static final class Request {
        private final JsonNode id;
        private OpenRequests.Request state;
        final CompletableFuture<JsonNode> response = new CompletableFuture<>();

        private Request(JsonNode id) {
            this.id = id;
        }

        /** True once the client cancelled it: what the apply checks between operations. */
        boolean cancelled() {
            return state.cancelled();
        }

        /**
         * Runs {@code work} unless the request was cancelled while it waited, and completes {@link
         * #response} with its answer, or with RequestCancelled when it was cancelled (while it
         * waited: nothing was done; while it ran: with its report).
         */
        void run(Supplier<JsonNode> work) {
            JsonNode result = state.run(work);
            // a request withdrawn while it waited was answered then: this completes nothing
            response.complete(state.cancelled() ? answer(id, result) : result);
        }
    }
}
