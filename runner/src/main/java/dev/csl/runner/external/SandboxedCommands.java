package dev.csl.runner.external;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.approval.Approval;
import dev.csl.runner.approval.Approvals;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.ExternalCommands;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.base.ShellWords;
import dev.csl.runner.node.NodeRunner;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.sandbox.CeilingFailures;
import dev.csl.runner.sandbox.Confined;
import dev.csl.runner.sandbox.ContainerPool;
import dev.csl.runner.sandbox.MetadataSnapshot;
import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.sandbox.WarmContainers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@link ExternalCommands} of one apply: approval, operand guard and existence checks before
 * anything runs, then each command in the OS sandbox (when there is one) through the {@link
 * ProcessLauncher}. Not thread-safe: the RUN blocks of one apply run in order.
 */
final class SandboxedCommands implements ExternalCommands {
    private final RunnerConfig config;
    private final Sandbox sandbox;
    private final ProcessLauncher launcher;
    private final GuardOpener guardOpener;
    private final Approvals approvals;
    private final NodeRunner node;
    private final Map<List<String>, Boolean> network = new HashMap<>();
    private OperandGuard operands;
    private final ContainerPool containers;
    private WarmContainers warm;

    SandboxedCommands(
            RunnerConfig config,
            Sandbox sandbox,
            ProcessLauncher launcher,
            GuardOpener guardOpener) {
        this(config, sandbox, launcher, guardOpener, new Approvals(config), null);
    }

    SandboxedCommands(
            RunnerConfig config,
            Sandbox sandbox,
            ProcessLauncher launcher,
            GuardOpener guardOpener,
            Approvals approvals,
            ContainerPool containers) {
        this.config = config;
        this.containers = containers;
        this.sandbox = sandbox;
        this.launcher = launcher;
        this.guardOpener = guardOpener;
        this.approvals = approvals;
        this.node =
                new NodeRunner(
                        config.workingDir(), sandbox, launcher, config.context().getenv("PATH"));
    }

    @Override
    public RunFailure check(List<String> argv, Path dir) {
        if (argv.isEmpty()) {
            throw new IllegalArgumentException("empty command");
        }
        String display = ShellWords.join(argv);
        RunFailure refusal = sandbox.refusal(ShellWords.cite(display));
        if (refusal != null) {
            return refusal;
        }
        if (ProcessLauncher.findProgram(argv.get(0), dir, config.context().getenv("PATH"))
                .isEmpty()) {
            return ProcessLauncher.notFound(display, argv.get(0));
        }
        RunFailure operandRefusal = checkOperands(argv, dir);
        if (operandRefusal != null) {
            return operandRefusal;
        }
        Approval approval = approvals.decide(argv);
        if (!approval.approved()) {
            return approval.failure();
        }
        network.put(List.copyOf(argv), approval.network());
        return null;
    }

    @Override
    public RunFailure checkNode(Path dir) {
        return node.check(dir);
    }

    @Override
    public CommandOutcome run(List<String> argv, Path dir, int timeoutSeconds) {
        String display = ShellWords.join(argv);
        RunFailure refusal = sandbox.refusal(ShellWords.cite(display));
        if (refusal != null) {
            return new CommandOutcome(new CommandResult(display, -1, "", "", 0), refusal);
        }
        Optional<Path> program =
                ProcessLauncher.findProgram(argv.get(0), dir, config.context().getenv("PATH"));
        if (program.isEmpty()) {
            return new CommandOutcome(
                    new CommandResult(display, -1, "", "", 0),
                    ProcessLauncher.notFound(display, argv.get(0)));
        }
        List<String> command = new ArrayList<>(argv);
        command.set(0, program.get().toString());
        boolean withNetwork = network.getOrDefault(argv, false);
        if (sandbox.kind() == SandboxLayer.CONTAINER && warm == null) {
            // Before the snapshot of csl's own files: csl's own copy of the container's exec
            // agent into its cache is not the command's change.
            warm = sandbox.warmContainers(containers);
        }
        MetadataSnapshot metadata = MetadataSnapshot.take(config.workingDir());
        RunFailure unchecked = metadata.refusal(ShellWords.cite(display));
        if (unchecked != null) {
            return new CommandOutcome(new CommandResult(display, -1, "", "", 0), unchecked);
        }
        CommandOutcome outcome;
        try (Confined confined = confine(command, dir, withNetwork, metadata)) {
            List<String> wrapped = confined.argv();
            if (sandbox.kind() != SandboxLayer.BUBBLEWRAP
                    && sandbox.kind() != SandboxLayer.CONTAINER) {
                // bubblewrap's PID namespace would hold what it leaves behind: make one without it.
                // (A container has its own; one around its client would kill the runtime's
                // monitor.)
                wrapped =
                        PidNamespace.machine(config.workingDir(), config.context().getenv("PATH"))
                                .wrap(wrapped, config.workingDir());
            }
            outcome = launcher.run(display, wrapped, dir, timeoutSeconds);
            if (outcome.failure() != null && outcome.failure().code() == ErrorCode.TIMEOUT) {
                confined.removeLeftover();
            }
        } catch (IOException e) {
            return new CommandOutcome(
                    new CommandResult(display, -1, "", "", 0),
                    new RunFailure(
                            ErrorCode.IO_ERROR,
                            ShellWords.cite(display)
                                    + " was not run: its sandbox could not be prepared: "
                                    + e.getMessage(),
                            "check that the system's temporary directory is writable and the working"
                                    + " directory's path holds no ':' or ','",
                            Map.of()));
        }
        RunFailure planted = metadata.removePlanted(ShellWords.cite(display));
        if (planted != null) {
            return new CommandOutcome(outcome.result(), planted);
        }
        return explain(outcome, withNetwork);
    }

    /**
     * The command line of {@code command}: in the apply's warm container under the container layer,
     * else as the sandbox confines it.
     */
    private Confined confine(
            List<String> command, Path dir, boolean withNetwork, MetadataSnapshot metadata)
            throws IOException {
        if (sandbox.kind() == SandboxLayer.CONTAINER) {
            if (warm == null) {
                warm = sandbox.warmContainers(containers);
            }
            if (warm != null) {
                return sandbox.confineWarm(
                        warm, command, config.workingDir(), dir, withNetwork, metadata.readOnly());
            }
        }
        return sandbox.confine(command, config.workingDir(), dir, withNetwork, metadata.readOnly());
    }

    /** Removes the apply's warm containers, or hands them back to the pool they came from. */
    @Override
    public void close() {
        if (warm != null) {
            warm.close();
        }
    }

    /** Why a command failed, where the ceilings or the sandbox stopped it. */
    private CommandOutcome explain(CommandOutcome outcome, boolean withNetwork) {
        CommandOutcome explained =
                CeilingFailures.explain(outcome, Sandbox.limits(config.workingDir()));
        if (explained != outcome || !sandbox.active()) {
            return explained;
        }
        return SandboxFailures.explain(
                outcome, config.workingDir(), withNetwork, sandbox.kind() == SandboxLayer.LANDLOCK);
    }

    @Override
    public CommandOutcome runGit(List<String> argv, Path dir, int timeoutSeconds) {
        String display = ShellWords.join(argv);
        RunFailure refusal = sandbox.refusal(ShellWords.cite(display));
        if (refusal != null) {
            return new CommandOutcome(new CommandResult(display, -1, "", "", 0), refusal);
        }
        // Read-only git runs without approval: never a git an answer could have written.
        Optional<Path> program =
                ProcessLauncher.findOutside(
                        "git", config.workingDir(), config.context().getenv("PATH"));
        if (program.isEmpty()) {
            return new CommandOutcome(
                    new CommandResult(display, -1, "", "", 0),
                    ProcessLauncher.notFound(display, "git"));
        }
        String git = program.get().toString();
        CommandOutcome query =
                launcher.quiet()
                        .run(
                                "git config",
                                sandbox.wrap(
                                        ReadOnlyGit.driverKeysQuery(git),
                                        config.workingDir(),
                                        dir,
                                        false),
                                dir,
                                timeoutSeconds,
                                null,
                                ReadOnlyGit.ENVIRONMENT);
        List<String> keys = ReadOnlyGit.parseKeys(query.result().stdout());
        List<String> wrapped =
                sandbox.wrap(ReadOnlyGit.command(git, argv, keys), config.workingDir(), dir, false);
        CommandOutcome outcome =
                launcher.run(display, wrapped, dir, timeoutSeconds, null, ReadOnlyGit.ENVIRONMENT);
        return explain(outcome, false);
    }

    @Override
    public RunOutcome runNode(String program, Path dir, int timeoutSeconds) {
        return node.run(program, dir, timeoutSeconds);
    }

    @Override
    public String sandboxLayer() {
        return sandbox.layer();
    }

    private RunFailure checkOperands(List<String> argv, Path dir) {
        if (operands == null) {
            try {
                operands = new OperandGuard(guardOpener.open(config.workingDir()));
            } catch (IOException e) {
                return new RunFailure(
                        ErrorCode.IO_ERROR,
                        "the working directory could not be opened: " + e.getMessage(),
                        "check that the working directory exists and is readable",
                        Map.of());
            }
        }
        return operands.check(argv, dir);
    }
}
