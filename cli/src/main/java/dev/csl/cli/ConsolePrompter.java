package dev.csl.cli;

import dev.csl.runner.base.Prompter;
import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;

/** Asks the person at the terminal whether a command may run (SPEC §2.4, kind 3). */
final class ConsolePrompter implements Prompter {
    private final PrintWriter err;
    private final Spinner spinner;

    ConsolePrompter(PrintWriter err) {
        this(err, null);
    }

    /** Asks with {@code spinner} (or null) wiped and held still while the person answers. */
    ConsolePrompter(PrintWriter err, Spinner spinner) {
        this.err = err;
        this.spinner = spinner;
    }

    @Override
    public Answer ask(String command) {
        if (spinner == null) {
            return askNow(command);
        }
        Answer[] answer = new Answer[1];
        spinner.hidden(() -> answer[0] = askNow(command));
        return answer[0];
    }

    private Answer askNow(String command) {
        Console console = System.console();
        if (console == null) {
            return Answer.NO;
        }
        while (true) {
            err.print("Allow '" + command + "'? [y]es/[n]o/[a]lways/ne[v]er (default: no) ");
            err.flush();
            String line = console.readLine();
            if (line == null) {
                return Answer.NO;
            }
            switch (line.strip().toLowerCase(Locale.ROOT)) {
                case "y", "yes" -> {
                    return Answer.YES;
                }
                case "n", "no", "" -> {
                    return Answer.NO;
                }
                case "a", "always" -> {
                    return Answer.ALWAYS;
                }
                case "v", "never" -> {
                    return Answer.NEVER;
                }
                default -> err.println("Please answer y, n, a or v.");
            }
        }
    }
}
