package dev.csl.cli;

import dev.csl.runner.RunFailure;
import dev.csl.runner.RunOutcome;
import dev.csl.runner.RunRequest;
import dev.csl.runner.RunSession;
import dev.csl.runner.RunSessionFactory;
import java.util.List;
import java.util.Map;

/** The RUN session factory the CLI applies with. */
final class StandardRunners {
    private StandardRunners() {}

    static RunSessionFactory factory() {
        return config ->
                new RunSession() {
                    @Override
                    public RunOutcome run(RunRequest request) {
                        return new RunOutcome(
                                List.of(),
                                new RunFailure(
                                        "command_not_found",
                                        "RUN blocks cannot run in this build of csl: the command runner is missing.",
                                        "Use WRITE and SEARCH only.",
                                        Map.of()),
                                "none",
                                false);
                    }

                    @Override
                    public void close() {}
                };
    }
}
