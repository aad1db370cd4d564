package dev.csl.runner;

import dev.csl.runner.base.RunOutcome;

/**
 * Runs the RUN blocks of one apply. Starts the worker JVM lazily at the first RUN and keeps it for
 * the session. Never throws for a failing command: every failure is in the {@link RunOutcome}.
 */
public interface RunSession extends AutoCloseable {

    RunOutcome run(RunRequest request);

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
