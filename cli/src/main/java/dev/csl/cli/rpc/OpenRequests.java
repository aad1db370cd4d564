package dev.csl.cli.rpc;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The requests a server accepted and has not answered, by id, with their cancellation state: what
 * both servers' cancellations ({@code $/cancelRequest}, {@code notifications/cancelled}) act on. A
 * request cancelled while it waits never starts; one cancelled while it runs sees its flag, which
 * the apply checks between operations.
 */
public final class OpenRequests {
    /** What a cancellation found. */
    public enum Found {
        /** No open request has that id (answered already, or never sent): nothing to do. */
        NONE,
        /** It was waiting: withdrawn, it will never start. */
        QUEUED,
        /** It is running: its flag is set; the caller stops what it started. */
        RUNNING
    }

    private final Map<String, Request> open = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();

    /** A request accepted now; a null id (a notification) is never found by a cancellation. */
    public Request open(JsonNode id) {
        return open(id, () -> {});
    }

    /**
     * A request accepted now; {@code withdrawn} runs when a cancellation withdraws it before it
     * started (a server that answers such a request at once does so there).
     */
    public Request open(JsonNode id, Runnable withdrawn) {
        Request request = new Request(RequestCheck.key(id), withdrawn);
        if (request.key != null) {
            open.put(request.key, request);
        }
        return request;
    }

    /** Cancels the open request {@code id}, once; says what it found. */
    public Found cancel(JsonNode id) {
        String key = RequestCheck.key(id);
        Request request = key == null ? null : open.get(key);
        if (request == null || !request.cancelled.compareAndSet(false, true)) {
            return Found.NONE;
        }
        if (request.withdraw()) {
            open.remove(key, request);
            request.withdrawn.run();
            return Found.QUEUED;
        }
        return Found.RUNNING;
    }

    /** How many requests are running now. */
    public int running() {
        return running.get();
    }

    /** One open request. */
    public final class Request {
        private final String key;
        private final Runnable withdrawn;
        private final AtomicBoolean cancelled = new AtomicBoolean();
        private boolean started;
        private boolean withdrawnBeforeStart;

        private Request(String key, Runnable withdrawn) {
            this.key = key;
            this.withdrawn = withdrawn;
        }

        /** True once the client cancelled it. */
        public boolean cancelled() {
            return cancelled.get();
        }

        /**
         * Runs {@code work} unless the request was withdrawn while it waited (then null); the
         * request is closed afterwards, whatever happened.
         */
        public <T> T run(Supplier<T> work) {
            try {
                if (!start()) {
                    return null;
                }
                running.incrementAndGet();
                try {
                    return work.get();
                } finally {
                    running.decrementAndGet();
                }
            } finally {
                if (key != null) {
                    open.remove(key, this);
                }
            }
        }

        private synchronized boolean start() {
            if (withdrawnBeforeStart) {
                return false;
            }
            started = true;
            return true;
        }

        private synchronized boolean withdraw() {
            if (started) {
                return false;
            }
            withdrawnBeforeStart = true;
            return true;
        }
    }
}
