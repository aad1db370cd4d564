package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.SyntaxError;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.OperationResult;
import dev.csl.interpreter.Warning;
import dev.csl.runner.base.CommandResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The result {@code csl watch} puts at the top of the watched file: what a model needs to fix its
 * answer when it is pasted back. One line per operation; under a failure its whole message (a
 * failed SEARCH's closest region and what differs), its hint and, for a RUN, the failing command's
 * exit status with the tail of its stderr and stdout; under a RUN that succeeded, what its commands
 * printed (the model asked to see it: a listing, a test run). Bounded: each message and output is
 * cut to a few lines and the whole to {@link #MAX_LINES}, with a pointer to FILE.out for the rest.
 * Text from the answer, the files and the commands is escaped ({@link TerminalText}): the result is
 * read on a terminal and pasted back to a model.
 */
final class WatchResultText {
    static final int MAX_LINES = 100;
    static final int MESSAGE_LINES = 20;
    static final int OUTPUT_LINES = 12;

    /** Lines of a successful RUN's output shown, the last {@link #RUN_TAIL_LINES} of them last. */
    static final int RUN_LINES = 30;

    static final int RUN_TAIL_LINES = 10;

    private WatchResultText() {}

    /**
     * The result of an answer that was applied. {@code doneBefore}: lines (in the answer) of blocks
     * not run again, said as lines of FILE with {@code linesAbove} lines above the answer; {@code
     * outputFile}: the name of FILE.out, or null when there is none.
     */
    static String of(
            ParseResult parsed,
            ApplyReport report,
            List<Integer> doneBefore,
            String outputFile,
            int linesAbove) {
        List<String> s = new ArrayList<>();
        if (report.error() != null) {
            s.add("✘ " + body(report.error().message()));
            s.add("    hint: " + body(report.error().hint()));
        }
        if (!doneBefore.isEmpty()) {
            List<Integer> lines = new ArrayList<>();
            doneBefore.forEach(line -> lines.add(line + linesAbove));
            s.add(
                    "Not run again, succeeded when this answer was saved before: the blocks at "
                            + (lines.size() == 1 ? "line " : "lines ")
                            + lines.toString().replaceAll("[\\[\\]]", "")
                            + " (csl watch --force runs them again).");
        }
        lines(report.results(), "", s, outputFile);
        return bounded(s, sentence(verdict(parsed, report)), outputFile);
    }

    /** The result of an answer with syntax errors (nothing ran): {@code errors}, as numbered. */
    static String of(List<SyntaxError> errors, ParseResult parsed, String outputFile) {
        List<String> s = new ArrayList<>();
        for (SyntaxError e : errors) {
            s.add("✘ " + body(e.error()));
            s.add("    hint: " + body(e.hint()));
        }
        return bounded(s, sentence(verdict(parsed, null)), outputFile);
    }

    private static String sentence(String verdict) {
        return Character.toUpperCase(verdict.charAt(0)) + verdict.substring(1) + ".";
    }

    /**
     * The closing count. A syntax error (a block without END, say) counts as failed, and the blocks
     * that could be read around it as skipped: none of them ran.
     */
    static String verdict(ParseResult parsed, ApplyReport report) {
        if (!parsed.ok()) {
            return "syntax error: nothing applied: 0 ok, "
                    + parsed.syntaxErrors().size()
                    + " failed, "
                    + parsed.readable().size()
                    + " skipped";
        }
        ReportCounts n = ReportCounts.of(report);
        return "applied: "
                + n.ok()
                + " ok, "
                + n.failed()
                + " failed, "
                + n.skipped()
                + " skipped"
                + (n.rolledBack() > 0 ? ", " + n.rolledBack() + " rolled back" : "");
    }

    /** The lines, cut to MAX_LINES with the verdict last. */
    private static String bounded(List<String> lines, String verdict, String outputFile) {
        StringBuilder s = new StringBuilder();
        int room = MAX_LINES - 2;
        for (int i = 0; i < lines.size() && i < room; i++) {
            s.append(lines.get(i)).append('\n');
        }
        if (lines.size() > room) {
            s.append("… ")
                    .append(lines.size() - room)
                    .append(" more lines")
                    .append(outputFile != null ? ": see " + outputFile : " not shown")
                    .append('\n');
        }
        return s.append(verdict).toString();
    }

    private static void lines(
            List<OperationResult> results, String indent, List<String> s, String outputFile) {
        for (OperationResult r : results) {
            String symbol =
                    switch (r.status()) {
                        case OK, NO_OP -> "✔";
                        case ERROR -> "✘";
                        case ROLLED_BACK -> "↺";
                        default -> "↷";
                    };
            s.add(
                    indent
                            + symbol
                            + ' '
                            + TerminalText.line(String.valueOf(r.task()))
                            + ' '
                            + TerminalText.line(r.type())
                            + (r.file() != null ? " " + TerminalText.line(r.file()) : ""));
            String sub = indent + "    ";
            if (r.error() != null && r.results() == null) {
                add(s, sub, body(r.error().message()).split("\n", -1), MESSAGE_LINES, false);
                if (!r.error().hint().isEmpty()) {
                    s.add(sub + "hint: " + body(r.error().hint()));
                }
                failedCommand(r, sub, s);
            } else if ("RUN".equals(r.type()) && r.commands() != null && r.succeeded()) {
                runOutput(r.commands(), sub, s, outputFile);
            }
            if (r.warnings() != null) {
                for (Warning w : r.warnings()) {
                    s.add(sub + "⚠ " + body(w.message()));
                }
            }
            if (r.results() != null) {
                lines(r.results(), indent + "  ", s, outputFile);
            }
        }
    }

    /** The last command of a failed RUN: its exit status and the tails of its output. */
    private static void failedCommand(OperationResult r, String sub, List<String> s) {
        if (r.commands() == null || r.commands().isEmpty()) {
            return;
        }
        CommandResult c = r.commands().get(r.commands().size() - 1);
        s.add(
                sub
                        + "$ "
                        + TerminalText.line(c.command().lines().findFirst().orElse(""))
                        + " (exit "
                        + c.exitCode()
                        + ")");
        if (c.stderr() != null && !c.stderr().isBlank()) {
            s.add(sub + "stderr:");
            add(s, sub + "  ", body(c.stderr().strip()).split("\n"), OUTPUT_LINES, true);
        }
        if (c.stdout() != null && !c.stdout().isBlank()) {
            s.add(sub + "stdout:");
            add(s, sub + "  ", body(c.stdout().strip()).split("\n"), OUTPUT_LINES, true);
        }
    }

    /**
     * What a RUN that succeeded printed: each command and its output (stdout, then stderr), the
     * model asked to see it. Cut to {@link #RUN_LINES} in the middle (its start and its end are
     * what a listing and a test run are read for), saying where and where the whole is.
     */
    private static void runOutput(
            List<CommandResult> commands, String sub, List<String> s, String outputFile) {
        List<String> shown = new ArrayList<>();
        for (CommandResult c : commands) {
            String stdout = c.stdout() == null ? "" : c.stdout().stripTrailing();
            String stderr = c.stderr() == null ? "" : c.stderr().stripTrailing();
            if (stdout.isEmpty() && stderr.isEmpty()) {
                continue;
            }
            shown.add("$ " + TerminalText.line(c.command().lines().findFirst().orElse("")));
            if (!stdout.isEmpty()) {
                for (String l : body(stdout).split("\n", -1)) {
                    shown.add("  " + l);
                }
            }
            if (!stderr.isEmpty()) {
                shown.add("stderr:");
                for (String l : body(stderr).split("\n", -1)) {
                    shown.add("  " + l);
                }
            }
        }
        if (shown.size() <= RUN_LINES) {
            shown.forEach(l -> s.add(sub + l));
            return;
        }
        int head = RUN_LINES - RUN_TAIL_LINES;
        for (int i = 0; i < head; i++) {
            s.add(sub + shown.get(i));
        }
        s.add(
                sub
                        + "… "
                        + (shown.size() - RUN_LINES)
                        + " lines of output cut here"
                        + (outputFile != null
                                ? " (the whole output is in " + outputFile + ")"
                                : ""));
        for (int i = shown.size() - RUN_TAIL_LINES; i < shown.size(); i++) {
            s.add(sub + shown.get(i));
        }
    }

    private static String body(String text) {
        return TerminalText.body(text);
    }

    /** At most {@code max} of the lines: the first ones, or the last ones when {@code tail}. */
    private static void add(List<String> s, String indent, String[] lines, int max, boolean tail) {
        if (lines.length <= max) {
            for (String l : lines) {
                s.add(indent + l);
            }
            return;
        }
        String cut = "… " + (lines.length - max) + " lines cut";
        if (tail) {
            s.add(indent + cut + " above");
        }
        int from = tail ? lines.length - max : 0;
        for (int i = from; i < from + max; i++) {
            s.add(indent + lines[i]);
        }
        if (!tail) {
            s.add(indent + cut);
        }
    }
}
