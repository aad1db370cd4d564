package dev.csl.cli.mcp;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Directories an MCP server never takes as a project, however it was given (a client's root, {@code
 * -C}, the directory it started in): the file system's root, the home directory and its ancestors.
 * Below such a directory the model's {@code workingDir} could name any of the user's files, so a
 * client that shares {@code /} or {@code ~} shares no project.
 */
public final class NotAProject {
    private NotAProject() {}

    /** Why {@code dir} is no project for the user whose home is {@code home}; null if it may be. */
    public static String why(Path dir, Path home) {
        Path real = realOrSelf(dir);
        if (GuardedFiles.isFileSystemRoot(dir) || GuardedFiles.isFileSystemRoot(real)) {
            return "the root of the file system";
        }
        if (home != null) {
            Path ownHome = realOrSelf(home);
            if (real.equals(ownHome) || dir.equals(home)) {
                return "your home directory";
            }
            if (ownHome.startsWith(real) || home.startsWith(dir)) {
                return "an ancestor of your home directory (" + home + ")";
            }
        }
        return null;
    }

    private static Path realOrSelf(Path dir) {
        try {
            return dir.toRealPath();
        } catch (IOException e) {
            return dir.toAbsolutePath().normalize();
        }
    }
}
