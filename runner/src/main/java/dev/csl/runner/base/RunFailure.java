package dev.csl.runner.base;

import dev.csl.fsguard.ErrorCode;
import java.util.Map;
import java.util.Objects;

/**
 * Why a RUN block failed, as data: a stable spec code ({@link ErrorCode#SHELL_OPERATOR}, {@link
 * ErrorCode#TIMEOUT}, {@link ErrorCode#COMMAND_FAILED}, ...), one-sentence message, hint, and extra
 * JSON fields such as {@code exitCode}.
 */
public record RunFailure(ErrorCode code, String message, String hint, Map<String, Object> details) {
    public RunFailure {
        Objects.requireNonNull(code, "code");
        details = Map.copyOf(details);
    }
}
