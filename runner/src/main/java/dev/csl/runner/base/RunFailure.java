package dev.csl.runner.base;

import java.util.Map;

/**
 * Why a RUN block failed, as data: a stable spec code ({@code shell_operator}, {@code timeout},
 * {@code command_failed}, ...), one-sentence message, hint, and extra JSON fields such as {@code
 * exitCode}.
 */
public record RunFailure(String code, String message, String hint, Map<String, Object> details) {
    public RunFailure {
        details = Map.copyOf(details);
    }
}
