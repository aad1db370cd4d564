package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.runner.base.ShellWords;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code csl allow CMD [-C DIR] [--network]}. */
@Command(
        name = "allow",
        mixinStandardHelpOptions = true,
        description = {
            "Approves a command for RUN blocks in this directory.",
            "The entry is saved in the directory's .csl/commands.json.",
            "CMD is the command as you would type it in a shell (csl allow python3 -c 'import"
                    + " os'), or one quoted line ('npm test'); a last word * ('npm run *') approves"
                    + " every command that starts with the words before it. Put -- before a"
                    + " command whose words start with - (csl allow -- mvn -q test). The command"
                    + " must match word for word. Blocked entries still win.",
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the entry was saved (or listed with --list)",
            "1:the entry could not be saved (commands.json unreadable or not writable)",
            "2:usage error (empty command, working directory missing)"
        })
final class AllowCommand implements Callable<Integer> {
    @Mixin ApprovalEditing editing;

    @Parameters(
            arity = "0..*",
            paramLabel = "CMD",
            description = "The command: its words, or one quoted line ('npm test').")
    List<String> words = List.of();

    @Option(
            names = "--list",
            description =
                    "Print the allowed, blocked and network entries and where the file that"
                            + " holds them is.")
    boolean list;

    @Option(
            names = "--network",
            description = "Also let the command use the network inside the sandbox.")
    boolean network;

    @Override
    public Integer call() {
        if (list) {
            if (!words.isEmpty()) {
                editing.err().println("csl allow: --list takes no command");
                return ExitCodes.USAGE;
            }
            return editing.list();
        }
        if (words.isEmpty()) {
            editing.err()
                    .println("csl allow: say which command to approve (or --list to see them)");
            return ExitCodes.USAGE;
        }
        String command = ShellWords.entryOfArguments(words);
        List<String> parts = ShellWords.split(command).words();
        if (!editing.remove
                && !parts.isEmpty()
                && parts.get(0).equals("git")
                && (parts.size() < 2
                        || !dev.csl.runner.worker.CommandTable.READ_ONLY_GIT.contains(
                                parts.get(1)))) {
            // A rule that can never apply would only mislead: RUN never runs git that writes.
            editing.err()
                    .println(
                            "csl allow: "
                                    + TerminalText.line(ShellWords.cite(command))
                                    + " can never run in a RUN block: csl runs only read-only"
                                    + " git ("
                                    + String.join(
                                            ", ", dev.csl.runner.worker.CommandTable.READ_ONLY_GIT)
                                    + "), which needs no approval. Nothing was saved.");
            return ExitCodes.USAGE;
        }
        return editing.edit(words, entry -> file -> file.allow(entry, network), "Allowed");
    }
}
