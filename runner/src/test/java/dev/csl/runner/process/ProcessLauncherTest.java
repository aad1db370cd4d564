package dev.csl.runner.process;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.CommandOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessLauncherTest {
    /** Only a hang waits this long; a busy machine is slow, never this slow. */
    private static final int HANG_SECONDS = 300;

    @TempDir Path dir;

    private final ProcessLauncher launcher = new ProcessLauncher(1024 * 1024);

    @Test
    void run_successfulCommand_capturesOutputAndExitZero() {
        CommandOutcome outcome = launcher.run("echo hi", List.of("echo", "hi"), dir, 10);

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.result().stdout()).isEqualTo("hi\n");
        assertThat(outcome.result().exitCode()).isZero();
        assertThat(outcome.result().command()).isEqualTo("echo hi");
    }

    @Test
    void run_runsInGivenDirectoryWithoutShell() {
        CommandOutcome outcome =
                launcher.run("x", List.of("sh", "-c", "pwd; echo $0 '*'"), dir, 10);
        CommandOutcome literal = launcher.run("echo", List.of("echo", "$HOME", "*", "|"), dir, 10);

        assertThat(outcome.result().stdout()).startsWith(dir.toString() + "\n");
        assertThat(literal.result().stdout()).isEqualTo("$HOME * |\n");
    }

    @Test
    void run_nonZeroExit_isCommandFailedWithExitCode() {
        CommandOutcome outcome =
                launcher.run("sh", List.of("sh", "-c", "echo bad >&2; exit 3"), dir, 10);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
        assertThat(outcome.failure().details()).containsEntry("exitCode", 3);
        assertThat(outcome.result().exitCode()).isEqualTo(3);
        assertThat(outcome.result().stderr()).isEqualTo("bad\n");
    }

    @Test
    void run_missingProgram_isCommandNotFound() {
        CommandOutcome outcome =
                launcher.run("no-such-program-csl", List.of("no-such-program-csl"), dir, 10);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_NOT_FOUND);
        assertThat(ProcessLauncher.findProgram("no-such-program-csl", dir)).isEmpty();
        assertThat(ProcessLauncher.findProgram("sh", dir)).isPresent();
    }

    @Test
    void run_directoryGone_isIoErrorNotNotFound() {
        CommandOutcome outcome = launcher.run("true", List.of("true"), dir.resolve("missing"), 10);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(outcome.failure().message()).startsWith("'true' could not be started: ");
    }

    @Test
    void run_stdinIsClosed_readerSeesEndOfInputAtOnce() {
        // With its input left open, cat would run into the timeout instead.
        CommandOutcome outcome = launcher.run("cat", List.of("cat"), dir, HANG_SECONDS);

        assertThat(outcome.ok()).as(String.valueOf(outcome.failure())).isTrue();
        assertThat(outcome.result().stdout()).isEmpty();
    }

    @Test
    void run_withStdinText_childReadsItThenEnd() {
        CommandOutcome outcome = launcher.run("cat", List.of("cat"), dir, 10, "line\n".getBytes());

        assertThat(outcome.result().stdout()).isEqualTo("line\n");
    }

    @Test
    void run_endlessCommandWithChildren_timeoutKillsWholeTree() throws Exception {
        Path pidFile = dir.resolve("pid");
        CommandOutcome outcome =
                launcher.run(
                        "sleeper",
                        List.of("sh", "-c", "sleep 300 & echo $! > pid; sleep 300"),
                        dir,
                        1);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(outcome.failure().message()).contains("within 1 s");
        assertThat(outcome.result().exitCode()).isEqualTo(-1);
        long grandchild = Long.parseLong(Files.readString(pidFile).strip());
        long deadline = System.currentTimeMillis() + HANG_SECONDS * 1000L;
        while (ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false)
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(20);
        }
        assertThat(ProcessHandle.of(grandchild).map(ProcessHandle::isAlive).orElse(false))
                .as("background sleep started by the command")
                .isFalse();
    }

    @Test
    void run_outputBeyondCap_isCutAndMarked() {
        ProcessLauncher small = new ProcessLauncher(1000);

        CommandOutcome outcome =
                small.run("yes", List.of("sh", "-c", "yes | head -c 100000"), dir, 10);

        assertThat(outcome.ok()).isTrue();
        assertThat(outcome.result().stdout())
                .startsWith("y\ny\n")
                .contains("[csl: output cut at 1000 bytes; 99000 more bytes dropped]");
        assertThat(outcome.result().stdout().length()).isLessThan(1100);
    }

    @Test
    void run_allocationBeyondMemoryCap_fails() {
        ProcessLauncher capped = new ProcessLauncher(1024 * 1024, 256L << 20);
        org.junit.jupiter.api.Assumptions.assumeTrue(
                capped.memoryCapped(), "prlimit (util-linux) is not installed");

        CommandOutcome outcome =
                capped.run(
                        "node",
                        List.of("node", "-e", "Buffer.alloc(512 * 1024 * 1024, 1)"),
                        dir,
                        20);

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
        assertThat(outcome.result().stderr()).contains("allocation failed");
    }

    @Test
    void run_withListener_seesEachLineWhileTheCommandStillRuns() throws Exception {
        java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CountDownLatch first = new java.util.concurrent.CountDownLatch(1);
        ProcessLauncher live =
                new ProcessLauncher(
                        1024 * 1024,
                        0,
                        (command, stderr, line) -> {
                            seen.add(command + (stderr ? " err: " : " out: ") + line);
                            first.countDown();
                        });
        java.util.concurrent.CompletableFuture<CommandOutcome> run =
                java.util.concurrent.CompletableFuture.supplyAsync(
                        () ->
                                live.run(
                                        "talk",
                                        List.of(
                                                "sh",
                                                "-c",
                                                // waits for the test's go, however slow
                                                "echo first; while [ ! -e go ]; do sleep 0.05;"
                                                        + " done; echo oops >&2; printf 'last'"),
                                        dir,
                                        HANG_SECONDS));

        assertThat(first.await(HANG_SECONDS, java.util.concurrent.TimeUnit.SECONDS))
                .as("the first line, within " + HANG_SECONDS + " s")
                .isTrue();
        assertThat(run).as("the first line arrives before the command ends").isNotDone();
        Files.writeString(dir.resolve("go"), "");
        CommandOutcome outcome = run.get();
        // Two pipes, two reader threads: the order within a stream holds, not across streams.
        assertThat(seen)
                .containsExactlyInAnyOrder("talk out: first", "talk err: oops", "talk out: last");
        assertThat(seen.stream().filter(l -> l.contains(" out: ")))
                .containsExactly("talk out: first", "talk out: last");
        assertThat(outcome.result().stdout()).isEqualTo("first\nlast");
    }

    @Test
    void run_withListenerAndCap_listenerStillSeesEveryLine() {
        java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
        ProcessLauncher small = new ProcessLauncher(10, 0, (c, e, line) -> seen.add(line));

        CommandOutcome outcome = small.run("seq", List.of("seq", "1", "100"), dir, 10);

        assertThat(seen).hasSize(100).startsWith("1").endsWith("100");
        assertThat(outcome.result().stdout()).contains("output cut at 10 bytes");
    }

    @Test
    void run_commandThatDetachesWithSetsidOrADoubleFork_leavesNoProcessBehind() {
        String setsid = "297.0" + ProcessHandle.current().pid();
        String doubleFork = "298.0" + ProcessHandle.current().pid();
        try {
            CommandOutcome outcome =
                    launcher.run(
                            "detach",
                            List.of(
                                    "sh",
                                    "-c",
                                    "setsid sleep "
                                            + setsid
                                            + " >/dev/null 2>&1 </dev/null &"
                                            + " (sleep "
                                            + doubleFork
                                            + " >/dev/null 2>&1 </dev/null &); exit 0"),
                            dir,
                            10);

            assertThat(outcome.ok()).isTrue();
            assertThat(RunningProcesses.withArgument(setsid))
                    .as("setsid child outlived the command")
                    .isEmpty();
            assertThat(RunningProcesses.withArgument(doubleFork))
                    .as("double-forked child outlived it")
                    .isEmpty();
        } finally {
            RunningProcesses.withArgument(setsid).forEach(ProcessHandle::destroyForcibly);
            RunningProcesses.withArgument(doubleFork).forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    void run_timeoutOfACommandThatDetached_leavesNoProcessBehind() {
        String seconds = "296.0" + ProcessHandle.current().pid();
        try {
            CommandOutcome outcome =
                    launcher.run(
                            "detach then hang",
                            List.of(
                                    "sh",
                                    "-c",
                                    "(setsid sleep "
                                            + seconds
                                            + " >/dev/null 2>&1 </dev/null &); sleep 60"),
                            dir,
                            1);

            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.TIMEOUT);
            assertThat(RunningProcesses.withArgument(seconds)).isEmpty();
        } finally {
            RunningProcesses.withArgument(seconds).forEach(ProcessHandle::destroyForcibly);
        }
    }
}
