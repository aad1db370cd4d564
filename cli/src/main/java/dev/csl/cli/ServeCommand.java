package dev.csl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code csl serve}. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = "Speaks JSON-RPC 2.0 over stdio for IDE plugins and agents.")
final class ServeCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("csl serve: not available yet");
        return ExitCodes.USAGE;
    }
}
