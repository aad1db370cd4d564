package dev.csl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code csl undo}. */
@Command(
        name = "undo",
        mixinStandardHelpOptions = true,
        description = "Restores the state before the last apply.")
final class UndoCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("csl undo: not available yet");
        return ExitCodes.USAGE;
    }
}
