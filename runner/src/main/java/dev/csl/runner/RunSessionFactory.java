package dev.csl.runner;

import dev.csl.runner.base.RunnerConfig;

/**
 * Opens the runner session of one apply. The CLI opens a fresh worker per apply; {@code csl serve}
 * passes a factory backed by a pool of warm workers.
 */
@FunctionalInterface
public interface RunSessionFactory {
    RunSession open(RunnerConfig config);
}
