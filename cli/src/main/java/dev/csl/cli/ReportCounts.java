package dev.csl.cli;

import dev.csl.fsguard.ErrorCode;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.OperationResult;
import java.util.List;

/**
 * The counts an apply's closing line says, taken from its report: operations (not the TASKS blocks
 * that hold them) that succeeded or were already applied, that failed or were refused (a likely
 * mistake or a validation error is a failure of the answer, which the next answer must fix), and
 * that were skipped because an earlier one failed; rolled back counts every block undone.
 */
record ReportCounts(int ok, int failed, int skipped, int rolledBack) {

    static ReportCounts of(ApplyReport report) {
        int[] n = new int[4];
        count(report.results(), n);
        return new ReportCounts(n[0], n[1], n[2], n[3]);
    }

    private static void count(List<OperationResult> results, int[] n) {
        for (OperationResult r : results) {
            boolean leaf = r.results() == null;
            switch (r.status()) {
                case OK, NO_OP -> n[0] += leaf ? 1 : 0;
                case ERROR -> n[1] += leaf ? 1 : 0;
                case ROLLED_BACK -> n[3]++;
                default -> {
                    if (leaf) {
                        n[refused(r) ? 1 : 2]++;
                    }
                }
            }
            if (!leaf) {
                count(r.results(), n);
            }
        }
    }

    /** A block not run because it was refused, not because an earlier one failed. */
    static boolean refused(OperationResult r) {
        return r.error() != null && r.error().code() != ErrorCode.TASK_ABORTED;
    }
}
