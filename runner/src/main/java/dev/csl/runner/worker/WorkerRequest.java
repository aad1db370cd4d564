package dev.csl.runner.worker;

import java.util.Objects;

/**
 * One request from csl to its worker JVM: run one built-in command line.
 *
 * @param id echoed in the reply
 * @param root the working directory (the guard root); a worker serves one root for its life
 * @param dir the absolute directory the command runs in (the RUN {@code dir}, already checked)
 * @param outputCap the most bytes kept of each of stdout and stderr
 * @param invocation the command line
 * @param budget what the apply may still write, or {@code null} for no budget
 */
public record WorkerRequest(
        long id,
        String root,
        String dir,
        long outputCap,
        Invocation invocation,
        WorkerBudget budget) {
    public WorkerRequest {
        Objects.requireNonNull(root, "root");
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(invocation, "invocation");
    }

    /** A request without a budget. */
    public WorkerRequest(long id, String root, String dir, long outputCap, Invocation invocation) {
        this(id, root, dir, outputCap, invocation, null);
    }
}
