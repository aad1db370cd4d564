package dev.csl.runner.worker;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;

/** What a built-in sees: the guarded files (based at the RUN dir) and its two output streams. */
final class Context {
    final String command;
    final GuardedFiles files;
    final Output out;
    final Output err;
    private Set<Path> mounts;

    Context(String command, GuardedFiles files, Output out, Output err) {
        this.command = command;
        this.files = files;
        this.out = out;
        this.err = err;
    }

    /** Prints {@code command: message} to stderr, as GNU tools do. */
    void error(String message) {
        err.println(command + ": " + message);
    }

    /**
     * Prints {@code command: path: reason} for a failed access, in GNU's words where it has one.
     */
    void error(String path, IOException e) {
        error(path + ": " + reason(e));
    }

    /** GNU's wording for why an access failed ("No such file or directory", ...). */
    static String reason(IOException e) {
        if (e instanceof GuardException g) {
            return switch (g.code()) {
                case FILE_NOT_FOUND -> "No such file or directory";
                case IS_DIRECTORY -> "Is a directory";
                case PERMISSION_DENIED -> "Permission denied";
                case IO_ERROR -> gnuReason(g.getMessage());
                default -> "refused (" + g.code().wireName() + "): " + g.getMessage();
            };
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The guard's "Not a directory: 'x/' (resolves to …)" as GNU's bare "Not a directory". */
    private static String gnuReason(String message) {
        for (String errno : new String[] {"Not a directory", "Directory not empty"}) {
            if (message.startsWith(errno + ":")) {
                return errno;
            }
        }
        return message;
    }

    static boolean missing(IOException e) {
        return e instanceof GuardException g && g.code() == ErrorCode.FILE_NOT_FOUND;
    }

    /**
     * True for a directory on which another file system is mounted: recursive built-ins list it but
     * do not descend into it (like {@code find -xdev}). The mount table is read once per command.
     */
    boolean isMountPoint(FileInfo info) {
        if (info.type() != FileInfo.Type.DIRECTORY || info.resolved() == null) {
            return false;
        }
        if (mounts == null) {
            mounts = files.mountPoints();
        }
        return mounts.contains(info.resolved());
    }

    /** The status of {@code path}, following a final symlink (which must stay inside). */
    FileInfo statFollow(String path) throws GuardException {
        return files.stat(path, true);
    }

    /** {@code dir/name} without doubling a slash. */
    static String child(String dir, String name) {
        if (dir.equals(".")) {
            return "./" + name;
        }
        return dir.endsWith("/") ? dir + name : dir + "/" + name;
    }
}
