package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.csl.fsguard.ErrorCode;

/**
 * Something an operation did that was probably not meant but was done anyway (SPEC §1.7): a
 * markdown file sent as one fenced block, a SEARCH matched only once whitespace was ignored. It
 * rides on the operation's result; {@code --strict} refuses the operation instead.
 *
 * @param code stable name: {@code fenced_content}, {@code whitespace_adjusted}
 * @param message what happened
 * @param hint what to send instead if it was not meant
 * @param line the answer line it is about
 */
@JsonPropertyOrder({"code", "message", "hint", "line"})
public record Warning(String code, String message, String hint, int line) {

    /** The refusal {@code --strict} makes of this warning. */
    ErrorInfo asRefusal() {
        return ErrorInfo.of(
                ErrorCode.fromWireName(code),
                message + " Refused because of --strict; nothing was changed.",
                hint);
    }
}
