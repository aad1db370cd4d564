package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.interpreter.UndoReport;
import dev.csl.interpreter.Undoer;
import java.io.PrintWriter;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * Human output of {@code csl undo} beyond {@link ApplyRenderer}'s: the preview of {@code --dry-run}
 * with its diff, where a forced undo kept what it discarded, and the {@code --list} of the history
 * with when and from where each apply came.
 */
final class UndoOutput {
    private static final DateTimeFormatter LOCAL_TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private final PrintWriter out;
    private final boolean colour;

    UndoOutput(PrintWriter out, boolean colour) {
        this.out = out;
        this.colour = colour;
    }

    /** The report of an undo or of its dry run. */
    void print(UndoReport report) {
        if (!report.dryRun() || !report.ok()) {
            new ApplyRenderer(out, colour, false).print(report);
            if (report.discardedKeptIn() != null) {
                out.println(
                        "    The changes made since the apply ("
                                + TerminalText.line(String.join(", ", report.changedSince()))
                                + ") were kept in "
                                + TerminalText.line(report.discardedKeptIn())
                                + "/.");
            }
            return;
        }
        int n = report.restored().size();
        out.println(
                "Dry run: undoing apply "
                        + TerminalText.line(report.applyId())
                        + " would restore "
                        + n
                        + (n == 1 ? " path to its state" : " paths to their state")
                        + " before it — nothing was changed.");
        for (String path : report.restored()) {
            out.println("    " + TerminalText.line(path));
        }
        if (!report.changedSince().isEmpty()) {
            out.println(
                    "    Changed since the apply, and lost by the undo unless you keep them: "
                            + TerminalText.line(String.join(", ", report.changedSince())));
        }
        new DiffSection(out, colour, false)
                .print(report.diff(), "    ", "csl undo --dry-run --json holds the whole diff");
    }

    /** {@code csl undo --list}: newest first, which is next, when, from where, which paths. */
    void list(List<Undoer.Applied> applied) {
        boolean next = true;
        for (Undoer.Applied a : applied) {
            String mark = a.undone() ? "undone " : next ? "next   " : "       ";
            next &= a.undone();
            out.println(
                    TerminalText.line(a.id())
                            + "  "
                            + mark
                            + " "
                            + when(a.time())
                            + "  "
                            + from(a)
                            + "  "
                            + a.paths().size()
                            + (a.paths().size() == 1 ? " path: " : " paths: ")
                            + TerminalText.line(String.join(", ", a.paths())));
        }
    }

    /** The time in this machine's zone, or a placeholder for entries from before it was kept. */
    private static String when(String time) {
        if (time == null) {
            return "(time unknown)     ";
        }
        try {
            return LOCAL_TIME.format(Instant.parse(time).atZone(ZoneId.systemDefault()));
        } catch (DateTimeParseException e) {
            return "(time unknown)     ";
        }
    }

    private static String from(Undoer.Applied a) {
        if (a.source() == null) {
            return "(source unknown)";
        }
        return TerminalText.line(a.answer() == null ? a.source() : a.source() + " " + a.answer());
    }
}
