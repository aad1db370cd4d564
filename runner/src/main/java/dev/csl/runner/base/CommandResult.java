package dev.csl.runner.base;

/**
 * What one command line did. Output beyond the cap is cut and ends with a marker line.
 *
 * @param exitCode the exit status, or -1 when the command never ran to an exit (timeout, refusal)
 */
public record CommandResult(
        String command, int exitCode, String stdout, String stderr, long durationMs) {}
