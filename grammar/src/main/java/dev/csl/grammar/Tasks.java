package dev.csl.grammar;

import java.util.List;
import java.util.Objects;

/**
 * {@code TASKS [version="..."]}: a transaction over the operations it holds (docs/language.md,
 * "Execution").
 */
public record Tasks(int line, Attributes attributes, List<Operation> operations)
        implements Operation {
    public Tasks {
        Objects.requireNonNull(attributes, "attributes");
        operations = List.copyOf(operations);
    }

    @Override
    public String type() {
        return "TASKS";
    }
}
