package dev.csl.cli;

import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Undoer;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * The diff a real {@code csl apply} shows of what it changed (human output; {@code --no-diff}
 * leaves it out, {@code --json} never has it): every path of the apply's history entry, from its
 * state before the apply to its state now, built-in commands' changes included. Taken from the
 * journal, so it costs nothing when the diff is not shown.
 */
final class AppliedDiff {
    static final String WHERE_THE_REST =
            "csl undo --dry-run shows all of it (as undo would reverse it), as does git diff in a"
                    + " repository; --full-diff shows it whole";

    private AppliedDiff() {}

    /**
     * Readies what reading the apply's journal back takes (a JSON mapper, the digest of csl's
     * journal record), ~30 ms of a cold JVM's time, on a thread of its own while the apply runs.
     */
    static void prepareInBackground() {
        Undoer.prepareInBackground();
    }

    /** Prints the diff of {@code report}'s apply, if it changed something. */
    static void print(ApplyReport report, Path workingDir, PrintWriter out, DiffSection section) {
        if (report.dryRun() || report.applyId() == null) {
            return;
        }
        String diff = new Undoer().appliedDiff(workingDir, report.applyId());
        if (diff.isEmpty()) {
            return;
        }
        out.println("Changes of apply " + report.applyId() + ":");
        section.print(diff, "    ", WHERE_THE_REST);
    }
}
