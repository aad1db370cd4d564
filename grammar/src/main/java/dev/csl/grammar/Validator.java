package dev.csl.grammar;

import java.util.List;

/** Semantic checks after a successful parse (SPEC §1.6); collects every problem. */
public final class Validator {
    private Validator() {}

    public static List<ValidationError> validate(List<Operation> operations) {
        throw new UnsupportedOperationException("validator not built yet (issue 2)");
    }
}
