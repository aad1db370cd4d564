package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxMode;
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
    /** Only a hang waits this long; a busy machine is slow, never this slow. */
    private static final java.time.Duration HANG = java.time.Duration.ofMinutes(5);

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
    void run_firstRun_startsTheWorkerOnceEvenWhenRefused() {
        assertThat(session.currentWorker()).isNull();
        assertThat(run("cat ../x", null).failure().code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        long pid = workerPid();
        assertThat(run("cat a.txt", null).ok()).isTrue();
        assertThat(workerPid()).isEqualTo(pid);
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
        watcher.join(HANG.toMillis());

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(outcome.failure().message()).contains("2 s");
        assertThat(outcome.commands())
                .singleElement()
                .extracting(CommandResult::exitCode)
                .isEqualTo(-1);
        // Not before the 2 s timeout, and well before the 600 s that __spawn sleeps by itself.
        assertThat(ms).isBetween(1900L, 300_000L);
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
        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
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
        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
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
        assertThat(worker.onExit()).as("the worker's exit").succeedsWithin(HANG);
    }

    @Test
    void run_withSandboxOff_workerRunsUnwrapped() {
        session.close();
        RunnerConfig d = RunnerConfig.defaults(root);
        session =
                TestSessions.open(
                        new RunnerConfig(
                                root,
                                d.defaultTimeoutSeconds(),
                                d.outputCapBytes(),
                                SandboxMode.OFF,
                                List.of(),
                                false,
                                null));
        RunOutcome outcome = run("cat a.txt", null);
        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.sandboxLayer()).startsWith("none");
        assertThat(session.currentWorker().handle().info().command().orElse("")).endsWith("java");
    }

    @Test
    void run_whereBubblewrapWorks_workerRunsInsideIt() {
        org.junit.jupiter.api.Assumptions.assumeTrue(
                dev.csl.runner.sandbox.Sandbox.forMode(SandboxMode.AUTO).active(),
                "no working sandbox on this machine");
        RunOutcome outcome = run("cat a.txt", null);
        assertThat(outcome.sandboxLayer()).isEqualTo("bubblewrap");
        assertThat(session.currentWorker().handle().info().command().orElse("")).endsWith("bwrap");
        assertThat(run("touch new.txt", null).ok()).isTrue();
    }

    @Test
    void pooled_secondApplyInTheSameDirectory_getsAWorkerStartedBeforeIt() throws Exception {
        try (WorkerPool pool = new WorkerPool(1, TestSessions.LAUNCHER)) {
            try (RunSession first = pool.open(RunnerConfig.defaults(root))) {
                assertThat(first.run(TestSessions.request("cat a.txt")).ok()).isTrue();
            }
            long deadline = System.nanoTime() + HANG.toNanos();
            while (pool.idleCount() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(pool.idleCount()).isEqualTo(1);
            java.time.Instant opened = java.time.Instant.now();
            try (RunSession second = pool.open(RunnerConfig.defaults(root))) {
                RunOutcome outcome = second.run(TestSessions.request("cat a.txt"));
                assertThat(outcome.commands().get(0).stdout()).isEqualTo("a\n");
                ProcessHandle worker = ((StandardRunSession) second).currentWorker().handle();
                assertThat(worker.info().startInstant().orElseThrow()).isBefore(opened);
            }
        }
    }

    @Test
    void pooled_tenSequentialAppliesInOneDirectory_reuseOneWorkerJvm() throws Exception {
        java.util.Set<Long> pids = new java.util.HashSet<>();
        try (WorkerPool pool = new WorkerPool(2, TestSessions.LAUNCHER)) {
            for (int i = 0; i < 10; i++) {
                try (RunSession s = pool.open(RunnerConfig.defaults(root), TestSessions.TABLE)) {
                    RunOutcome outcome = s.run(TestSessions.request("cat a.txt"));
                    assertThat(outcome.commands().get(0).stdout()).isEqualTo("a\n");
                    pids.add(((StandardRunSession) s).currentWorker().handle().pid());
                }
            }
        }
        assertThat(pids).hasSize(1);
    }

    @Test
    void pooled_workerThatCrashed_neverHandedToTheNextApply() throws Exception {
        try (WorkerPool pool = new WorkerPool(2, TestSessions.LAUNCHER)) {
            long crashed;
            try (RunSession s = pool.open(RunnerConfig.defaults(root), TestSessions.TABLE)) {
                assertThat(s.run(TestSessions.request("cat a.txt")).ok()).isTrue();
                crashed = ((StandardRunSession) s).currentWorker().handle().pid();
                assertThat(s.run(TestSessions.request("__crash")).ok()).isFalse();
            }
            try (RunSession s = pool.open(RunnerConfig.defaults(root), TestSessions.TABLE)) {
                RunOutcome outcome = s.run(TestSessions.request("cat a.txt"));

                assertThat(outcome.ok()).isTrue();
                assertThat(((StandardRunSession) s).currentWorker().handle().pid())
                        .isNotEqualTo(crashed);
            }
        }
    }

    @Test
    void pooled_otherDirectory_neverGetsThisDirectorysWorker() throws Exception {
        Path other = Files.createDirectories(root.resolveSibling(root.getFileName() + "-other"));
        Files.writeString(other.resolve("a.txt"), "other\n");
        try (WorkerPool pool = new WorkerPool(2, TestSessions.LAUNCHER)) {
            long first;
            try (RunSession s = pool.open(RunnerConfig.defaults(root), TestSessions.TABLE)) {
                s.run(TestSessions.request("cat a.txt"));
                first = ((StandardRunSession) s).currentWorker().handle().pid();
            }
            try (RunSession s = pool.open(RunnerConfig.defaults(other), TestSessions.TABLE)) {
                RunOutcome outcome = s.run(TestSessions.request("cat a.txt"));

                assertThat(outcome.commands().get(0).stdout()).isEqualTo("other\n");
                assertThat(((StandardRunSession) s).currentWorker().handle().pid())
                        .isNotEqualTo(first);
            }
        }
    }
}
