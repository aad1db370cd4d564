package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import java.io.PrintWriter;

/**
 * A unified diff in human output, cut to {@link #LINES_SHOWN} lines in all (not per file): what a
 * real apply changed, what an undo would put back. The line after a cut says how many lines were
 * left out and where to see them; file content goes through {@link TerminalText} before csl's
 * colours are added.
 */
final class DiffSection {
    /** Lines of diff shown unless the whole diff was asked for. */
    static final int LINES_SHOWN = 200;

    private static final String GREEN = "\u001B[32m";
    private static final String RED = "\u001B[31m";
    private static final String DIM = "\u001B[2m";
    private static final String RESET = "\u001B[0m";

    private final PrintWriter out;
    private final boolean colour;
    private final boolean whole;

    DiffSection(PrintWriter out, boolean colour, boolean whole) {
        this.out = out;
        this.colour = colour;
        this.whole = whole;
    }

    /**
     * Prints {@code diff} (nothing when empty) indented by {@code indent}; {@code whereTheRest}
     * ends the line after a cut ("csl undo --dry-run shows …").
     */
    void print(String diff, String indent, String whereTheRest) {
        if (diff == null || diff.isEmpty()) {
            return;
        }
        String[] lines = TerminalText.body(diff).split("\n");
        int shown = whole ? lines.length : Math.min(lines.length, LINES_SHOWN);
        for (int i = 0; i < shown; i++) {
            String l = lines[i];
            String painted =
                    l.startsWith("+") && !l.startsWith("+++")
                            ? paint(GREEN, l)
                            : l.startsWith("-") && !l.startsWith("---") ? paint(RED, l) : l;
            out.println(indent + painted);
        }
        if (shown < lines.length) {
            int left = lines.length - shown;
            out.println(
                    indent
                            + paint(
                                    DIM,
                                    "… "
                                            + left
                                            + (left == 1 ? " more diff line" : " more diff lines")
                                            + " not shown: "
                                            + whereTheRest));
        }
    }

    private String paint(String code, String text) {
        return colour ? code + text + RESET : text;
    }
}
