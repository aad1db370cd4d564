package dev.csl.cli;

import dev.csl.fsguard.GuardedFiles;
import java.io.PrintWriter;
import java.nio.file.Path;

/** The checks every command's {@code -C DIR} gets before anything is read or written there. */
final class WorkingDirOption {
    private WorkingDirOption() {}

    /** Prints the usage error and returns false when {@code dir} cannot be a working directory. */
    static boolean usable(String command, Path dir, PrintWriter err) {
        if (GuardedFiles.isFileSystemRoot(dir)) {
            err.println(
                    "csl "
                            + command
                            + ": -C "
                            + dir
                            + " is the root of the file system, which is never a working"
                            + " directory; pass the project's own directory");
            return false;
        }
        return true;
    }
}
