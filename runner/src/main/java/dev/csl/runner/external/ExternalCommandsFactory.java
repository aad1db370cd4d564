package dev.csl.runner.external;

import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.ExternalCommands;
import dev.csl.runner.RunnerConfig;
import dev.csl.runner.sandbox.Sandbox;

/** Creates the {@link ExternalCommands} of one apply. */
public final class ExternalCommandsFactory {
    private ExternalCommandsFactory() {}

    /**
     * Approvals from {@code config} and {@code .csl/commands.json}, the sandbox of {@code
     * config.sandbox()}, output cap {@code config.outputCapBytes()} and the default memory cap.
     */
    public static ExternalCommands create(RunnerConfig config) {
        return new SandboxedCommands(
                config,
                Sandbox.forMode(config.sandbox()),
                new ProcessLauncher(
                        config.outputCapBytes(),
                        ProcessLauncher.DEFAULT_MEMORY_CAP_BYTES,
                        config.output()),
                GuardedFiles::open);
    }
}
