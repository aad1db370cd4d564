package dev.csl.runner.worker;

/**
 * The worker's answer to one {@link WorkerRequest}.
 *
 * @param id the request's id
 * @param exitCode the GNU-style exit status of the command
 * @param stdout what it printed, cut and marked at the cap
 * @param stderr its GNU-style messages, cut and marked at the cap
 * @param fatal {@code null}, or why the worker must not be used again ({@code out_of_memory})
 */
public record WorkerReply(long id, int exitCode, String stdout, String stderr, String fatal) {
    public static final String OUT_OF_MEMORY = "out_of_memory";
}
