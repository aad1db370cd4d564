package dev.csl.cli.serve;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * Runs tasks on a shared pool so that tasks with the same key run one at a time, in the order they
 * were submitted, while tasks with different keys run concurrently.
 *
 * <p>Waiting tasks occupy a queue entry, not a pool thread, so 32 clients hammering one directory
 * cannot starve requests for the others; a key's queue is dropped as soon as it drains, so memory
 * stays flat however many directories a long-lived server sees.
 */
final class KeyedSerialExecutor {
    private final Executor pool;
    private final Map<Object, ArrayDeque<Runnable>> queues = new HashMap<>();

    KeyedSerialExecutor(Executor pool) {
        this.pool = Objects.requireNonNull(pool, "pool");
    }

    void execute(Object key, Runnable task) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(task, "task");
        boolean idle;
        synchronized (queues) {
            ArrayDeque<Runnable> queue = queues.computeIfAbsent(key, k -> new ArrayDeque<>());
            queue.add(task);
            idle = queue.size() == 1;
        }
        if (idle) {
            pool.execute(() -> drainOne(key));
        }
    }

    /** Number of keys with queued or running tasks (for tests: proves queues are dropped). */
    int activeKeys() {
        synchronized (queues) {
            return queues.size();
        }
    }

    private void drainOne(Object key) {
        Runnable task;
        synchronized (queues) {
            task = queues.get(key).peek();
        }
        try {
            task.run();
        } finally {
            boolean more;
            synchronized (queues) {
                ArrayDeque<Runnable> queue = queues.get(key);
                queue.poll();
                more = !queue.isEmpty();
                if (!more) {
                    queues.remove(key);
                }
            }
            if (more) {
                pool.execute(() -> drainOne(key));
            }
        }
    }
}
