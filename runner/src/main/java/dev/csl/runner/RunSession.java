package dev.csl.runner;

import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunOutcome;
import java.nio.file.Path;
import java.util.function.Predicate;

/**
 * Runs the RUN blocks of one apply. Starts the worker JVM lazily at the first RUN and keeps it for
 * the session. Never throws for a failing command: every failure is in the {@link RunOutcome}.
 */
public interface RunSession extends AutoCloseable {

    RunOutcome run(RunRequest request);

    /**
     * Checks {@code request} exactly as {@link #run} does before running any of it
     * (docs/interpreter.md, dry run): splitting, shell operators, built-in flags and operand
     * counts, path operands, git's read-only subcommands, approval and whether the program exists,
     * {@code dir} — and runs nothing, starts no process and never asks anyone: a command not
     * approved yet is refused with {@code command_not_approved}. Returns {@code null} when the
     * block would run.
     *
     * @param madeEarlier whether a directory that does not exist yet (an absolute path inside the
     *     working directory) is made by an earlier operation of the same dry run; a {@code dir} it
     *     accepts is checked as if it existed
     */
    RunFailure check(RunRequest request, Predicate<Path> madeEarlier);

    /**
     * Starts what the session's first RUN of built-ins will need (the worker JVM), so that it boots
     * while the apply does its work before that RUN. Returns once the JVM is launched, not booted;
     * nothing happens twice.
     */
    default void prepare() {}

    /** Stops the worker and any child still running. */
    @Override
    void close();
}
