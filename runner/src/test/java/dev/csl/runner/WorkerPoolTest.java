package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.runner.base.CallContext;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.sandbox.LandlockProbe;
import dev.csl.runner.sandbox.SandboxProbe;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The pool of warm workers that {@code csl serve} and the resident process keep: real worker JVMs,
 * handed only to a session that would have started the same one (project, sandbox view, settings,
 * the caller's environment), retired when a project's settings change, when unused, and beyond the
 * pool's size.
 */
class WorkerPoolTest {
    /** Only a hang waits this long; a busy machine is slow, never this slow. */
    private static final Duration HANG = Duration.ofMinutes(5);

    /** Real workers without the test sessions' fixed time zone: the caller's TZ decides it. */
    private static final WorkerLauncher LAUNCHER =
            new WorkerLauncher(List.of("-Dcsl.worker.selftest=true"));

    private Path base;

    @AfterEach
    void tearDown() throws IOException {
        if (base == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** A project under target/, not /tmp: the layers treat a project under /tmp specially. */
    private Path project(String name) throws IOException {
        if (base == null) {
            Files.createDirectories(Path.of("target"));
            base = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "pool-");
        }
        Path root = Files.createDirectories(base.resolve(name));
        Files.writeString(root.resolve("a.txt"), name + "\n");
        Files.setLastModifiedTime(
                root.resolve("a.txt"), FileTime.from(Instant.parse("2020-01-01T00:00:00Z")));
        return root.toRealPath();
    }

    private static void assumeWorks(SandboxLayer layer) {
        switch (layer) {
            case BUBBLEWRAP ->
                    assumeTrue(SandboxProbe.machine().works(), SandboxProbe.machine().why());
            case LANDLOCK ->
                    assumeTrue(LandlockProbe.machine().works(), LandlockProbe.machine().why());
            default -> {}
        }
    }

    private static RunnerConfig config(Path root, SandboxLayer layer, String tz) {
        CallContext call =
                new CallContext(
                        root,
                        Map.of("PATH", "/usr/bin:/bin", "TZ", tz),
                        null,
                        InputStream.nullInputStream(),
                        new PrintStream(OutputStream.nullOutputStream()),
                        new PrintStream(OutputStream.nullOutputStream()),
                        () -> CallContext.Terminal.NONE);
        return new RunnerConfig(
                root, 30, 1 << 20, SandboxMode.AUTO, List.of(), false, null, null, layer, call);
    }

    /** One apply of {@code content}: its outcome and the pid of the worker that ran it. */
    private record Applied(RunOutcome outcome, long pid) {
        String stdout() {
            return outcome.commands().get(0).stdout();
        }
    }

    private static Applied apply(WorkerPool pool, RunnerConfig config, String content) {
        try (RunSession s = pool.open(config, TestSessions.TABLE)) {
            RunOutcome outcome = s.run(TestSessions.request(content));
            WorkerProcess w = ((StandardRunSession) s).currentWorker();
            return new Applied(outcome, w == null ? -1 : w.pid());
        }
    }

    private static void awaitExit(long pid) {
        ProcessHandle.of(pid)
                .ifPresent(
                        h ->
                                assertThat(h.onExit())
                                        .as("worker %s exits", pid)
                                        .succeedsWithin(HANG));
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void callerInterruptedWhileItsWorkerStarts_theWorkerIsStopped_notLeftToOutliveThePool(
            SandboxLayer layer) throws Exception {
        assumeWorks(layer);
        Path root = project("p");
        Set<Long> before = descendants();
        try (WorkerPool pool = new WorkerPool(2, null, LAUNCHER)) {
            // a serve request cancelled, a resident call whose client went away: the caller's
            // thread is interrupted while the pool's thread starts its worker
            Thread.currentThread().interrupt();
            try {
                apply(pool, config(root, layer, "UTC"), "cat a.txt");
            } catch (RuntimeException e) {
                // the apply may fail as it likes; what matters is the worker
            } finally {
                Thread.interrupted();
            }

            // with the pool still open, every process the start made ends
            long end = System.nanoTime() + HANG.toNanos();
            Set<Long> left = newDescendants(before);
            while (!left.isEmpty() && System.nanoTime() < end) {
                Thread.sleep(50);
                left = newDescendants(before);
            }
            assertThat(left).as("processes the interrupted start left running").isEmpty();
            assertThat(pool.describe()).contains("0 in use");
        }
    }

    private static Set<Long> descendants() {
        return ProcessHandle.current()
                .descendants()
                .filter(ProcessHandle::isAlive)
                .map(ProcessHandle::pid)
                .collect(Collectors.toSet());
    }

    private static Set<Long> newDescendants(Set<Long> before) {
        Set<Long> now = descendants();
        now.removeAll(before);
        return now;
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void twoApplies_sameProjectAndEnvironment_reuseOneWorker(SandboxLayer layer)
            throws IOException {
        assumeWorks(layer);
        Path root = project("p");
        try (WorkerPool pool = new WorkerPool(2, null, LAUNCHER)) {
            Applied first = apply(pool, config(root, layer, "UTC"), "cat a.txt");
            Applied second = apply(pool, config(root, layer, "UTC"), "cat a.txt");

            assertThat(second.stdout()).isEqualTo("p\n");
            assertThat(second.pid()).isEqualTo(first.pid());
            assertThat(pool.describe()).contains("started 1, reused 1");
        }
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void callersWithOtherTimeZones_eachGetsAWorkerOfItsOwn(SandboxLayer layer) throws IOException {
        assumeWorks(layer);
        Path root = project("p");
        String stat = "stat -c %y a.txt";
        try (WorkerPool pool = new WorkerPool(2, null, LAUNCHER)) {
            Applied utc = apply(pool, config(root, layer, "UTC"), stat);
            Applied kolkata = apply(pool, config(root, layer, "Asia/Kolkata"), stat);
            Applied utcAgain = apply(pool, config(root, layer, "UTC"), stat);

            assertThat(utc.stdout()).isEqualTo("2020-01-01 00:00:00.000000000 +0000\n");
            assertThat(kolkata.stdout()).isEqualTo("2020-01-01 05:30:00.000000000 +0530\n");
            assertThat(kolkata.pid()).isNotEqualTo(utc.pid());
            assertThat(utcAgain.stdout()).isEqualTo(utc.stdout());
            assertThat(utcAgain.pid()).isEqualTo(utc.pid());
        }
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void commandsJsonChanged_theProjectsIdleWorkerIsRetired(SandboxLayer layer) throws IOException {
        assumeWorks(layer);
        Path root = project("p");
        try (WorkerPool pool = new WorkerPool(2, null, LAUNCHER)) {
            Applied before = apply(pool, config(root, layer, "UTC"), "cat a.txt");
            Files.createDirectories(root.resolve(".csl"));
            Files.writeString(root.resolve(".csl/commands.json"), "{\"blocked\": [\"make\"]}\n");

            Applied after = apply(pool, config(root, layer, "UTC"), "cat a.txt");

            assertThat(after.outcome().ok()).isTrue();
            assertThat(after.pid()).isNotEqualTo(before.pid());
            awaitExit(before.pid());
            assertThat(pool.describe()).contains("started 2, reused 0, retired 1");
        }
    }

    @Test
    void appliesAlternatingSandboxOffAndAuto_eachKeepsItsWorker() throws IOException {
        Path root = project("p");
        RunnerConfig auto = config(root, null, "UTC");
        RunnerConfig off =
                new RunnerConfig(
                        root,
                        30,
                        1 << 20,
                        SandboxMode.OFF,
                        List.of(),
                        false,
                        null,
                        null,
                        null,
                        auto.context());
        try (WorkerPool pool = new WorkerPool(2, null, LAUNCHER)) {
            for (int i = 0; i < 2; i++) {
                assertThat(apply(pool, off, "cat a.txt").outcome().ok()).isTrue();
                assertThat(apply(pool, auto, "cat a.txt").outcome().ok()).isTrue();
            }

            assertThat(pool.describe()).contains("started 2, reused 2, retired 0");
        }
    }

    @Test
    void workerUnusedForTheIdleTime_isStopped() throws IOException {
        Path root = project("p");
        try (WorkerPool pool = new WorkerPool(2, Duration.ofMillis(200), LAUNCHER)) {
            Applied applied = apply(pool, config(root, null, "UTC"), "cat a.txt");

            awaitExit(applied.pid());
            assertThat(pool.idleCount()).isZero();
        }
    }

    @Test
    void moreProjectsThanThePoolHolds_leastRecentlyUsedIsStopped() throws IOException {
        Path one = project("one");
        Path two = project("two");
        try (WorkerPool pool = new WorkerPool(1, null, LAUNCHER)) {
            Applied first = apply(pool, config(one, null, "UTC"), "cat a.txt");
            Applied second = apply(pool, config(two, null, "UTC"), "cat a.txt");

            awaitExit(first.pid());
            assertThat(ProcessHandle.of(second.pid()).map(ProcessHandle::isAlive)).contains(true);
            assertThat(pool.idleCount()).isEqualTo(1);
        }
    }

    @Test
    void workerCrashInOneApply_anotherApplyRunningMeanwhileIsUnharmed() throws IOException {
        Path one = project("one");
        Path two = project("two");
        try (WorkerPool pool = new WorkerPool(2, null, LAUNCHER);
                RunSession crashing = pool.open(config(one, null, "UTC"), TestSessions.TABLE);
                RunSession other = pool.open(config(two, null, "UTC"), TestSessions.TABLE)) {
            assertThat(other.run(TestSessions.request("cat a.txt")).ok()).isTrue();
            long otherPid = ((StandardRunSession) other).currentWorker().pid();

            RunOutcome crashed = crashing.run(TestSessions.request("__crash"));
            RunOutcome after = other.run(TestSessions.request("cat a.txt"));

            assertThat(crashed.failure().details()).containsEntry("reason", "worker_crashed");
            assertThat(after.commands().get(0).stdout()).isEqualTo("two\n");
            assertThat(((StandardRunSession) other).currentWorker().pid()).isEqualTo(otherPid);
        }
    }
}
