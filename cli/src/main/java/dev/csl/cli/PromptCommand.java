package dev.csl.cli;

import dev.csl.grammar.Delimiters;
import dev.csl.runner.worker.CommandTable;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code csl prompt}: the instructions to give an LLM so that it writes correct CSL. */
@Command(
        name = "prompt",
        mixinStandardHelpOptions = true,
        description = {
            "Prints the CSL instructions to give an LLM (a system prompt).",
            "Its list of built-in commands is generated from the command table that csl checks"
                    + " RUN blocks against."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the prompt was printed", "2:usage error (unusable delimiters)"})
final class PromptCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = "--start-delimiter",
            paramLabel = "S",
            description = "Spell the markers with this start delimiter (default: <---).")
    String startDelimiter;

    @Option(
            names = "--end-delimiter",
            paramLabel = "E",
            description = "Spell the markers with this end delimiter (default: --->).")
    String endDelimiter;

    @Option(
            names = "--full",
            description =
                    "Add the complete reference of the built-in commands: every flag (the default"
                            + " names them only, to keep the prompt short).")
    boolean full;

    @Override
    public Integer call() {
        if ((startDelimiter == null) != (endDelimiter == null)
                || (startDelimiter != null
                        && (startDelimiter.isEmpty() || endDelimiter.isEmpty()))) {
            spec.commandLine()
                    .getErr()
                    .println(
                            "csl prompt: give both --start-delimiter and --end-delimiter, non-empty");
            return ExitCodes.USAGE;
        }
        Delimiters delimiters;
        try {
            delimiters =
                    startDelimiter == null
                            ? Delimiters.DEFAULT
                            : new Delimiters(startDelimiter, endDelimiter);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("csl prompt: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        spec.commandLine()
                .getOut()
                .print(
                        PromptText.render(
                                delimiters,
                                full
                                        ? BuiltinsSection.render(CommandTable.builtins())
                                        : BuiltinsSection.compact(CommandTable.builtins())));
        spec.commandLine().getOut().flush();
        return ExitCodes.OK;
    }
}
