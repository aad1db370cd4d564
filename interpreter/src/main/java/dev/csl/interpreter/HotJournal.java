package dev.csl.interpreter;

import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The start of a long-running csl (serve, mcp, watch) in a directory: an apply that a kill left
 * half done there is rolled back before the first request, as SQLite does with a hot journal (apply
 * and undo do the same before their own work). A directory without {@code .csl} is left untouched:
 * nothing is created just by starting.
 */
public final class HotJournal {
    private HotJournal() {}

    /**
     * Rolls back an interrupted apply in {@code dir} under the directory lock; empty when there was
     * none (or no {@code .csl} at all).
     *
     * @throws IOException when {@code .csl} or the history cannot be read, or the lock not taken
     */
    public static Optional<Recovery> recover(Path dir) throws IOException {
        Path absolute = dir.toAbsolutePath().normalize();
        if (!Files.isDirectory(absolute) || GuardedFiles.isFileSystemRoot(absolute)) {
            return Optional.empty();
        }
        Path root = absolute.toRealPath();
        StateDirectory state = StateDirectory.openIfExists(root);
        if (state == null) {
            return Optional.empty();
        }
        try (DirectoryLock lock = DirectoryLock.acquire(state)) {
            return Optional.ofNullable(
                    History.recover(GuardedFiles.open(root), state, JournalRecords.of(root)));
        }
    }
}
