package dev.csl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code csl allow}. */
@Command(
        name = "allow",
        mixinStandardHelpOptions = true,
        description = "Approves a command for RUN blocks in this directory.")
final class AllowCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("csl allow: not available yet");
        return ExitCodes.USAGE;
    }
}
