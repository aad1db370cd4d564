package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Saves run after the operations that made the changes (before a RUN and at the end): a save that
 * failed turns the results of the tasks whose changes it held into errors afterwards.
 */
final class SaveFailures {
    private SaveFailures() {}

    /** {@code results} with the errors of {@code failures} (by task) applied. */
    static List<OperationResult> applyTo(
            List<OperationResult> results, Map<String, ErrorInfo> failures) {
        if (failures.isEmpty()) {
            return results;
        }
        List<OperationResult> out = new ArrayList<>();
        for (OperationResult r : results) {
            OperationResult next = r;
            if (r.results() != null) {
                List<OperationResult> children = applyTo(r.results(), failures);
                boolean failed = children.stream().anyMatch(c -> c.status() == Status.ERROR);
                next =
                        r.withResults(
                                children,
                                failed && r.status() == Status.OK ? Status.ERROR : r.status());
            }
            ErrorInfo f = failures.get(r.task());
            if (f != null && next.status().succeeded()) {
                next = next.withStatus(Status.ERROR, f);
            }
            out.add(next);
        }
        return out;
    }
}
