package dev.csl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code csl doctor}. */
@Command(
        name = "doctor",
        mixinStandardHelpOptions = true,
        description = "Tells which safety layers work on this machine.")
final class DoctorCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("csl doctor: not available yet");
        return ExitCodes.USAGE;
    }
}
