package dev.csl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code csl apply}. */
@Command(
        name = "apply",
        mixinStandardHelpOptions = true,
        description = "Carries out the operations of an answer.")
final class ApplyCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("csl apply: not available yet");
        return ExitCodes.USAGE;
    }
}
