package dev.csl.cli;

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
            "CMD is the command's words ('npm test'), or a word prefix followed by ' *' ('npm run"
                    + " *') for every command that starts with it. Blocked entries still win.",
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the entry was saved",
            "1:the entry could not be saved (commands.json unreadable or not writable)",
            "2:usage error (empty command, working directory missing)"
        })
final class AllowCommand implements Callable<Integer> {
    @Mixin ApprovalEditing editing;

    @Parameters(arity = "1..*", paramLabel = "CMD", description = "The command, e.g. 'npm test'.")
    List<String> words;

    @Option(
            names = "--network",
            description = "Also let the command use the network inside the sandbox.")
    boolean network;

    @Override
    public Integer call() {
        String command = String.join(" ", words).strip();
        String[] parts = command.split("\\s+");
        if (parts[0].equals("git")
                && (parts.length < 2
                        || !dev.csl.runner.worker.CommandTable.READ_ONLY_GIT.contains(parts[1]))) {
            // A rule that can never apply would only mislead: RUN never runs git that writes.
            editing.err()
                    .println(
                            "csl allow: '"
                                    + command
                                    + "' can never run in a RUN block: csl runs only read-only"
                                    + " git ("
                                    + String.join(
                                            ", ", dev.csl.runner.worker.CommandTable.READ_ONLY_GIT)
                                    + "), which needs no approval. Nothing was saved.");
            return ExitCodes.USAGE;
        }
        return editing.edit(words, file -> file.allow(String.join(" ", words), network), "Allowed");
    }
}
