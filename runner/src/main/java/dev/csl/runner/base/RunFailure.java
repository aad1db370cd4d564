package dev.csl.runner.base;

import dev.csl.fsguard.ErrorCode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Why a RUN block failed, as data: a stable spec code ({@link ErrorCode#SHELL_OPERATOR}, {@link
 * ErrorCode#TIMEOUT}, {@link ErrorCode#COMMAND_FAILED}, ...), one-sentence message, hint, and extra
 * JSON fields such as {@code exitCode}.
 *
 * <p>The details keep the order they were given in, and the JSON writes them in that order: a map
 * of {@code Map.of} iterates in an order that changes from one JVM to the next, so the same failure
 * printed its fields differently on every run.
 */
public record RunFailure(ErrorCode code, String message, String hint, Map<String, Object> details) {
    public RunFailure {
        Objects.requireNonNull(code, "code");
        Map<String, Object> ordered = new LinkedHashMap<>();
        details.forEach((k, v) -> ordered.put(k, Objects.requireNonNull(v, k)));
        details = Collections.unmodifiableMap(ordered);
    }

    /** Two detail fields, in this order. */
    public static Map<String, Object> details(String k1, Object v1, String k2, Object v2) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put(k1, v1);
        m.put(k2, v2);
        return m;
    }

    /** Three detail fields, in this order. */
    public static Map<String, Object> details(
            String k1, Object v1, String k2, Object v2, String k3, Object v3) {
        Map<String, Object> m = details(k1, v1, k2, v2);
        m.put(k3, v3);
        return m;
    }

    /** Four detail fields, in this order. */
    public static Map<String, Object> details(
            String k1,
            Object v1,
            String k2,
            Object v2,
            String k3,
            Object v3,
            String k4,
            Object v4) {
        Map<String, Object> m = details(k1, v1, k2, v2, k3, v3);
        m.put(k4, v4);
        return m;
    }
}
