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
     * Keeps up to {@code size} warm workers: a session takes one started for the same project,
     * view, settings and environment (or starts its own) and hands it back when it ends healthy; a
     * worker holds nothing of an apply. Close the returned pool on shutdown.
     */
    public static WorkerPool pooled(int size) {
        return new WorkerPool(size);
    }

    /**
     * As {@link #pooled(int)}, for the resident process: a worker unused for {@code idle} is
     * stopped, and the pool keeps workers apart by the caller's environment as by project.
     */
    public static WorkerPool resident(int size, java.time.Duration idle) {
        return new WorkerPool(size, idle, WorkerLauncher.longLived());
    }
}
