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
 * exit status with the tail of its stderr and stdout. Bounded: each message and output is cut to a
 * few lines and the whole to {@link #MAX_LINES}, with a pointer to FILE.out for the rest. Text from
 * the answer, the files and the commands is escaped ({@link TerminalText}): the result is read on a
 * terminal and pasted back to a model.
 */
final class WatchResultText {
    static final int MAX_LINES = 60;
    static final int MESSAGE_LINES = 20;
    static final int OUTPUT_LINES = 12;

    private WatchResultText() {}

    /**
     * The result text. {@code doneBefore}: lines of blocks not run again; {@code outputFile}: the
     * name of FILE.out, or null when there is none.
     */
    static String of(
            ParseResult parsed, ApplyReport report, List<Integer> doneBefore, String outputFile) {
        List<String> s = new ArrayList<>();
        if (!parsed.ok()) {
            for (SyntaxError e : parsed.syntaxErrors()) {
                s.add("✘ " + body(e.error()));
                s.add("    hint: " + body(e.hint()));
            }
            return bounded(s, "Syntax error: nothing was applied.", outputFile);
        }
        if (report.error() != null) {
            s.add("✘ " + body(report.error().message()));
            s.add("    hint: " + body(report.error().hint()));
        }
        if (!doneBefore.isEmpty()) {
            s.add(
                    "Not run again, succeeded when this answer was saved before: the blocks at "
                            + (doneBefore.size() == 1 ? "line " : "lines ")
                            + doneBefore.toString().replaceAll("[\\[\\]]", "")
                            + " (csl watch --force runs them again).");
        }
        lines(report.results(), "", s);
        String verdict = verdict(parsed, report);
        return bounded(
                s,
                Character.toUpperCase(verdict.charAt(0)) + verdict.substring(1) + ".",
                outputFile);
    }

    static String verdict(ParseResult parsed, ApplyReport report) {
        if (!parsed.ok()) {
            return "syntax error: nothing applied";
        }
        int[] counts = new int[3];
        count(report.results(), counts);
        return "applied: " + counts[0] + " ok, " + counts[1] + " failed, " + counts[2] + " skipped";
    }

    private static void count(List<OperationResult> results, int[] counts) {
        for (OperationResult r : results) {
            if (r.results() != null) {
                count(r.results(), counts);
                continue;
            }
            switch (r.status()) {
                case OK, NO_OP -> counts[0]++;
                case ERROR, ROLLED_BACK -> counts[1]++;
                default -> counts[2]++;
            }
        }
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

    private static void lines(List<OperationResult> results, String indent, List<String> s) {
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
            }
            if (r.warnings() != null) {
                for (Warning w : r.warnings()) {
                    s.add(sub + "⚠ " + body(w.message()));
                }
            }
            if (r.results() != null) {
                lines(r.results(), indent + "  ", s);
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
