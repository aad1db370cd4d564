package dev.csl.runner;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Called by the runner, in the csl process, just before a built-in command changes a path (mkdir,
 * touch, cp, mv, rm), so that the caller can snapshot its prior state for TASKS rollback and {@code
 * csl undo}. For a recursive change the path is the top of the tree.
 */
@FunctionalInterface
public interface ChangeRecorder {
    ChangeRecorder NONE = path -> {};

    void willChange(Path absolutePath) throws IOException;

    /**
     * As {@link #willChange(Path)}, giving up with {@link Deadline.Passed} once {@code deadline}
     * passes (the runner then reports the command's {@code timeout} and does not run it).
     */
    default void willChange(Path absolutePath, Deadline deadline) throws IOException {
        deadline.check();
        willChange(absolutePath);
    }
}
