package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.interpreter.HotJournal;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * What serve, mcp and watch do first in their working directory: roll back an apply that a kill
 * left half done and say so, before the first request or the first processed file (issue 11).
 */
final class StartupRecovery {
    private StartupRecovery() {}

    static void run(String command, Path dir, PrintWriter say) {
        try {
            HotJournal.recover(dir)
                    .ifPresent(r -> say.println(command + ": ⚠ " + TerminalText.body(r.message())));
        } catch (IOException | RuntimeException e) {
            // Not fatal: the first apply in the directory tries again and reports it as data.
            say.println(
                    command
                            + ": could not check "
                            + dir
                            + " for an interrupted apply: "
                            + TerminalText.body(e.getMessage()));
        }
        say.flush();
    }
}
