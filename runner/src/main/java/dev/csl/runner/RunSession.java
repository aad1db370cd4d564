package dev.csl.runner;

import dev.csl.runner.base.RunOutcome;

/**
 * Runs the RUN blocks of one apply. Starts the worker JVM lazily at the first RUN and keeps it for
 * the session. Never throws for a failing command: every failure is in the {@link RunOutcome}.
 */
public interface RunSession extends AutoCloseable {

    RunOutcome run(RunRequest request);

    /** Stops the worker and any child still running. */
    @Override
    void close();
}
