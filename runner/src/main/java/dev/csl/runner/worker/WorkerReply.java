package dev.csl.runner.worker;

/**
 * The worker's answer to one {@link WorkerRequest}.
 *
 * @param id the request's id
 * @param exitCode the GNU-style exit status of the command
 * @param stdout what it printed, cut and marked at the cap
 * @param stderr its GNU-style messages, cut and marked at the cap
 * @param fatal {@code null}, or why the worker must not be used again ({@code out_of_memory})
 * @param wroteBytes the bytes the command wrote (spent of the request's budget)
 * @param wroteFiles the files, directories and links it wrote
 * @param limit {@code null}, or the first write the budget refused: its message and hint
 */
public record WorkerReply(
        long id,
        int exitCode,
        String stdout,
        String stderr,
        String fatal,
        long wroteBytes,
        long wroteFiles,
        Limit limit) {
    public static final String OUT_OF_MEMORY = "out_of_memory";

    /** A refusal of the budget, as the worker saw it. */
    public record Limit(String message, String hint) {}

    /** A reply that wrote nothing counted. */
    public WorkerReply(long id, int exitCode, String stdout, String stderr, String fatal) {
        this(id, exitCode, stdout, stderr, fatal, 0, 0, null);
    }
}
