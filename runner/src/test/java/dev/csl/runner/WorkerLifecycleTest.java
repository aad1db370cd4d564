package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real worker JVMs: started once per session, killed with their tree on timeout, replaced. */
class WorkerLifecycleTest {
    @TempDir Path root;
    private StandardRunSession session;

    @BeforeEach
    void open() throws IOException {
        Files.writeString(root.resolve("a.txt"), "a\n");
        session = TestSessions.open(root);
    }

    @AfterEach
    void close() {
        session.close();
    }

    private RunOutcome run(String content, Integer timeout) {
        return session.run(new RunRequest(content, null, null, timeout, ChangeRecorder.NONE));
    }

    private long workerPid() {
        return session.currentWorker().pid();
    }

    @Test
    void run_severalBlocks_shareOneWorker() {
        assertThat(run("cat a.txt", null).ok()).isTrue();
        long pid = workerPid();
        assertThat(run("cat a.txt\nls", null).ok()).isTrue();
        assertThat(workerPid()).isEqualTo(pid);
    }

    @Test
    void run_noBuiltinYet_startsNoWorker() {
        run("cat ../x", null);
        assertThat(session.currentWorker()).isNull();
    }

    @Test
    void run_commandPastItsTimeout_treeKilledAndWorkerReplaced() throws Exception {
        run("cat a.txt", null);
        ProcessHandle worker = session.currentWorker().handle();
        Set<ProcessHandle> seen = ConcurrentHashMap.newKeySet();
        Thread watcher =
                new Thread(
                        () -> {
                            while (worker.isAlive()) {
                                worker.descendants().forEach(seen::add);
                                Thread.onSpinWait();
                            }
                        });
        watcher.start();
        long started = System.nanoTime();
        RunOutcome outcome = run("__spawn", 2);
        long ms = (System.nanoTime() - started) / 1_000_000;
        watcher.join(5000);

        assertThat(outcome.failure().code()).isEqualTo("timeout");
        assertThat(outcome.failure().message()).contains("2 s");
        assertThat(outcome.commands())
                .singleElement()
                .extracting(CommandResult::exitCode)
                .isEqualTo(-1);
        assertThat(ms).isBetween(1900L, 10_000L);
        assertThat(seen).as("the grandchild the worker started").isNotEmpty();
        assertThat(worker.isAlive()).isFalse();
        for (ProcessHandle h : seen) {
            assertThat(h.isAlive()).as("orphan %s", h.pid()).isFalse();
        }
        assertThat(run("cat a.txt", null).ok()).isTrue();
        assertThat(workerPid()).isNotEqualTo(worker.pid());
    }

    @Test
    void run_workerCrash_reportedAndNextCommandGetsAFreshWorker() {
        run("cat a.txt", null);
        long first = workerPid();
        RunOutcome outcome = run("__crash", null);
        assertThat(outcome.failure().code()).isEqualTo("command_failed");
        assertThat(outcome.failure().details()).containsEntry("reason", "worker_crashed");
        assertThat(outcome.failure().message()).contains("exit status 7");
        RunOutcome next = run("cat a.txt", null);
        assertThat(next.ok()).isTrue();
        assertThat(next.commands().get(0).stdout()).isEqualTo("a\n");
        assertThat(workerPid()).isNotEqualTo(first);
    }

    @Test
    void run_outOfMemory_reportedAndWorkerReplaced() {
        RunOutcome outcome = run("__oom", 60);
        assertThat(outcome.failure().code()).isEqualTo("command_failed");
        assertThat(outcome.failure().details()).containsEntry("reason", "out_of_memory");
        assertThat(outcome.failure().message()).contains("out of memory").contains("256 MiB");
        assertThat(run("cat a.txt", null).ok()).isTrue();
    }

    @Test
    void run_outputBeyondTheCap_cutAndMarked() throws IOException {
        session.close();
        RunnerConfig defaults = RunnerConfig.defaults(root);
        RunnerConfig small =
                new RunnerConfig(
                        root,
                        defaults.defaultTimeoutSeconds(),
                        1000,
                        defaults.sandbox(),
                        List.of(),
                        false,
                        null);
        session = TestSessions.open(small);
        Files.writeString(root.resolve("big.txt"), "0123456789\n".repeat(1000));
        RunOutcome outcome = run("cat big.txt", null);
        String out = outcome.commands().get(0).stdout();
        assertThat(out).startsWith("0123456789\n");
        assertThat(out).endsWith("[csl: output cut at 1000 bytes; 10000 more bytes not shown]\n");
        assertThat(out.length()).isLessThan(1100);
        RunOutcome flood = run("__flood 1000000", null);
        assertThat(flood.ok()).isTrue();
        assertThat(flood.commands().get(0).stdout()).contains("more bytes not shown");
    }

    @Test
    void close_stopsTheWorker() {
        run("cat a.txt", null);
        ProcessHandle worker = session.currentWorker().handle();
        session.close();
        assertThat(worker.onExit()).succeedsWithin(java.time.Duration.ofSeconds(5));
    }
}
