package dev.csl.grammar;

import java.util.List;

/**
 * What the parser found: the operations, or every syntax error (then {@code operations} is empty,
 * because block boundaries are uncertain and nothing may run).
 */
public record ParseResult(List<Operation> operations, List<SyntaxError> syntaxErrors) {
    public ParseResult {
        operations = List.copyOf(operations);
        syntaxErrors = List.copyOf(syntaxErrors);
    }

    public boolean ok() {
        return syntaxErrors.isEmpty();
    }
}
