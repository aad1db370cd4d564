package dev.csl.runner;

import dev.csl.runner.process.CommandEnvironment;
import dev.csl.runner.worker.Protocol;
import dev.csl.runner.worker.WorkerReply;
import dev.csl.runner.worker.WorkerRequest;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One worker JVM seen from csl: sends a request, waits for its reply up to the timeout, and when
 * the worker hangs, crashes or runs out of memory, kills it with its whole process tree. Once dead
 * it stays dead; the session starts another.
 */
final class WorkerProcess implements AutoCloseable {
    /** How a call ended. */
    sealed interface Result {
        record Replied(WorkerReply reply) implements Result {}

        record TimedOut() implements Result {}

        /** The worker died or broke the protocol; {@code why} says how, for the user. */
        record Died(String why) implements Result {}
    }

    private static final Object EOF = new Object();
    private static final int STDERR_TAIL = 4096;

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<Object> replies = new LinkedBlockingQueue<>();
    private final StringBuilder stderrTail = new StringBuilder();
    private volatile boolean dead;

    private WorkerProcess(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        daemon("csl-worker-out-" + process.pid(), this::readReplies);
        daemon("csl-worker-err-" + process.pid(), this::drainStderr);
    }

    /** A worker with the basic names of this JVM's environment (tests). */
    static WorkerProcess start(List<String> command) throws IOException {
        return start(command, null);
    }

    /**
     * A worker whose environment is the basic names of {@code environment} (the caller's; this
     * JVM's when null).
     */
    static WorkerProcess start(List<String> command, Map<String, String> environment)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        // The worker needs none of csl's own variables (API keys, tokens): the basic names only,
        // with a UTF-8 locale, since it encodes file names with the charset of its locale.
        Map<String, String> env = pb.environment();
        Map<String, String> kept =
                CommandEnvironment.basic().filter(environment == null ? env : environment);
        env.clear();
        env.putAll(kept);
        pb.redirectInput(ProcessBuilder.Redirect.PIPE);
        return new WorkerProcess(pb.start());
    }

    static WorkerProcess start(WorkerLauncher launcher, Path root) throws IOException {
        return start(launcher.command(root));
    }

    long pid() {
        return process.pid();
    }

    ProcessHandle handle() {
        return process.toHandle();
    }

    boolean alive() {
        return !dead && process.isAlive();
    }

    Result call(WorkerRequest request, long timeoutMillis) {
        if (!alive()) {
            return new Result.Died("the worker had already stopped" + exitNote());
        }
        try {
            stdin.write((Protocol.encode(request) + "\n").getBytes(StandardCharsets.UTF_8));
            stdin.flush();
        } catch (IOException e) {
            kill();
            return new Result.Died("the worker stopped before it got the command" + exitNote());
        }
        Object got;
        try {
            got = replies.poll(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
            return new Result.Died("csl was interrupted while the command ran");
        }
        if (got == null) {
            kill();
            return new Result.TimedOut();
        }
        if (got == EOF) {
            kill();
            return new Result.Died("the worker stopped unexpectedly" + exitNote());
        }
        if (got instanceof IOException e) {
            kill();
            return new Result.Died("the worker sent a broken reply: " + e.getMessage());
        }
        WorkerReply reply = (WorkerReply) got;
        if (reply.id() != request.id()) {
            kill();
            return new Result.Died("the worker answered another request (" + reply.id() + ")");
        }
        if (reply.fatal() != null) {
            kill();
        }
        return new Result.Replied(reply);
    }

    /** Kills the worker and everything it started, and waits until they are gone. */
    void kill() {
        dead = true;
        List<ProcessHandle> tree = new java.util.ArrayList<>(process.descendants().toList());
        // The worker first, so it cannot start anything more; then its whole tree, including
        // what the snapshot's members started in the meantime (found before they are killed).
        process.destroyForcibly();
        for (ProcessHandle h : List.copyOf(tree)) {
            h.descendants().forEach(tree::add);
        }
        tree.forEach(ProcessHandle::destroyForcibly);
        try {
            process.waitFor(5, TimeUnit.SECONDS);
            for (ProcessHandle h : tree) {
                h.onExit().get(5, TimeUnit.SECONDS);
            }
        } catch (Exception e) {
            // best effort: they were sent SIGKILL
        }
    }

    /**
     * Tells the worker to stop (end of input) and returns: it exits while csl finishes the apply
     * (journal, audit, output); one that has not stopped within 2 s is killed with its tree, and
     * csl's own exit waits for every worker still stopping ({@link #STOPPING}), so none outlives
     * it.
     */
    @Override
    public void close() {
        if (dead) {
            return;
        }
        dead = true;
        try {
            stdin.close(); // the worker ends its loop at end of input
        } catch (IOException e) {
            kill();
            return;
        }
        STOPPING.add(this);
        if (EXIT_WAITS.compareAndSet(false, true)) {
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(WorkerProcess::awaitStopping, "csl-worker-exits"));
        }
        daemon("csl-worker-stop-" + process.pid(), this::awaitStop);
    }

    private static final Set<WorkerProcess> STOPPING = ConcurrentHashMap.newKeySet();
    private static final AtomicBoolean EXIT_WAITS = new AtomicBoolean();

    private void awaitStop() {
        try {
            if (!process.waitFor(2, TimeUnit.SECONDS)) {
                kill();
            }
        } catch (InterruptedException e) {
            kill();
        } finally {
            STOPPING.remove(this);
        }
    }

    /** Waits until every worker told to stop is gone (csl's exit; and tests). */
    static void awaitStopping() {
        for (WorkerProcess w : List.copyOf(STOPPING)) {
            w.awaitStop();
        }
    }

    private String exitNote() {
        try {
            process.waitFor(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        String note = process.isAlive() ? "" : " (exit status " + process.exitValue() + ")";
        String err;
        synchronized (stderrTail) {
            err = stderrTail.toString().strip();
        }
        return err.isEmpty() ? note : note + ": " + lastLine(err);
    }

    private static String lastLine(String s) {
        int nl = s.lastIndexOf('\n');
        return nl < 0 ? s : s.substring(nl + 1);
    }

    private void readReplies() {
        try (InputStream in = new BufferedInputStream(process.getInputStream(), 1 << 16)) {
            WorkerReply reply;
            while ((reply = Protocol.readReply(in)) != null) {
                replies.add(reply);
            }
        } catch (IOException e) {
            // a broken reply (the pipe broke, or bytes that are not the protocol): nothing after
            // it can be trusted
            replies.add(e);
        }
        replies.add(EOF);
    }

    private void drainStderr() {
        byte[] buf = new byte[1024];
        try (InputStream err = process.getErrorStream()) {
            int n;
            while ((n = err.read(buf)) > 0) {
                synchronized (stderrTail) {
                    stderrTail.append(new String(buf, 0, n, StandardCharsets.UTF_8));
                    if (stderrTail.length() > STDERR_TAIL) {
                        stderrTail.delete(0, stderrTail.length() - STDERR_TAIL);
                    }
                }
            }
        } catch (IOException e) {
            // the pipe broke: the worker is gone
        }
    }

    private static void daemon(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }
}
