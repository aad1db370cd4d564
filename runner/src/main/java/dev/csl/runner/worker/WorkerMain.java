package dev.csl.runner.worker;

import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.WriteBudget;
import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;

/**
 * The worker JVM: reads one {@link WorkerRequest} per line from stdin, runs the built-in over the
 * path guard and writes one {@link WorkerReply} per line to stdout, until stdin closes. Serves the
 * single working directory it was started for (or, when started without one by a pool, the root of
 * its first request).
 */
public final class WorkerMain {
    private final OutputStream replies;
    private final Builtins builtins;
    private Path root;
    private GuardedFiles guard;
    private final FutureTask<GuardedFiles> opening;

    private WorkerMain(OutputStream replies, Path root, boolean selfTests) {
        this.replies = replies;
        this.root = root;
        // Opening the guard loads its native layer, the slowest part of a worker's start: do it
        // while the main thread reads the first request (and in a pooled worker, before it comes).
        this.opening = root == null ? null : new FutureTask<>(() -> GuardedFiles.open(root));
        if (opening != null) {
            Thread t = new Thread(opening, "csl-worker-guard");
            t.setDaemon(true);
            t.start();
        }
        this.builtins = new Builtins(selfTests);
    }

    public static void main(String[] args) throws IOException {
        Protocol.warmUpInBackground();
        // The protocol owns the real stdout; anything else printed by accident goes to stderr.
        OutputStream replies = new FileOutputStream(FileDescriptor.out);
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        Path root = args.length > 0 ? Path.of(args[0]) : null;
        watchParent();
        new WorkerMain(replies, root, Boolean.getBoolean("csl.worker.selftest")).serve();
    }

    /**
     * Ends the worker when csl is gone, even in the middle of a long command (a closed stdin is
     * only noticed between commands).
     */
    private static void watchParent() {
        ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
        if (parent == null) {
            return;
        }
        Thread t =
                new Thread(
                        () -> {
                            // onExit() of a process that is not our child is not reliable: poll.
                            while (parent.isAlive()) {
                                try {
                                    Thread.sleep(500);
                                } catch (InterruptedException e) {
                                    return;
                                }
                            }
                            Runtime.getRuntime().halt(1);
                        },
                        "csl-worker-watchdog");
        t.setDaemon(true);
        t.start();
    }

    private void serve() throws IOException {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            WorkerRequest request = Protocol.decodeRequest(line);
            WorkerReply reply = handle(request);
            Protocol.writeReply(reply, replies);
            if (reply.fatal() != null) {
                // The heap may be in any state after an OutOfMemoryError: let csl start afresh.
                Runtime.getRuntime().halt(3);
            }
        }
    }

    private WorkerReply handle(WorkerRequest request) {
        Output out = new Output(request.outputCap());
        Output err = new Output(request.outputCap());
        String name = request.invocation().command();
        WriteBudget budget = null;
        try {
            GuardedFiles files = guardFor(Path.of(request.root()));
            if (request.budget() != null) {
                budget = request.budget().resume(files.root());
                files = files.withBudget(budget);
            }
            files = files.withBase(request.dir());
            int exit = builtins.run(request.invocation(), new Context(name, files, out, err));
            return spent(
                    new WorkerReply(request.id(), exit, out.text(), err.text(), null),
                    request.budget(),
                    budget);
        } catch (OutOfMemoryError e) {
            return new WorkerReply(
                    request.id(),
                    -1,
                    "",
                    name + ": out of memory in the worker",
                    WorkerReply.OUT_OF_MEMORY);
        } catch (IOException e) {
            err.println(name + ": " + Context.reason(e));
            return spent(
                    new WorkerReply(request.id(), 1, out.text(), err.text(), null),
                    request.budget(),
                    budget);
        } catch (RuntimeException | StackOverflowError e) {
            err.println(name + ": internal error: " + e);
            return new WorkerReply(request.id(), 2, out.text(), err.text(), null);
        }
    }

    /** {@code reply} with what the command took of its budget, and the budget's refusal. */
    private static WorkerReply spent(WorkerReply reply, WorkerBudget given, WriteBudget budget) {
        if (budget == null) {
            return reply;
        }
        GuardException refused = budget.refusal();
        return new WorkerReply(
                reply.id(),
                reply.exitCode(),
                reply.stdout(),
                reply.stderr(),
                reply.fatal(),
                budget.spentBytes() - given.spentBytes(),
                budget.spentFiles() - given.spentFiles(),
                refused == null
                        ? null
                        : new WorkerReply.Limit(refused.getMessage(), refused.hint()));
    }

    private GuardedFiles guardFor(Path requested) throws IOException {
        if (root == null) {
            root = requested;
        }
        if (!root.equals(requested)) {
            throw new IOException("this worker serves " + root + ", not " + requested);
        }
        if (guard == null) {
            guard = opening == null ? GuardedFiles.open(root) : opened();
        }
        return guard;
    }

    private GuardedFiles opened() throws IOException {
        try {
            return opening.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while opening the working directory", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IOException("cannot open the working directory: " + e.getCause(), e);
        }
    }
}
