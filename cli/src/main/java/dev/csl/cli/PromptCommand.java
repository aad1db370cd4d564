package dev.csl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code csl prompt}. */
@Command(
        name = "prompt",
        mixinStandardHelpOptions = true,
        description = "Prints the CSL instructions to give an LLM.")
final class PromptCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("csl prompt: not available yet");
        return ExitCodes.USAGE;
    }
}
