package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.runner.base.OutputListener;
import java.io.PrintWriter;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Shows a long command's output on the terminal while it runs, instead of only when the apply ends.
 * The commands shown are remembered so that the closing report does not repeat them. The command
 * and its output are escaped ({@link TerminalText}) before csl's colours are added.
 */
final class LiveOutput implements OutputListener {
    private static final String DIM = "\u001B[2m";
    private static final String RESET = "\u001B[0m";

    private final PrintWriter out;
    private final boolean colour;
    private Spinner spinner;
    private final Set<String> shown = ConcurrentHashMap.newKeySet();
    private String current;

    LiveOutput(PrintWriter out, boolean colour) {
        this.out = out;
        this.colour = colour;
    }

    /** The spinner to wipe before each line, or null. */
    LiveOutput over(Spinner value) {
        this.spinner = value;
        return this;
    }

    @Override
    public void line(String command, boolean stderr, String line) {
        if (spinner != null) {
            spinner.hidden(() -> print(command, line));
        } else {
            print(command, line);
        }
    }

    private void print(String command, String line) {
        synchronized (out) {
            if (!command.equals(current)) {
                current = command;
                out.println(paint("$ " + TerminalText.line(command)));
            }
            shown.add(command);
            out.println(paint("│ ") + TerminalText.body(line));
            out.flush();
        }
    }

    /** The commands whose output was already on the screen. */
    Set<String> shown() {
        return Set.copyOf(shown);
    }

    private String paint(String text) {
        return colour ? DIM + text + RESET : text;
    }
}
