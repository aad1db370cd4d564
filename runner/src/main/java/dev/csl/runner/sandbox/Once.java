package dev.csl.runner.sandbox;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A value worked out once per process (the machine does not change while csl runs): by the first
 * caller of {@link #get} on its own thread, or on a thread of its own after {@link #start} so that
 * the caller goes on meanwhile; every later caller waits for that one result. The first caller's
 * computation is the one used.
 */
final class Once<T> {
    private final AtomicReference<FutureTask<T>> task = new AtomicReference<>();
    private final String threadName;
    private final Function<Exception, T> failed;

    /** {@code failed} turns an interruption or a failed computation into a value. */
    Once(String threadName, Function<Exception, T> failed) {
        this.threadName = threadName;
        this.failed = failed;
    }

    /** The value, computed here with {@code compute} if nobody has started it yet. */
    T get(Callable<T> compute) {
        FutureTask<T> mine = claim(compute);
        if (mine != null) {
            mine.run();
        }
        try {
            return task.get().get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return failed.apply(e);
        } catch (ExecutionException e) {
            return failed.apply(e);
        }
    }

    /** Starts {@code compute} on a daemon thread unless the value is already under way. */
    void start(Callable<T> compute) {
        FutureTask<T> mine = claim(compute);
        if (mine != null) {
            Thread t = new Thread(mine, threadName);
            t.setDaemon(true);
            t.start();
        }
    }

    /** True once the value is there. */
    boolean done() {
        FutureTask<T> f = task.get();
        return f != null && f.isDone();
    }

    private FutureTask<T> claim(Callable<T> compute) {
        FutureTask<T> f = new FutureTask<>(compute);
        return task.compareAndSet(null, f) ? f : null;
    }
}
