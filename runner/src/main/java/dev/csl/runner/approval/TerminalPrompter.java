package dev.csl.runner.approval;

import dev.csl.runner.Prompter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.util.Locale;

/**
 * Asks {@code Allow 'npm test'? [y]es/[n]o/[a]lways/ne[v]er} on a terminal. The CLI creates one
 * only when stdin and stdout are a terminal and {@code --json} is off ({@link #forConsole()});
 * everywhere else there is nobody to ask and unapproved commands fail with {@code
 * command_not_approved}.
 */
public final class TerminalPrompter implements Prompter {
    private final BufferedReader in;
    private final PrintWriter out;

    public TerminalPrompter(Reader in, PrintWriter out) {
        this.in = in instanceof BufferedReader buffered ? buffered : new BufferedReader(in);
        this.out = out;
    }

    /** A prompter on the console, or {@code null} when stdin or stdout is not a terminal. */
    public static Prompter forConsole() {
        java.io.Console console = System.console();
        return console == null ? null : new TerminalPrompter(console.reader(), console.writer());
    }

    @Override
    public Answer ask(String command) {
        for (int attempt = 0; attempt < 3; attempt++) {
            out.print("Allow '" + command + "'? [y]es/[n]o/[a]lways/ne[v]er ");
            out.flush();
            String line;
            try {
                line = in.readLine();
            } catch (IOException e) {
                return Answer.NO;
            }
            if (line == null) {
                // End of input: nobody answered, so nothing is approved.
                out.println();
                return Answer.NO;
            }
            Answer answer = parse(line);
            if (answer != null) {
                return answer;
            }
            out.println("Please answer y, n, a or v.");
        }
        return Answer.NO;
    }

    static Answer parse(String line) {
        switch (line.strip().toLowerCase(Locale.ROOT)) {
            case "y":
            case "yes":
                return Answer.YES;
            case "n":
            case "no":
            case "":
                return Answer.NO;
            case "a":
            case "always":
                return Answer.ALWAYS;
            case "v":
            case "never":
                return Answer.NEVER;
            default:
                return null;
        }
    }
}
