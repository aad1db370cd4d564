package dev.csl.cli;

import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.Runners;

/** The RUN session factory {@code csl apply} uses: a fresh worker JVM per apply. */
final class StandardRunners {
    private StandardRunners() {}

    static RunSessionFactory factory() {
        return Runners.standard();
    }
}
