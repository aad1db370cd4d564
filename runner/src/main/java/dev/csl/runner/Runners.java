package dev.csl.runner;

/**
 * Where the runner's sessions come from. The CLI opens one {@link #standard()} session per apply (a
 * fresh worker JVM, started at the first RUN); {@code csl serve} keeps a {@link #pooled(int)}
 * factory for its whole life so that every apply finds a worker already started.
 */
public final class Runners {
    private Runners() {}

    /** A fresh worker JVM per session, started lazily at the session's first RUN. */
    public static RunSessionFactory standard() {
        return config -> new StandardRunSession(config, WorkerSource.fresh());
    }

    /**
     * Keeps up to {@code size} workers started ahead of time; each session takes one (or starts its
     * own when none is ready) and never hands it back, so no state leaks from one apply into the
     * next. Close the returned pool on shutdown.
     */
    public static WorkerPool pooled(int size) {
        return new WorkerPool(size);
    }
}
