package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.Sizes;

/**
 * csl's own JVM ran out of memory ({@link OutOfMemoryError}) while it applied an operation: that
 * operation fails with {@code limit_exceeded} and the apply goes on as after any failure, so that
 * one huge file or replacement never ends csl (nor {@code csl serve}, nor {@code csl mcp}). What
 * the operation had built in memory is garbage once its result is made.
 */
final class MemoryShortage {
    private MemoryShortage() {}

    /** The error of an operation that ran out of memory. */
    static ErrorInfo error() {
        return ErrorInfo.of(
                ErrorCode.LIMIT_EXCEEDED,
                "csl ran out of memory (its heap holds at most "
                        + Sizes.of(Runtime.getRuntime().maxMemory())
                        + ") while applying this operation; it was not applied.",
                "Work on smaller pieces (a smaller file, fewer matches per SEARCH); if the user"
                        + " needs csl to hold more, they start it with a larger heap, for example"
                        + " JAVA_TOOL_OPTIONS=-Xmx8g.");
    }
}
