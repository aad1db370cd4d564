package dev.csl.runner.worker;

import dev.csl.fsguard.WriteBudget;
import java.nio.file.Path;

/**
 * The apply's write budget as it crosses to the worker JVM: its totals and what the apply has spent
 * so far, so the worker's built-ins spend a copy of it and refuse as csl's own writes would.
 */
public record WorkerBudget(
        long maxBytes, long maxFiles, long floorBytes, long spentBytes, long spentFiles) {

    /** The state of {@code budget} now. */
    public static WorkerBudget of(WriteBudget budget) {
        return new WorkerBudget(
                budget.maxBytes(),
                budget.maxFiles(),
                budget.floorBytes(),
                budget.spentBytes(),
                budget.spentFiles());
    }

    /** A budget in the worker that goes on from this one, on the file system of {@code root}. */
    WriteBudget resume(Path root) {
        return new WriteBudget(maxBytes, maxFiles, floorBytes, root, spentBytes, spentFiles);
    }
}
