package dev.csl.runner.base;

/**
 * Sees the output of a running external command or Node script line by line as it comes, for a live
 * display; the command's result still holds the captured output. Called on the threads that read
 * the child's pipes, so it must not block for long.
 */
@FunctionalInterface
public interface OutputListener {
    OutputListener NONE = (command, stderr, line) -> {};

    /**
     * @param command the command as the answer wrote it
     * @param stderr true for the child's standard error
     * @param line one line, without its line break
     */
    void line(String command, boolean stderr, String line);
}
