package dev.csl.cli;

import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.Runners;
import java.util.function.IntSupplier;

/**
 * The RUN session factory {@code csl apply} uses: a fresh worker JVM per apply, or, for a call the
 * resident process serves, its pool of warm workers ({@link #within}).
 */
final class StandardRunners {
    /** The resident process's pool, for the call running on this thread. */
    private static final ThreadLocal<RunSessionFactory> RESIDENT = new ThreadLocal<>();

    private StandardRunners() {}

    static RunSessionFactory factory() {
        RunSessionFactory resident = RESIDENT.get();
        return resident != null ? resident : Runners.standard();
    }

    /** Runs {@code call} on this thread with {@code pool} as its factory. */
    static int within(RunSessionFactory pool, IntSupplier call) {
        RESIDENT.set(pool);
        try {
            return call.getAsInt();
        } finally {
            RESIDENT.remove();
        }
    }
}
