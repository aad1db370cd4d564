package dev.csl.runner;

import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.worker.WorkerRequest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The worker JVM of one run session: started at the first RUN (while its block is checked), reused
 * while it lives and serves the same root, dropped after a crash, a timeout or running out of
 * memory (the next built-in starts a fresh one), and at the end given back to its source (a pool
 * keeps it) or stopped. Not thread-safe: the session calls it under its own lock.
 */
final class SessionWorker {
    private final WorkerSource source;
    private final Supplier<Sandbox> sandbox;
    private final Map<String, String> environment;
    private WorkerProcess worker;
    private Path workerRoot;
    private Thread archiveRecording;

    /** Set while the worker runs under bubblewrap assumed, before the machine's trial answered. */
    private boolean assumed;

    /** {@code sandbox} gives the session's sandbox, waiting for the machine's probe if need be. */
    SessionWorker(WorkerSource source, Supplier<Sandbox> sandbox) {
        this(source, sandbox, Map.of());
    }

    /** {@code environment}: the caller's, which the worker is started with. */
    SessionWorker(WorkerSource source, Supplier<Sandbox> sandbox, Map<String, String> environment) {
        this.source = source;
        this.sandbox = sandbox;
        this.environment = environment;
    }

    boolean started() {
        return worker != null;
    }

    /**
     * Starts the worker before the block is checked, so the JVM boots meanwhile: in {@code
     * assumedBubblewrap} (from {@link Sandbox#assumedBubblewrap}) when that is not {@code null}, so
     * that the boot need not wait for the machine's trial run of bwrap either.
     */
    void startEarly(Path workingDir, Sandbox assumedBubblewrap) {
        try {
            Path root = workingDir.toRealPath();
            if (assumedBubblewrap != null) {
                start(root, assumedBubblewrap);
                assumed = true;
            } else {
                start(root, sandbox.get());
            }
        } catch (IOException e) {
            worker = null; // reported when a built-in needs it
        }
    }

    /** The worker for {@code root}: the current one if alive there, else a new one. */
    WorkerProcess forRoot(Path root) throws IOException {
        holdAssumption();
        if (worker == null || !worker.alive() || !root.equals(workerRoot)) {
            if (worker != null) {
                worker.close();
            }
            start(root, sandbox.get());
        }
        return worker;
    }

    /**
     * A worker started under bubblewrap assumed is kept only when the session's sandbox is
     * bubblewrap indeed; otherwise it is stopped (its bwrap failed, or it confines more than the
     * session reports) and the next built-in starts one in the sandbox decided.
     */
    private void holdAssumption() {
        if (assumed) {
            assumed = false;
            if (worker != null && sandbox.get().hostSide().kind() != SandboxLayer.BUBBLEWRAP) {
                worker.close();
                worker = null;
            }
        }
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

    private void start(Path root, Sandbox in) throws IOException {
        worker = null;
        worker = source.take(root, in, environment);
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
        holdAssumption();
        if (worker != null) {
            if (worker.alive()) {
                source.giveBack(workerRoot, sandbox.get(), worker);
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
