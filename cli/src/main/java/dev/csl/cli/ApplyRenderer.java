package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.SyntaxError;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.ErrorInfo;
import dev.csl.interpreter.LikelyMistake;
import dev.csl.interpreter.OperationResult;
import dev.csl.interpreter.Recovery;
import dev.csl.interpreter.SearchDetails;
import dev.csl.interpreter.Status;
import dev.csl.interpreter.UndoReport;
import dev.csl.runner.base.CommandResult;
import java.io.PrintWriter;
import java.util.List;
import java.util.Set;

/**
 * Human output of {@code csl apply} and {@code csl undo}: one line per operation with ✔/✘/↷, the
 * error and hint indented under it, diffs in dry runs, a closing summary; colour on a terminal.
 * Every text that comes from the answer, the files or the commands goes through {@link
 * TerminalText} before csl's own colours are added.
 */
final class ApplyRenderer {
    private static final String GREEN = "\u001B[32m";
    private static final String RED = "\u001B[31m";
    private static final String YELLOW = "\u001B[33m";
    private static final String DIM = "\u001B[2m";
    private static final String RESET = "\u001B[0m";

    private final PrintWriter out;
    private final boolean colour;
    private final boolean fullDiff;
    private Set<String> outputAlreadyShown = Set.of();
    // The same note stands under every irreversible RUN, and under every RUN of a dry run ("not
    // run"): it is said under the first one only.
    private boolean runNoteShown;
    // Whether the irreversible note was said, alone or after a RUN's own note.
    private boolean irreversibleShown;
    // Said once per apply, under the first RUN that ran with no OS sandbox.
    private boolean noLayerShown;
    private boolean dryRun;
    private String source;
    private java.util.function.UnaryOperator<String> wording = s -> s;
    private java.util.function.Consumer<ApplyReport> beforeSummary = report -> {};

    /** Lines of one operation's diff shown in human output unless {@code --full-diff}. */
    static final int DIFF_LINES_SHOWN = 200;

    ApplyRenderer(PrintWriter out, boolean colour, boolean fullDiff) {
        this.out = out;
        this.colour = colour;
        this.fullDiff = fullDiff;
    }

    /**
     * How csl's own messages, hints and notes are put (never a command's output): {@code csl mcp}
     * names tool arguments where the command line names flags.
     */
    ApplyRenderer wording(java.util.function.UnaryOperator<String> wording) {
        this.wording = wording;
        return this;
    }

    /** What to print after the operations, before the summary (the diff of a real apply). */
    ApplyRenderer beforeSummary(java.util.function.Consumer<ApplyReport> hook) {
        beforeSummary = hook;
        return this;
    }

    /** Commands whose output was shown live while they ran: the report does not repeat it. */
    ApplyRenderer outputAlreadyShown(Set<String> commands) {
        outputAlreadyShown = Set.copyOf(commands);
        return this;
    }

    /**
     * Names the answer's file: syntax errors and likely mistakes then begin {@code FILE:LINE:}, as
     * a compiler's do, so that an editor or terminal can jump to them.
     */
    ApplyRenderer source(String name) {
        this.source = name;
        return this;
    }

    /** {@code FILE:LINE:} where the answer's file is known, else {@code Line LINE:}. */
    private String at(int line) {
        return source == null ? "Line " + line + ":" : one(source) + ":" + line + ":";
    }

    void print(ApplyReport report) {
        dryRun = report.dryRun();
        printRecovery(report.recovered());
        if (!report.syntaxErrors().isEmpty()) {
            for (SyntaxError e : report.syntaxErrors()) {
                String prefix = "Line " + e.line() + ": ";
                String text =
                        e.error().startsWith(prefix)
                                ? at(e.line()) + " " + e.error().substring(prefix.length())
                                : e.error();
                out.println(paint(RED, "✘ ") + say(text));
                if (e.hint() != null && !e.hint().isEmpty()) {
                    out.println("    hint: " + say(e.hint()));
                }
            }
            List<LikelyMistake> mistakes =
                    report.likelyMistakes() == null ? List.of() : report.likelyMistakes();
            for (LikelyMistake m : mistakes) {
                out.println(
                        paint(m.refused() ? RED : YELLOW, m.refused() ? "✘ " : "⚠ ")
                                + at(m.line())
                                + " "
                                + one(m.type())
                                + (m.file() == null ? "" : " " + one(m.file()))
                                + " — "
                                + m.code()
                                + ": "
                                + say(m.message()));
                if (m.hint() != null && !m.hint().isEmpty()) {
                    out.println("    hint: " + say(m.hint()));
                }
            }
            int n = report.syntaxErrors().size();
            out.println(
                    n
                            + " syntax error"
                            + (n == 1 ? "" : "s")
                            + (mistakes.isEmpty()
                                    ? ""
                                    : " and "
                                            + mistakes.size()
                                            + " likely mistake"
                                            + (mistakes.size() == 1 ? "" : "s")
                                            + " in the blocks that could be read")
                            + ": nothing was applied.");
            return;
        }
        for (OperationResult r : report.results()) {
            print(r, "");
        }
        if (report.error() != null) {
            // The code, as operation lines show theirs, so that a person can look it up.
            out.println(
                    paint(RED, "✘ ")
                            + say(report.error().message())
                            + " ("
                            + report.error().code().wireName()
                            + ")");
            printHint(report.error(), "    ");
        }
        beforeSummary.accept(report);
        ReportCounts counts = ReportCounts.of(report);
        StringBuilder summary = new StringBuilder();
        summary.append(report.dryRun() ? "Dry run: " : "")
                .append(counts.ok())
                .append(" ok, ")
                .append(counts.failed())
                .append(" failed, ")
                .append(counts.skipped())
                .append(" skipped");
        if (counts.rolledBack() > 0) {
            summary.append(", ").append(counts.rolledBack()).append(" rolled back");
        }
        if (report.dryRun()) {
            summary.append(" — nothing was changed");
        }
        summary.append('.');
        out.println(report.ok() ? paint(GREEN, summary.toString()) : summary.toString());
        if (report.planHash() != null) {
            out.println(
                    say(
                            "Plan hash: "
                                    + report.planHash()
                                    + " (apply exactly this with --expect-plan)"));
        }
    }

    private void print(OperationResult r, String indent) {
        String symbol =
                switch (r.status()) {
                    case OK, NO_OP -> paint(GREEN, "✔");
                    case ERROR -> paint(RED, "✘");
                    case ROLLED_BACK -> paint(YELLOW, "↷");
                        // Not run because an earlier one failed is skipped; refused is a failure.
                    default -> ReportCounts.refused(r) ? paint(RED, "✘") : paint(YELLOW, "↷");
                };
        StringBuilder line =
                new StringBuilder(indent)
                        .append(symbol)
                        .append(' ')
                        .append(one(r.task()))
                        .append(' ')
                        .append(one(r.type()));
        if (r.file() != null) {
            line.append(' ').append(one(r.file()));
        }
        if ("RUN".equals(r.type()) && r.commands() != null && !r.commands().isEmpty()) {
            line.append(' ').append(firstLine(r.commands().get(0).command()));
            if (r.commands().size() > 1) {
                line.append(" (+").append(r.commands().size() - 1).append(" more)");
            }
        }
        String detail = detail(r);
        if (!detail.isEmpty()) {
            line.append(r.status() == Status.ERROR || r.status() == Status.SKIPPED ? " — " : " (")
                    .append(TerminalText.line(say(detail)))
                    .append(r.status() == Status.ERROR || r.status() == Status.SKIPPED ? "" : ")");
        }
        out.println(line);
        String sub = indent + "    ";
        if (r.error() != null && r.results() == null) {
            for (String l : say(r.error().message()).split("\n", -1)) {
                out.println(sub + l);
            }
            printHint(r.error(), sub);
        }
        if (r.commands() != null) {
            for (CommandResult c : r.commands()) {
                printOutput(c, sub);
            }
        }
        if (r.warnings() != null) {
            for (var w : r.warnings()) {
                out.println(sub + paint(YELLOW, "⚠ ") + say(w.message()));
                if (w.hint() != null && !w.hint().isEmpty()) {
                    out.println(sub + "  " + paint(DIM, "hint: " + say(w.hint())));
                }
            }
        }
        String note = withoutRepeatedIrreversible(r);
        if (note != null
                && r.status() != Status.NO_OP
                && !detail.equals(note)
                && !(sameUnderEveryRun(r) && runNoteShown)
                && !(OperationResult.IRREVERSIBLE_NOTE.equals(note) && irreversibleShown)) {
            out.println(sub + paint(DIM, "note: " + say(note)));
            runNoteShown |= sameUnderEveryRun(r);
            irreversibleShown |=
                    r.irreversible() && note.endsWith(OperationResult.IRREVERSIBLE_NOTE)
                            || namesIrreversibleTasks(r);
        }
        if (ranWithoutLayer(r) && !noLayerShown) {
            out.println(
                    sub
                            + paint(
                                    YELLOW,
                                    "⚠ ran with no OS sandbox ("
                                            + one(r.sandbox())
                                            + "): only csl's path guard and the Node preload"
                                            + " held; 'csl doctor' says why"));
            noLayerShown = true;
        }
        if (r.diff() != null && !r.diff().isEmpty()) {
            String[] lines = TerminalText.body(r.diff()).split("\n");
            int shown = fullDiff ? lines.length : Math.min(lines.length, DIFF_LINES_SHOWN);
            for (String l : java.util.Arrays.copyOf(lines, shown)) {
                String coloured =
                        l.startsWith("+") && !l.startsWith("+++")
                                ? paint(GREEN, l)
                                : l.startsWith("-") && !l.startsWith("---") ? paint(RED, l) : l;
                out.println(sub + coloured);
            }
            if (shown < lines.length) {
                out.println(
                        sub
                                + paint(
                                        DIM,
                                        say(
                                                "… "
                                                        + (lines.length - shown)
                                                        + " more diff lines not shown (--full-diff"
                                                        + " shows them; --json keeps them all)")));
            }
        }
        if (r.results() != null) {
            for (OperationResult child : r.results()) {
                print(child, indent + "  ");
            }
            if (r.error() != null) {
                out.println(sub + say(r.error().message()));
            }
        }
    }

    private static boolean ranWithoutLayer(OperationResult r) {
        return "RUN".equals(r.type())
                && r.commands() != null
                && !r.commands().isEmpty()
                && r.sandbox() != null
                && r.sandbox().startsWith("none");
    }

    /**
     * The note of {@code r}, less the irreversible note where it stands after a note of the RUN's
     * own (a grep that found nothing) and was said already: it is said once per apply.
     */
    private String withoutRepeatedIrreversible(OperationResult r) {
        String note = r.note();
        String suffix = "; " + OperationResult.IRREVERSIBLE_NOTE;
        if (note == null || !r.irreversible() || !irreversibleShown || !note.endsWith(suffix)) {
            return note;
        }
        return note.substring(0, note.length() - suffix.length());
    }

    /** A TASKS block's note naming the operations whose side effects cannot be rolled back. */
    private static boolean namesIrreversibleTasks(OperationResult r) {
        return "TASKS".equals(r.type())
                && r.results() != null
                && r.results().stream().anyMatch(OperationResult::irreversible);
    }

    /** The irreversible note alone, or a dry run's note: not a note of this RUN's own. */
    private boolean sameUnderEveryRun(OperationResult r) {
        return r.irreversible() && OperationResult.IRREVERSIBLE_NOTE.equals(r.note())
                || dryRun && "RUN".equals(r.type());
    }

    private void printOutput(CommandResult c, String indent) {
        String stdout = c.stdout() == null ? "" : c.stdout();
        String stderr = c.stderr() == null ? "" : c.stderr();
        if (stdout.isEmpty() && stderr.isEmpty() || outputAlreadyShown.contains(c.command())) {
            return;
        }
        out.println(indent + paint(DIM, "$ " + one(c.command())));
        for (String l : TerminalText.body(stdout).split("\n")) {
            out.println(indent + l);
        }
        if (!stderr.isEmpty()) {
            for (String l : TerminalText.body(stderr).split("\n")) {
                out.println(indent + paint(RED, l));
            }
        }
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? one(s) : one(s.substring(0, nl)) + " …";
    }

    private static String detail(OperationResult r) {
        if (r.status() == Status.NO_OP) {
            return "already applied";
        }
        if (r.status() == Status.ROLLED_BACK) {
            return "rolled back";
        }
        if (r.results() != null && r.status() == Status.ERROR && r.error() != null) {
            Object failed = r.error().details().get("failedTask");
            return "withdrawn" + (failed == null ? "" : ": " + failed + " failed");
        }
        if (r.results() != null && r.status() == Status.SKIPPED) {
            return "skipped: validation errors";
        }
        if (r.error() != null) {
            return errorSummary(r.error());
        }
        if (r.action() != null) {
            return r.lines() == null || "unchanged".equals(r.action())
                    ? r.action()
                    : r.action() + ", " + r.lines() + (r.lines() == 1 ? " line" : " lines");
        }
        if (r.replaced() != null) {
            return r.replaced() + (r.replaced() == 1 ? " match replaced" : " matches replaced");
        }
        if ("RUN".equals(r.type())
                && r.note() != null
                && r.commands() != null
                && r.commands().isEmpty()) {
            return r.note();
        }
        return "";
    }

    private static String errorSummary(ErrorInfo e) {
        if (e.code() != ErrorCode.MATCH_COUNT_MISMATCH) {
            return e.code().wireName();
        }
        if (e.typed() instanceof SearchDetails.NotFound miss) {
            StringBuilder sb = new StringBuilder("0 matches");
            if (miss.closest() != null) {
                int from = miss.closest().startLine();
                int to = miss.closest().endLine();
                sb.append(
                                from == to
                                        ? ", closest at line " + from
                                        : ", closest at lines " + from + "-" + to)
                        .append(" …");
            }
            return sb.toString();
        }
        if (e.typed() instanceof SearchDetails.Miscounted miss) {
            return miss.found()
                    + " matches at lines "
                    + miss.lines()
                    + ", expected "
                    + miss.expected();
        }
        return e.code().wireName();
    }

    private void printHint(ErrorInfo e, String indent) {
        if (!e.hint().isEmpty()) {
            out.println(indent + paint(DIM, "hint: " + say(e.hint())));
        }
    }

    void print(UndoReport report) {
        printRecovery(report.recovered());
        if (report.ok()) {
            out.println(
                    paint(GREEN, "✔ ")
                            + "Undid apply "
                            + one(report.applyId())
                            + ": restored "
                            + report.restored().size()
                            + (report.restored().size() == 1 ? " path" : " paths")
                            + (report.restored().size() == 1 ? " to its" : " to their")
                            + " state before it.");
            for (String path : report.restored()) {
                out.println("    " + one(path));
            }
            for (String why : report.notRestored()) {
                out.println(paint(YELLOW, "⚠ ") + "Not restored, left as it is: " + say(why));
            }
            return;
        }
        out.println(paint(RED, "✘ ") + say(report.error().message()));
        printHint(report.error(), "    ");
    }

    private void printRecovery(Recovery recovered) {
        if (recovered != null) {
            out.println(paint(YELLOW, "⚠ ") + say(recovered.message()));
        }
    }

    /** csl's message, hint or note (which may quote the answer) in its wording, escaped. */
    private String say(String text) {
        return TerminalText.body(wording.apply(text));
    }

    /** One-line text from the answer, a file name or a command, escaped. */
    private static String one(Object text) {
        return TerminalText.line(String.valueOf(text));
    }

    private String paint(String code, String text) {
        return colour ? code + text + RESET : text;
    }
}
