package dev.csl.fsguard;

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

    GuardException of(GuardCode code, String problem, String written, Path resolved, String hint) {
        StringBuilder message = new StringBuilder(problem).append(": '").append(written);
        message.append("' (");
        if (resolved != null) {
            message.append("resolves to ").append(resolved).append("; ");
        }
        message.append("working directory ").append(root).append(')');
        return new GuardException(code, message.toString(), written, resolved, hint);
    }

    GuardException invalid(String written, PathSyntax.Problem problem) {
        return of(
                GuardCode.INVALID_PATH,
                "Invalid path, " + problem.reason(),
                written,
                null,
                problem.hint());
    }

    GuardException escape(String written, Path resolved, String hint) {
        return of(
                GuardCode.PATH_ESCAPE,
                "Path leaves the working directory",
                written,
                resolved,
                hint);
    }

    GuardException notFound(String written, Path resolved) {
        return of(
                GuardCode.FILE_NOT_FOUND,
                "No such file or directory",
                written,
                resolved,
                "check the spelling; list the parent directory to see what exists");
    }

    GuardException isDirectory(String written, Path resolved) {
        return of(
                GuardCode.IS_DIRECTORY,
                "Is a directory",
                written,
                resolved,
                "name a file inside the directory instead");
    }

    GuardException notDirectory(String written, Path resolved) {
        return of(
                GuardCode.IO_ERROR,
                "Not a directory",
                written,
                resolved,
                "a component of the path is a file, not a directory; check the path");
    }

    GuardException notRegular(String written, Path resolved, String kind) {
        return of(
                GuardCode.INVALID_PATH,
                "Not a regular file or directory (" + kind + ")",
                written,
                resolved,
                "csl only reads and writes regular files and directories");
    }

    GuardException ioError(String written, Path resolved, String problem, String hint) {
        return of(GuardCode.IO_ERROR, problem, written, resolved, hint);
    }

    GuardException permission(String written, Path resolved) {
        return of(
                GuardCode.PERMISSION_DENIED,
                "Permission denied",
                written,
                resolved,
                "the file system refused access; check the file's permissions");
    }
}
