package dev.csl.grammar;

/**
 * One semantic problem found after a successful parse (SPEC §1.6).
 *
 * @param line line of the operation's opening marker
 * @param operation WRITE, SEARCH, RUN or TASKS
 * @param error the exact spec message
 * @param field the attribute whose value is wrong, or {@code null}
 * @param parentTaskLine line of the enclosing TASKS, or {@code null} at top level
 */
public record ValidationError(
        int line, String operation, String error, String field, Integer parentTaskLine) {}
