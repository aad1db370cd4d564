package dev.csl.runner.external;

import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.approval.Approvals;
import dev.csl.runner.approval.CommandsFile;
import dev.csl.runner.base.ExternalCommands;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.CommandEnvironment;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.sandbox.ContainerPool;
import dev.csl.runner.sandbox.Sandbox;
import java.io.IOException;

/** Creates the {@link ExternalCommands} of one apply. */
public final class ExternalCommandsFactory {
    private ExternalCommandsFactory() {}

    /**
     * Approvals from {@code config} and {@code .csl/commands.json}, the sandbox of {@code
     * config.sandbox()}, output cap {@code config.outputCapBytes()} and the default memory cap.
     */
    public static ExternalCommands create(RunnerConfig config) {
        return create(config, null);
    }

    /**
     * As {@link #create(RunnerConfig)}, the apply's warm containers (under the container layer)
     * taken from {@code containers} and handed back at its end ({@code null}: its own, removed).
     */
    public static ExternalCommands create(RunnerConfig config, ContainerPool containers) {
        return new SandboxedCommands(
                config,
                Sandbox.forConfig(config),
                new ProcessLauncher(
                                config.outputCapBytes(),
                                ProcessLauncher.DEFAULT_MEMORY_CAP_BYTES,
                                config.output(),
                                environment(config),
                                config.workingDir())
                        .forCaller(config.context().environment()),
                GuardedFiles::open,
                new Approvals(config),
                containers);
    }

    /**
     * For checking only (a dry run): the same checks as {@link #create}, but nobody is asked about
     * a command not approved yet, and the sandbox is probed (a process) only under {@code --sandbox
     * required}, the one mode in which its absence refuses; nothing run through it is sandboxed.
     */
    public static ExternalCommands forChecking(RunnerConfig config) {
        Sandbox sandbox =
                Sandbox.forMode(
                        config.sandbox() == SandboxMode.REQUIRED
                                ? SandboxMode.REQUIRED
                                : SandboxMode.OFF,
                        config.context().environment());
        return new SandboxedCommands(
                config,
                sandbox,
                new ProcessLauncher(
                                config.outputCapBytes(),
                                ProcessLauncher.DEFAULT_MEMORY_CAP_BYTES,
                                config.output(),
                                CommandEnvironment.basic(),
                                config.workingDir())
                        .forCaller(config.context().environment()),
                GuardedFiles::open,
                Approvals.withoutAsking(config),
                null);
    }

    /**
     * The basic names plus those in commands.json; an unreadable file adds none (approval says
     * why).
     */
    static CommandEnvironment environment(RunnerConfig config) {
        try {
            return new CommandEnvironment(CommandsFile.load(config.workingDir()).env());
        } catch (IOException e) {
            return CommandEnvironment.basic();
        }
    }
}
