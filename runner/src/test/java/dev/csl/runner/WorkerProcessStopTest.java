package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Closing a worker tells it to stop and returns, so the apply finishes its journal and output while
 * the worker exits; whoever must see it gone (csl's exit) waits with {@code awaitStopping}, and a
 * worker that does not stop within 2 s is killed. Real processes stand in for worker JVMs: {@code
 * sh} that reads its input to the end, as a worker does, and then lingers.
 */
class WorkerProcessStopTest {
    @Test
    void close_workerStillExiting_returnsAndAwaitStoppingSeesItGone() throws IOException {
        WorkerProcess w = WorkerProcess.start(List.of("sh", "-c", "cat >/dev/null; sleep 1"));

        w.close();

        assertThat(w.handle().isAlive()).as("still stopping while csl goes on").isTrue();
        assertThat(w.alive()).as("never used again").isFalse();
        WorkerProcess.awaitStopping();
        assertThat(w.handle().isAlive()).isFalse();
    }

    @Test
    void close_workerThatDoesNotStop_isKilledAfterTwoSeconds() throws IOException {
        WorkerProcess w = WorkerProcess.start(List.of("sh", "-c", "cat >/dev/null; sleep 60"));

        w.close();
        WorkerProcess.awaitStopping();

        assertThat(w.handle().isAlive()).isFalse();
        assertThat(w.handle().descendants()).isEmpty();
    }
}
