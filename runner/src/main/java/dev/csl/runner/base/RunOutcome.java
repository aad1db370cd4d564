package dev.csl.runner.base;

import java.util.List;

/**
 * The result of one RUN block.
 *
 * @param commands one entry per command that ran (or started), in order
 * @param failure why the block failed, or {@code null} when every command succeeded
 * @param sandboxLayer which OS sandbox the commands ran in ("bubblewrap", "none", ...)
 * @param irreversible true when an external command or Node script ran, whose side effects a
 *     rollback cannot undo
 */
public record RunOutcome(
        List<CommandResult> commands,
        RunFailure failure,
        String sandboxLayer,
        boolean irreversible) {
    public RunOutcome {
        commands = List.copyOf(commands);
    }

    public boolean ok() {
        return failure == null;
    }
}
