package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.csl.fsguard.ErrorCode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Why an operation failed or was skipped: stable code, one-paragraph message for the LLM, a hint,
 * and extra JSON fields such as {@code expected}/{@code found} or {@code exitCode}.
 */
@JsonPropertyOrder({"code", "message"})
public final class ErrorInfo {
    private final ErrorCode code;
    private final String message;
    private final String hint;
    private final Map<String, Object> details;
    private final ErrorDetails typed;

    public ErrorInfo(ErrorCode code, String message, String hint, Map<String, Object> details) {
        this(code, message, hint, details, null);
    }

    /** With typed details, which the JSON writes as its extra fields. */
    public ErrorInfo(ErrorCode code, String message, String hint, ErrorDetails typed) {
        this(code, message, hint, typed.fields(), typed);
    }

    private ErrorInfo(
            ErrorCode code,
            String message,
            String hint,
            Map<String, Object> details,
            ErrorDetails typed) {
        this.code = Objects.requireNonNull(code, "code");
        this.message = Objects.requireNonNull(message, "message");
        this.hint = hint == null ? "" : hint;
        this.details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
        this.typed = typed;
    }

    public static ErrorInfo of(ErrorCode code, String message, String hint) {
        return new ErrorInfo(code, message, hint, Map.of());
    }

    public ErrorCode code() {
        return code;
    }

    /** The code as JSON carries it (serve serializes this class with Jackson). */
    @JsonProperty("code")
    String wireCode() {
        return code.wireName();
    }

    @JsonProperty("message")
    public String message() {
        return message;
    }

    /** Extra fields (expected, found, exitCode, path, resolved, field, closest, ...). */
    @JsonAnyGetter
    public Map<String, Object> details() {
        return details;
    }

    /** The details as a typed record, or null where the error has only JSON fields. */
    @JsonIgnore
    public ErrorDetails typed() {
        return typed;
    }

    @JsonProperty("hint")
    public String hint() {
        return hint;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ErrorInfo that
                && code == that.code
                && message.equals(that.message)
                && hint.equals(that.hint)
                && details.equals(that.details);
    }

    @Override
    public int hashCode() {
        return Objects.hash(code, message, hint, details);
    }

    @Override
    public String toString() {
        return code.wireName() + ": " + message;
    }
}
