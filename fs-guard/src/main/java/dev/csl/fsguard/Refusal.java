package dev.csl.fsguard;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Builds the guard's errors in one shape, so every message says the problem, the path as written,
 * where it resolved (when it got that far) and the working directory: {@code <problem>: '<path>'
 * (resolves to <abs>; working directory <root>)}.
 */
final class Refusal {
    private final Path root;

    Refusal(Path root) {
        this.root = root;
    }

    GuardException of(ErrorCode code, String problem, String written, Path resolved, String hint) {
        return new GuardException(
                code, message(problem, written, resolved), written, resolved, hint, false);
    }

    private String message(String problem, String written, Path resolved) {
        StringBuilder message = new StringBuilder(problem).append(": '").append(written);
        message.append("' (");
        if (resolved != null) {
            message.append("resolves to ").append(resolved).append("; ");
        }
        message.append("working directory ").append(root).append(')');
        return message.toString();
    }

    GuardException invalid(String written, PathSyntax.Problem problem) {
        return of(
                ErrorCode.INVALID_PATH,
                "Invalid path, " + problem.reason(),
                written,
                null,
                problem.hint());
    }

    GuardException escape(String written, Path resolved, String hint) {
        return of(
                ErrorCode.PATH_ESCAPE,
                "Path leaves the working directory",
                written,
                resolved,
                hint);
    }

    GuardException notFound(String written, Path resolved) {
        return of(
                ErrorCode.FILE_NOT_FOUND,
                "No such file or directory",
                written,
                resolved,
                "check the spelling; list the parent directory to see what exists");
    }

    GuardException isDirectory(String written, Path resolved) {
        return of(
                ErrorCode.IS_DIRECTORY,
                "Is a directory",
                written,
                resolved,
                "name a file inside the directory instead");
    }

    GuardException notDirectory(String written, Path resolved) {
        return new GuardException(
                ErrorCode.IO_ERROR,
                message("Not a directory", written, resolved),
                written,
                resolved,
                "a component of the path is a file, not a directory; check the path",
                true);
    }

    GuardException notRegular(String written, Path resolved, String kind) {
        return of(
                ErrorCode.INVALID_PATH,
                "Not a regular file or directory (" + kind + ")",
                written,
                resolved,
                "csl only reads and writes regular files and directories");
    }

    GuardException ioError(String written, Path resolved, String problem, String hint) {
        return of(ErrorCode.IO_ERROR, problem, written, resolved, hint);
    }

    GuardException permission(String written, Path resolved) {
        return of(
                ErrorCode.PERMISSION_DENIED,
                "Permission denied",
                written,
                resolved,
                "the file system refused access; check the file's permissions");
    }

    /** Turns a failed use into the guard's error shape. */
    GuardException failure(IOException e, String path, Path resolved) {
        if (e instanceof GuardException g) {
            return g;
        }
        if (e instanceof NoSuchFileException) {
            return notFound(path, resolved);
        }
        if (e instanceof AccessDeniedException) {
            return permission(path, resolved);
        }
        if (e instanceof DirectoryNotEmptyException) {
            return of(
                    ErrorCode.IO_ERROR,
                    "Directory not empty",
                    path,
                    resolved,
                    "delete it recursively (rm -r) or empty it first");
        }
        if (e instanceof RaceException) {
            return of(
                    ErrorCode.PATH_ESCAPE,
                    "The path changed while csl used it (a symlink or another file appeared)",
                    path,
                    resolved,
                    "something else is changing the directory; retry once it is stable");
        }
        String reason = e instanceof FileSystemException f ? f.getReason() : e.getMessage();
        return ioError(
                path,
                resolved,
                reason == null ? e.toString() : reason,
                "the file system refused the operation; check the path and its permissions");
    }
}
