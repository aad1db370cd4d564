package dev.csl.runner;

import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.worker.WorkerRequest;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The worker JVM of one run session: started at the first RUN (while its block is checked), reused
 * while it lives and serves the same root, dropped after a crash, a timeout or running out of
 * memory (the next built-in starts a fresh one), and at the end given back to its source (a pool
 * keeps it) or stopped. Not thread-safe: the session calls it under its own lock.
 */
final class SessionWorker {
    private final WorkerSource source;
    private final Sandbox sandbox;
    private WorkerProcess worker;
    private Path workerRoot;
    private Thread archiveRecording;

    SessionWorker(WorkerSource source, Sandbox sandbox) {
        this.source = source;
        this.sandbox = sandbox;
    }

    boolean started() {
        return worker != null;
    }

    /** Starts the worker before the block is checked, so the JVM boots meanwhile. */
    void startEarly(Path workingDir) {
        try {
            start(workingDir.toRealPath());
        } catch (IOException e) {
            worker = null; // reported when a built-in needs it
        }
    }

    /** The worker for {@code root}: the current one if alive there, else a new one. */
    WorkerProcess forRoot(Path root) throws IOException {
        if (worker == null || !worker.alive() || !root.equals(workerRoot)) {
            if (worker != null) {
                worker.close();
            }
            start(root);
        }
        return worker;
    }

    /**
     * Sends one request to {@code w} (from {@link #forRoot}). A worker that ran out of memory,
     * timed out or died is not used again.
     */
    WorkerProcess.Result call(WorkerProcess w, WorkerRequest request, long timeoutMillis) {
        WorkerProcess.Result result = w.call(request, timeoutMillis);
        if (!(result instanceof WorkerProcess.Result.Replied r) || r.reply().fatal() != null) {
            worker = null;
        }
        return result;
    }

    private void start(Path root) throws IOException {
        worker = null;
        worker = source.take(root, sandbox);
        workerRoot = root;
        if (archiveRecording == null) {
            archiveRecording = source.background(root);
        }
    }

    /** The worker now serving, if one was started (for tests). */
    WorkerProcess current() {
        return worker;
    }

    /** Gives a healthy worker back to its source, stops any other, waits for archive recording. */
    void close() {
        if (worker != null) {
            if (worker.alive()) {
                source.giveBack(workerRoot, sandbox, worker);
            } else {
                worker.close();
            }
            worker = null;
        }
        if (archiveRecording != null) {
            try {
                // Once per build: let the recording finish so the next apply starts faster.
                archiveRecording.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            archiveRecording = null;
        }
    }
}
