package dev.csl.cli;

import dev.csl.runner.Prompter;
import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;

/** Asks the person at the terminal whether a command may run (SPEC §2.4, kind 3). */
final class ConsolePrompter implements Prompter {
    private final PrintWriter err;

    ConsolePrompter(PrintWriter err) {
        this.err = err;
    }

    @Override
    public Answer ask(String command) {
        Console console = System.console();
        if (console == null) {
            return Answer.NO;
        }
        while (true) {
            err.print("Allow '" + command + "'? [y]es/[n]o/[a]lways/ne[v]er ");
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
