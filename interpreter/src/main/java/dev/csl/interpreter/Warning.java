package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.csl.fsguard.ErrorCode;
import java.util.Locale;

/**
 * Something an operation did that was probably not meant but was done anyway (docs/language.md,
 * "Likely mistakes"): a markdown file sent as one fenced block, a SEARCH matched only once
 * whitespace was ignored. It rides on the operation's result; {@code --strict} refuses the
 * operation instead.
 *
 * @param code which warning it is
 * @param message what happened
 * @param hint what to send instead if it was not meant
 * @param line the answer line it is about
 */
@JsonPropertyOrder({"code", "message", "hint", "line"})
public record Warning(Code code, String message, String hint, int line) {

    /**
     * The warnings of docs/json.md. Not error codes (whitespace_adjusted never is one), but each
     * names the {@link ErrorCode} that {@code --strict} refuses it with.
     */
    public enum Code {
        FENCED_CONTENT(ErrorCode.FENCED_CONTENT),
        UNKNOWN_ATTRIBUTE(ErrorCode.UNKNOWN_ATTRIBUTE),
        WHITESPACE_ADJUSTED(ErrorCode.MATCH_COUNT_MISMATCH),
        AMBIGUOUS_RANGE(ErrorCode.AMBIGUOUS_RANGE),
        UNBALANCED_REPLACEMENT(ErrorCode.UNBALANCED_REPLACEMENT),
        INDENTATION_STYLE(ErrorCode.INDENTATION_STYLE);

        private final ErrorCode refusal;

        Code(ErrorCode refusal) {
            this.refusal = refusal;
        }

        /** The stable name used in JSON, e.g. {@code whitespace_adjusted}. */
        @JsonValue
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The code of the refusal this warning becomes under {@code --strict}. */
        public ErrorCode refusal() {
            return refusal;
        }
    }

    /** The refusal {@code --strict} makes of this warning. */
    ErrorInfo asRefusal() {
        return ErrorInfo.of(
                code.refusal(),
                message + " Refused because of --strict; nothing was changed.",
                hint);
    }
}
