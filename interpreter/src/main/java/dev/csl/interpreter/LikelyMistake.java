package dev.csl.interpreter;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A likely mistake (docs/language.md, "Likely mistakes") of a block in an answer that has syntax
 * errors: nothing of such an answer runs, but every block that could be read is checked, so the
 * next answer fixes everything at once (a truncated answer with a fenced WRITE learns of both).
 *
 * @param line the line of the block's opening marker
 * @param type WRITE, SEARCH or RUN
 * @param file the block's {@code file} attribute, or null
 * @param code the code the block would be refused (or warned) with: {@code marker_in_content},
 *     {@code fenced_content}, {@code invalid_encoding}, {@code unknown_attribute}
 * @param message what is wrong
 * @param hint how to fix it
 * @param refused true when the block would be refused; false for a warning (it would run)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"line", "type", "file", "code", "message", "hint", "refused"})
public record LikelyMistake(
        int line,
        String type,
        String file,
        String code,
        String message,
        String hint,
        boolean refused) {}
