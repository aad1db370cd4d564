package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.runner.base.Prompter;
import dev.csl.runner.base.ShellWords;
import java.io.Console;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * Asks the person at the terminal whether a command may run. The command is shown escaped ({@link
 * TerminalText}): a carriage return or an escape sequence cannot make it look like another one. A
 * command that holds a control character is never offered "always": what would be saved is not what
 * the person reads, so it can be allowed once, refused or blocked, never approved for good.
 */
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
        boolean hidden = TerminalText.hasControl(command);
        if (hidden) {
            err.println(
                    "The command holds control characters (shown as \\e, ^M, \\x07): it can be"
                            + " allowed once, not always.");
        }
        String choices =
                hidden
                        ? "[y]es/[n]o/ne[v]er (default: no) "
                        : "[y]es/[n]o/[a]lways/ne[v]er (default: no) ";
        while (true) {
            err.print("Allow " + ShellWords.cite(TerminalText.line(command)) + "? " + choices);
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
                    if (!hidden) {
                        return Answer.ALWAYS;
                    }
                    err.println("Not offered for this command: please answer y, n or v.");
                }
                case "v", "never" -> {
                    return Answer.NEVER;
                }
                default ->
                        err.println(
                                hidden
                                        ? "Please answer y, n or v."
                                        : "Please answer y, n, a or v.");
            }
        }
    }
}
