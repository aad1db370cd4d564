package dev.csl.interpreter;

import dev.csl.fsguard.Installation;
import dev.csl.grammar.Operation;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.Write;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Runs one operation other than TASKS: a refused one is skipped with its error, a WRITE or SEARCH
 * works on the workspace, a RUN goes to {@link RunStep}; the warnings found before the apply (SPEC
 * §1.7) join those of its result.
 */
final class OperationDispatch {
    private final Workspace ws;
    private final boolean dryRun;
    private final InvalidOperations invalid;
    private final Map<Integer, List<Warning>> warnings;
    private final RunStep runs;
    private final AuditLog audit;
    private final boolean fuzzyWhitespace;
    private final boolean strict;

    /**
     * {@code fuzzyWhitespace}: {@code --fuzzy=whitespace}, a SEARCH tolerates indentation drift
     * (refused when {@code strict}).
     */
    OperationDispatch(
            Workspace ws,
            boolean dryRun,
            InvalidOperations invalid,
            Map<Integer, List<Warning>> warnings,
            RunStep runs,
            AuditLog audit,
            boolean fuzzyWhitespace,
            boolean strict) {
        this.ws = ws;
        this.dryRun = dryRun;
        this.invalid = invalid;
        this.warnings = warnings;
        this.runs = runs;
        this.audit = audit;
        this.fuzzyWhitespace = fuzzyWhitespace;
        this.strict = strict;
    }

    OperationResult run(Operation op, String task) {
        ErrorInfo refused = invalid.errorOf(op);
        if (refused != null) {
            return skipped(op, task, refused);
        }
        OperationResult result;
        try {
            result = op instanceof Run r ? runs.run(r, task) : edit(op, task);
        } catch (OutOfMemoryError e) {
            result = outOfMemory(op, task);
        }
        List<Warning> own = warnings.get(op.line());
        if (own == null) {
            return result;
        }
        List<Warning> all = new ArrayList<>(own);
        if (result.warnings() != null) {
            all.addAll(result.warnings());
        }
        return result.withWarnings(all);
    }

    /**
     * The result of an operation that ran out of memory in csl's JVM: failed, nothing of it applied
     * (a WRITE or SEARCH changed only memory, a RUN's worker is a process of its own).
     */
    private static OperationResult outOfMemory(Operation op, String task) {
        ErrorInfo error = MemoryShortage.error();
        if (op instanceof Run r) {
            return OperationResult.ran(task, r.line(), error, List.of(), "none", false, List.of());
        }
        return op instanceof Write
                ? OperationResult.written(task, op.line(), fileOf(op), Outcome.failed(error), null)
                : OperationResult.searched(
                        task, op.line(), fileOf(op), Outcome.failed(error), null);
    }

    /** The result of {@code op} not run, for {@code error}. */
    OperationResult skipped(Operation op, String task, ErrorInfo error) {
        String subject = op instanceof Run r ? r.content() : fileOf(op);
        audit.note(task, new AuditLog.Facts(Instant.now(), 0, subject, null, null));
        return OperationResult.skipped(task, op.type(), op.line(), fileOf(op), error);
    }

    /** A WRITE or a SEARCH, on the workspace's in-memory file. */
    private OperationResult edit(Operation op, String task) {
        Instant start = Instant.now();
        long t0 = System.nanoTime();
        Outcome outcome;
        try {
            outcome =
                    op instanceof Write w
                            ? WriteOp.run(ws, w, task)
                            : SearchOp.run(ws, (Search) op, task, fuzzyWhitespace, strict);
        } catch (OpFailure f) {
            outcome = Outcome.failed(f.error());
        }
        audit.note(
                task, new AuditLog.Facts(start, AuditLog.millisSince(t0), fileOf(op), null, null));
        String diff = null;
        if (dryRun && outcome.state() != null) {
            diff = Diffs.unified(fileOf(op), outcome.before(), outcome.state().current);
        }
        OperationResult result =
                op instanceof Write
                        ? OperationResult.written(task, op.line(), fileOf(op), outcome, diff)
                        : OperationResult.searched(task, op.line(), fileOf(op), outcome, diff);
        return changesOwnSources(outcome) ? result.withNoteAdded(OWN_SOURCES_NOTE) : result;
    }

    /** The note of a change to the sources of the csl that is running. */
    static final String OWN_SOURCES_NOTE =
            "This changes the sources of the csl that is running: its next start builds and runs"
                    + " the changed code.";

    /** Whether {@code outcome} changed a file the running csl's launcher builds csl from. */
    private boolean changesOwnSources(Outcome outcome) {
        return !dryRun
                && outcome.status() == Status.OK
                && outcome.state() != null
                && !"unchanged".equals(outcome.action())
                && Installation.running().isSource(outcome.state().path.resolved());
    }

    private static String fileOf(Operation op) {
        if (op instanceof Write w) {
            return w.file();
        }
        if (op instanceof Search s) {
            return s.file();
        }
        return null;
    }
}
