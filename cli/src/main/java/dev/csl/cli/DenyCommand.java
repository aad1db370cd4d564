package dev.csl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code csl deny}. */
@Command(
        name = "deny",
        mixinStandardHelpOptions = true,
        description = "Blocks a command for RUN blocks in this directory.")
final class DenyCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("csl deny: not available yet");
        return ExitCodes.USAGE;
    }
}
