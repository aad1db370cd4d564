package dev.csl.runner.sandbox;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.RunFailure;
import java.util.List;

/**
 * Says so when a command failed on one of its ceilings: a file past the size cap kills a program
 * with SIGXFSZ (exit status 153) or, where the program ignores that signal (Python, Java), makes
 * its write fail with EFBIG ("File too large"); a fork past the process cap fails with EAGAIN
 * ("Resource temporarily unavailable", "Cannot fork"). Without this, both read as a mystery.
 */
public final class CeilingFailures {
    /** 128 + SIGXFSZ (25), as Java and shells report a process the signal killed. */
    static final int KILLED_BY_SIGXFSZ = 128 + 25;

    private static final List<String> FORK_FAILED =
            List.of("Resource temporarily unavailable", "Cannot fork", "fork: retry", "EAGAIN");

    private CeilingFailures() {}

    /** {@code outcome} with its failure explained when a ceiling caused it. */
    public static CommandOutcome explain(CommandOutcome outcome, CommandLimits limits) {
        RunFailure failure = outcome.failure();
        if (failure == null || failure.code() != ErrorCode.COMMAND_FAILED) {
            return outcome;
        }
        String output = outcome.result().stderr() + "\n" + outcome.result().stdout();
        String why = null;
        String hint = null;
        if (outcome.result().exitCode() == KILLED_BY_SIGXFSZ
                || output.contains("File too large")
                || output.contains("EFBIG")) {
            why =
                    ": it wrote a file past the cap of "
                            + limits.fileSizeMiB()
                            + " MiB per file (the kernel stopped it with SIGXFSZ / EFBIG)";
            hint =
                    "write smaller files; if the project needs larger ones, ask the user to raise"
                            + " \"limits\": {\"fileSize\": MIB} in .csl/commands.json";
        } else if (FORK_FAILED.stream().anyMatch(output::contains)) {
            why =
                    ": it could not start another process, probably on the cap of "
                            + limits.processes()
                            + " processes and threads beyond those the user already runs";
            hint =
                    "start fewer processes; if the build needs more, ask the user to raise"
                            + " \"limits\": {\"processes\": N} in .csl/commands.json";
        }
        if (why == null) {
            return outcome;
        }
        return new CommandOutcome(
                outcome.result(),
                new RunFailure(failure.code(), failure.message() + why, hint, failure.details()));
    }
}
