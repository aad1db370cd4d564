package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.runner.process.CommandEnvironment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker starts with the basic environment only (none of csl's own variables). Closing it tells
 * it to stop and returns, so the apply finishes its journal and output while the worker exits;
 * whoever must see it gone (csl's exit) waits with {@code awaitStopping}, and a worker that does
 * not stop within 2 s is killed. Real processes stand in for worker JVMs: {@code sh} that reads its
 * input to the end, as a worker does, and then lingers.
 */
class WorkerProcessTest {
    @TempDir Path dir;

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
    void start_workerEnvironment_holdsTheBasicNamesNotCslsOwn() throws Exception {
        String secret =
                System.getenv().keySet().stream()
                        .filter(n -> !CommandEnvironment.BASIC.contains(n) && !n.startsWith("LC_"))
                        .findFirst()
                        .orElse(null);
        assumeTrue(secret != null, "csl's test JVM has only basic variables");
        Path seen = Files.createTempFile(dir, "env", ".txt");
        WorkerProcess w =
                WorkerProcess.start(List.of("sh", "-c", "env > '" + seen + "'; cat >/dev/null"));
        w.close();
        WorkerProcess.awaitStopping();

        List<String> names =
                Files.readAllLines(seen).stream().map(l -> l.split("=", 2)[0]).toList();
        assertThat(names).contains("PATH").doesNotContain(secret);
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
