package dev.csl.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class KeyedSerialExecutorTest {
    /** Only a hang (or a task that never runs) waits this long; a busy machine never does. */
    private static final long HANG_SECONDS = dev.csl.cli.Hang.LIMIT.toSeconds();

    private final ExecutorService pool = Executors.newFixedThreadPool(4);
    private final KeyedSerialExecutor executor = new KeyedSerialExecutor(pool);

    @AfterEach
    void stop() {
        pool.shutdownNow();
    }

    @Test
    void execute_differentKeys_runConcurrently() throws Exception {
        CountDownLatch bothStarted = new CountDownLatch(2);
        CountDownLatch finished = new CountDownLatch(2);
        for (String key : List.of("/a", "/b")) {
            executor.execute(
                    key,
                    () -> {
                        bothStarted.countDown();
                        try {
                            // Only returns true when the other key's task runs at the same time.
                            if (bothStarted.await(HANG_SECONDS, TimeUnit.SECONDS)) {
                                finished.countDown();
                            }
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                    });
        }

        assertThat(finished.await(HANG_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    void execute_sameKey_runsOneAtATimeInSubmissionOrder() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger maxRunning = new AtomicInteger();
        List<Integer> order = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(50);
        for (int i = 0; i < 50; i++) {
            int n = i;
            executor.execute(
                    "/same",
                    () -> {
                        maxRunning.accumulateAndGet(running.incrementAndGet(), Math::max);
                        order.add(n);
                        Thread.yield();
                        running.decrementAndGet();
                        done.countDown();
                    });
        }

        assertThat(done.await(HANG_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(maxRunning.get()).isEqualTo(1);
        assertThat(order).isSortedAccordingTo(Integer::compare).hasSize(50);
    }

    @Test
    void execute_blockedKey_doesNotHoldUpOtherKeys() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch otherRan = new CountDownLatch(1);
        // More waiting tasks on one key than the pool has threads: they must wait in the queue.
        for (int i = 0; i < 10; i++) {
            executor.execute("/busy", () -> awaitQuietly(release));
        }
        executor.execute("/free", otherRan::countDown);

        assertThat(otherRan.await(HANG_SECONDS, TimeUnit.SECONDS)).isTrue();
        release.countDown();
    }

    @Test
    void execute_afterQueuesDrain_forgetsTheirKeys() throws Exception {
        CountDownLatch done = new CountDownLatch(100);
        for (int i = 0; i < 100; i++) {
            executor.execute("/dir" + i, done::countDown);
        }
        assertThat(done.await(HANG_SECONDS, TimeUnit.SECONDS)).isTrue();
        pool.shutdown();
        assertThat(pool.awaitTermination(HANG_SECONDS, TimeUnit.SECONDS)).isTrue();

        assertThat(executor.activeKeys()).isZero();
    }

    @Test
    void execute_taskThrows_laterTasksOfTheKeyStillRun() throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        executor.execute(
                "/k",
                () -> {
                    throw new IllegalStateException("boom");
                });
        executor.execute("/k", ran::countDown);

        assertThat(ran.await(HANG_SECONDS, TimeUnit.SECONDS)).isTrue();
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(HANG_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
