package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.FileInfo;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Path;

/** Reads a file an operation is about to change, through the guard, into a {@link FileState}. */
final class FileLoader {
    private FileLoader() {}

    /**
     * Loads {@code target} (the guard's resolution of {@code path}, as written). Refuses a
     * directory, a special file and a path written as a directory ({@code f.txt/}).
     */
    static FileState load(GuardedFiles files, String path, ProjectPath target) throws OpFailure {
        String guardPath = target.relative();
        Path resolved = target.resolved();
        Content content;
        Snapshot opened = null;
        try {
            FileInfo info = files.stat(guardPath);
            if (namesDirectory(path) && info.type() != FileInfo.Type.DIRECTORY) {
                throw notADirectory(files, path, resolved);
            }
            content =
                    switch (info.type()) {
                        case FILE -> Content.ofBytes(files.readBytes(guardPath));
                        case MISSING -> Content.ABSENT;
                        case SYMLINK -> Content.ABSENT;
                        case DIRECTORY ->
                                throw new OpFailure(
                                        ErrorCode.IS_DIRECTORY,
                                        "'"
                                                + path
                                                + "' is a directory ("
                                                + resolved
                                                + "), not a file. Nothing was changed.",
                                        directoryHint(files, guardPath, path));
                        case OTHER ->
                                throw new OpFailure(
                                        ErrorCode.IO_ERROR,
                                        "'"
                                                + path
                                                + "' is not a regular file ("
                                                + resolved
                                                + "). Nothing was changed.",
                                        "Only regular files can be written.");
                    };
            // The journal records this state when the file is first saved, instead of reading
            // the file again (a link is captured then, as the journal needs its target).
            if (info.type() == FileInfo.Type.FILE) {
                opened = Snapshot.ofFile(content.bytes(), info.posixMode());
            } else if (info.type() == FileInfo.Type.MISSING) {
                opened = Snapshot.ABSENT;
            }
        } catch (GuardException e) {
            throw OpFailure.of(e, "Nothing was changed.");
        } catch (IOException e) {
            throw new OpFailure(
                    ErrorCode.IO_ERROR,
                    "Could not read '" + path + "': " + e.getMessage() + ". Nothing was changed.",
                    "Check the file and try again.");
        }
        return new FileState(target, content, opened);
    }

    static boolean namesDirectory(String path) {
        return path.endsWith("/") || path.endsWith("/.");
    }

    /** `new.txt/` names a directory: no file is read or created there (ENOTDIR, as the guard). */
    static OpFailure notADirectory(GuardedFiles files, String path, Path resolved) {
        return new OpFailure(
                ErrorCode.IO_ERROR,
                "Not a directory: '"
                        + path
                        + "' (resolves to "
                        + resolved
                        + "; working directory "
                        + files.root()
                        + "). Nothing was changed.",
                "A trailing '/' names a directory; write the file's path without it: '"
                        + trimSlash(path)
                        + "'.");
    }

    private static String trimSlash(String path) {
        return path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    /** Files a directory holds at most in a hint. */
    private static final int MAX_LISTED = 10;

    /** The hint for a directory named as a file: the files it holds, so one can be named. */
    private static String directoryHint(GuardedFiles files, String guardPath, String path) {
        String dir = trimSlash(path);
        java.util.List<String> names;
        try {
            names = files.list(guardPath);
        } catch (IOException | RuntimeException e) {
            names = java.util.List.of();
        }
        if (names.isEmpty()) {
            return "Name a file inside it, e.g. '" + dir + "/name.ext'.";
        }
        StringBuilder sb = new StringBuilder("It holds ");
        for (int i = 0; i < names.size() && i < MAX_LISTED; i++) {
            sb.append(i == 0 ? "" : ", ").append(dir).append('/').append(names.get(i));
        }
        if (names.size() > MAX_LISTED) {
            sb.append(", … (").append(names.size()).append(" entries)");
        }
        return sb.append(". Name the file inside it you mean, e.g. '")
                .append(dir)
                .append('/')
                .append(names.get(0))
                .append("'.")
                .toString();
    }
}
