package dev.csl.grammar;

import java.util.List;

/**
 * What the parser found: the operations, or every syntax error (then {@code operations} is empty,
 * because block boundaries are uncertain and nothing may run).
 *
 * @param readable with syntax errors, the WRITE, SEARCH and RUN blocks that could still be read
 *     whole (inside a TASKS block too, in answer order), so that the likely-mistake checks of
 *     docs/language.md can report their mistakes in the same pass; nothing of them runs. Empty
 *     without syntax errors.
 */
public record ParseResult(
        List<Operation> operations, List<SyntaxError> syntaxErrors, List<Operation> readable) {
    public ParseResult {
        operations = List.copyOf(operations);
        syntaxErrors = List.copyOf(syntaxErrors);
        readable = List.copyOf(readable);
    }

    /** Without readable blocks. */
    public ParseResult(List<Operation> operations, List<SyntaxError> syntaxErrors) {
        this(operations, syntaxErrors, List.of());
    }

    public boolean ok() {
        return syntaxErrors.isEmpty();
    }
}
