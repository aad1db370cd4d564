package dev.csl.fsguard;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A refused or failed file access. Carries everything an error message for the LLM needs: the code,
 * the path as written, where it resolved (if it got that far) and a one-line hint.
 */
public final class GuardException extends IOException {
    private static final long serialVersionUID = 1L;

    private final ErrorCode code;
    private final String pathAsWritten;
    private final transient Path resolved;
    private final String hint;

    /** A component of the path is a file, not a directory (ENOTDIR): no such path, to a test. */
    private final boolean notADirectory;

    public GuardException(
            ErrorCode code, String message, String pathAsWritten, Path resolved, String hint) {
        this(code, message, pathAsWritten, resolved, hint, false);
    }

    GuardException(
            ErrorCode code,
            String message,
            String pathAsWritten,
            Path resolved,
            String hint,
            boolean notADirectory) {
        super(Objects.requireNonNull(message, "message"));
        this.code = Objects.requireNonNull(code, "code");
        this.pathAsWritten = pathAsWritten;
        this.resolved = resolved;
        this.hint = hint == null ? "" : hint;
        this.notADirectory = notADirectory;
    }

    /**
     * One of the guard's codes: {@code INVALID_PATH}, {@code PATH_ESCAPE}, {@code PROTECTED_PATH},
     * {@code IS_DIRECTORY}, {@code FILE_NOT_FOUND}, {@code PERMISSION_DENIED} or {@code IO_ERROR}.
     */
    public ErrorCode code() {
        return code;
    }

    /** The path exactly as the answer wrote it. */
    public String pathAsWritten() {
        return pathAsWritten;
    }

    /** Where the path resolved, or {@code null} if it was refused before resolution. */
    public Path resolved() {
        return resolved;
    }

    public String hint() {
        return hint;
    }

    boolean notADirectory() {
        return notADirectory;
    }
}
