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
 * @param notes what the user should know of commands that succeeded, such as a {@code grep} that
 *     found no match (its exit status 1 is an answer, not a failure)
 */
public record RunOutcome(
        List<CommandResult> commands,
        RunFailure failure,
        String sandboxLayer,
        boolean irreversible,
        List<String> notes) {
    public RunOutcome {
        commands = List.copyOf(commands);
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /** Without notes. */
    public RunOutcome(
            List<CommandResult> commands,
            RunFailure failure,
            String sandboxLayer,
            boolean irreversible) {
        this(commands, failure, sandboxLayer, irreversible, List.of());
    }

    public boolean ok() {
        return failure == null;
    }
}
