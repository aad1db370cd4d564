package dev.csl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code csl parse}. */
@Command(
        name = "parse",
        mixinStandardHelpOptions = true,
        description = "Checks the CSL syntax of an answer and prints its operations.")
final class ParseCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("csl parse: not available yet");
        return ExitCodes.USAGE;
    }
}
