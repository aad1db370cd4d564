package dev.csl.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code csl deny CMD [-C DIR]}. */
@Command(
        name = "deny",
        mixinStandardHelpOptions = true,
        description = {
            "Blocks a command for RUN blocks in this directory.",
            "The entry is saved in the directory's .csl/commands.json.",
            "CMD is the command as you would type it in a shell, or one quoted line; a last word"
                    + " * ('npm publish *') blocks every command that starts with the words before"
                    + " it. A blocked command never runs, not even with --allow or --yes.",
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the entry was saved",
            "1:the entry could not be saved (commands.json unreadable or not writable)",
            "2:usage error (empty command, working directory missing)"
        })
final class DenyCommand implements Callable<Integer> {
    @Mixin ApprovalEditing editing;

    @Parameters(
            arity = "1..*",
            paramLabel = "CMD",
            description = "The command, e.g. 'npm publish *'.")
    List<String> words;

    @Override
    public Integer call() {
        return editing.edit(words, entry -> file -> file.block(entry), "Blocked");
    }
}
