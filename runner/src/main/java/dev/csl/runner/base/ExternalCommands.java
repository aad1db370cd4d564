package dev.csl.runner.base;

import java.nio.file.Path;
import java.util.List;

/**
 * Runs what is not a built-in command: read-only git, approved external commands and Node.js
 * programs (docs/external.md: read-only git, approved commands, {@code lang="node"}), inside the OS
 * sandbox where there is one. Created per apply by {@code
 * dev.csl.runner.external.ExternalCommandsFactory}.
 */
public interface ExternalCommands extends AutoCloseable {

    /**
     * Decides before anything in the block runs whether an external command line may run (approval:
     * commands.json, --allow, --yes, prompt; program exists; path operands guarded). Returns {@code
     * null} when it may, otherwise the refusal ({@code command_not_approved}, {@code
     * command_blocked}, {@code command_not_found}, {@code path_escape}, ...). Not called for git,
     * whose read-only subcommands the command table checks.
     */
    RunFailure check(List<String> argv, Path dir);

    /**
     * Decides before a {@code lang="node"} block runs whether it may ({@code --sandbox required}
     * without a sandbox, Node.js installed): {@code null} when it may, otherwise the refusal.
     */
    RunFailure checkNode(Path dir);

    /** Runs one already-checked command (no shell, stdin closed, timeout, output cap). */
    CommandOutcome run(List<String> argv, Path dir, int timeoutSeconds);

    /**
     * Runs one read-only git command (checked by the command table) so that no configuration can
     * make git run a program, and never against a repository an answer planted.
     */
    CommandOutcome runGit(List<String> argv, Path dir, int timeoutSeconds);

    /** Runs a Node.js program with the guarded fs preload. */
    RunOutcome runNode(String program, Path dir, int timeoutSeconds);

    /** The sandbox layer commands run in ("bubblewrap", "none: bwrap not installed", ...). */
    String sandboxLayer();

    /** Ends what the apply kept running for its commands (warm containers); idempotent. */
    @Override
    default void close() {}
}
