package dev.csl.runner.external;

import dev.csl.runner.CommandOutcome;
import dev.csl.runner.CommandResult;
import dev.csl.runner.ExternalCommands;
import dev.csl.runner.RunFailure;
import dev.csl.runner.RunOutcome;
import dev.csl.runner.RunnerConfig;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Creates the {@link ExternalCommands} of one apply. */
public final class ExternalCommandsFactory {
    private ExternalCommandsFactory() {}

    public static ExternalCommands create(RunnerConfig config) {
        return new Unavailable();
    }

    /** Placeholder until approvals, sandbox and Node are built (issue 6): refuses everything. */
    private static final class Unavailable implements ExternalCommands {
        private static RunFailure refusal(String what) {
            return new RunFailure(
                    "command_not_approved",
                    what + " cannot run yet in this version of csl",
                    "use the built-in commands",
                    Map.of());
        }

        @Override
        public RunFailure check(List<String> argv, Path dir) {
            return refusal("'" + String.join(" ", argv) + "'");
        }

        @Override
        public CommandOutcome run(List<String> argv, Path dir, int timeoutSeconds) {
            return new CommandOutcome(
                    new CommandResult(String.join(" ", argv), -1, "", "", 0),
                    refusal("'" + String.join(" ", argv) + "'"));
        }

        @Override
        public RunOutcome runNode(String program, Path dir, int timeoutSeconds) {
            return new RunOutcome(List.of(), refusal("a Node.js program"), "none", false);
        }

        @Override
        public String sandboxLayer() {
            return "none";
        }
    }
}
