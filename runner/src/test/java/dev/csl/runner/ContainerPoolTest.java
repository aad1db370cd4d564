package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.runner.approval.ProjectTrust;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.sandbox.ContainerPool;
import dev.csl.runner.sandbox.ContainerRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm containers that {@code csl serve} and the resident process keep between applies, with
 * real containers (Podman, the host's root as the image, as ContainerLayerTest runs it): the next
 * apply of a project runs in the container the last one used, but only one that would have been
 * started the same (project, mounts, settings), one apply at a time, and with nothing of the last
 * apply in it but the project's files (no process, nothing in /tmp, /dev/shm, /dev/mqueue, no
 * System V IPC object); a container a command changed beyond what the clearing undoes is removed
 * instead; idle containers go after the idle time and when the pool closes. Skipped, with the
 * reason, where no runtime works or the exec agent was not built.
 */
class ContainerPoolTest {
    /** Only a hang waits this long; a busy machine is slow, never this slow. */
    private static final Duration HANG = Duration.ofMinutes(2);

    @TempDir Path tmp;
    private Path root;
    private WorkerPool pool;

    @BeforeEach
    void setUp() throws IOException {
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        assumeTrue(runtime.works(), runtime.why());
        assumeTrue(runtime.name().equals("podman"), "a root file system needs podman");
        assumeTrue(ContainerPool.unavailable() == null, ContainerPool.unavailable());
        root = Files.createDirectories(tmp.resolve("proj")).toRealPath();
        Files.createDirectories(root.resolve(".git"));
        useContainer("[\"sh *\"]");
    }

    @AfterEach
    void closePool() {
        if (pool != null) {
            pool.close();
        }
    }

    private void useContainer(String allowed) throws IOException {
        Files.createDirectories(root.resolve(".csl"));
        Files.writeString(
                root.resolve(".csl/commands.json"),
                "{\"allowed\": " + allowed + ", \"container\": {\"rootfs\": \"/\"}}\n");
        ProjectTrust.trustAsWritten(root);
    }

    private WorkerPool pool(Duration idle) {
        pool =
                new WorkerPool(
                        1,
                        null,
                        TestSessions.LAUNCHER,
                        new ContainerPool(ContainerPool.SIZE, idle));
        return pool;
    }

    private RunSession session() {
        RunnerConfig config =
                new RunnerConfig(root, 30, 1 << 20, SandboxMode.CONTAINER, List.of(), false, null);
        return pool.open(config, TestSessions.TABLE);
    }

    /** One apply of {@code block} through the pool; its output. */
    private String apply(String block) {
        try (RunSession session = session()) {
            return output(session.run(TestSessions.request(block)));
        }
    }

    private static String output(RunOutcome outcome) {
        assertThat(outcome.ok()).as(String.valueOf(outcome.failure())).isTrue();
        return outcome.commands().get(0).stdout();
    }

    /** The container's host name, which is its id. */
    private static final String HOST = "sh -c 'cat /proc/sys/kernel/hostname'";

    @Test
    void twoApplies_ofOneProject_runInOneContainer() {
        pool(Duration.ofMinutes(5));

        String first = apply(HOST);
        String second = apply(HOST);

        assertThat(second).isEqualTo(first);
        assertThat(pool.describeContainers())
                .startsWith("1 warm container idle for 1 project")
                .contains("0 in use; started 1, reused 1, retired 0");
    }

    @Test
    void attackerInTheFirstApply_leavesTheSecondNoProcessFileIpcOrEnvironment() {
        pool(Duration.ofMinutes(5));

        String first =
                apply(
                        "sh -c 'cat /proc/sys/kernel/hostname; setsid sleep 300 & echo $! >"
                                + " sleep.pid; nohup sleep 300 >/dev/null 2>&1 & echo left >"
                                + " /tmp/left; mkdir /tmp/d; echo left > /tmp/d/f; echo left >"
                                + " /dev/shm/left; touch /dev/mqueue/left; ipcmk -M 4096 >/dev/null;"
                                + " ipcmk -Q >/dev/null; ipcmk -S 1 >/dev/null; export LEAK=yes;"
                                + " ipcs -m -q -s | grep -c ^0x'");
        String second =
                apply(
                        "sh -c 'cat /proc/sys/kernel/hostname; ls /tmp/left /tmp/d /dev/shm/left"
                                + " /dev/mqueue/left 2>&1 | grep -c \"No such\"; test -e /proc/$(cat"
                                + " sleep.pid) && echo alive; ls /proc | grep -c \"^[0-9]\";"
                                + " ipcs -m -q -s | grep -c ^0x; env | grep -c LEAK; true'");

        String host = first.lines().findFirst().orElseThrow();
        assertThat(first).as("the attack ran").isEqualTo(host + "\n3\n");
        // the same container, and of the first apply nothing but the project's files: the agent,
        // sh, ls and grep alone run (4 processes), no IPC object, no variable
        assertThat(second).isEqualTo(host + "\n4\n4\n0\n0\n");
        assertThat(pool.describeContainers()).contains("started 1, reused 1");
    }

    @Test
    void attackerWhoMakesMoreIpcObjectsThanOneListingHolds_leavesTheSecondApplyNone() {
        pool(Duration.ofMinutes(5));

        // the agent reads the IPC lists 256 ids at a time: 300 queues need a second pass
        String first =
                apply(
                        "sh -c 'cat /proc/sys/kernel/hostname; i=0; while [ $i -lt 300 ]; do ipcmk"
                                + " -Q >/dev/null || exit 9; i=$((i+1)); done; ipcs -q | grep -c"
                                + " ^0x'");
        String second = apply("sh -c 'cat /proc/sys/kernel/hostname; ipcs -q | grep -c ^0x; true'");

        String host = first.lines().findFirst().orElseThrow();
        assertThat(first).as("the attack ran").isEqualTo(host + "\n300\n");
        assertThat(second).isEqualTo(host + "\n0\n");
    }

    @Test
    void commandThatPlantsAFileTheClearingLeaves_itsContainerRemoved_theNextApplyGetsAFreshOne()
            throws Exception {
        pool(Duration.ofMinutes(5));

        String first =
                apply(
                        "sh -c 'cat /proc/sys/kernel/hostname; echo x > /.csl-agent/planted;"
                                + " touch /dev/planted 2>/dev/null; true'");
        String host = first.strip();
        String second = apply(HOST);

        assertThat(second).isNotEqualTo(first);
        assertThat(second).doesNotContain("planted");
        assertThat(containerIds()).noneMatch(id -> id.startsWith(host));
        assertThat(pool.describeContainers()).contains("started 2, reused 0, retired 1");
    }

    @Test
    void concurrentApplies_eachItsOwnContainer_bothKept() {
        pool(Duration.ofMinutes(5));

        String one;
        String other;
        try (RunSession first = session();
                RunSession second = session()) {
            one = output(first.run(TestSessions.request(HOST)));
            other = output(second.run(TestSessions.request(HOST)));
            assertThat(pool.describeContainers()).contains("2 in use");
        }
        String third = apply(HOST);

        assertThat(one).isNotEqualTo(other);
        assertThat(third).isIn(one, other);
        assertThat(pool.describeContainers()).contains("started 2, reused 1, retired 0");
    }

    @Test
    void newRepositoryInTheProject_otherMounts_aNewContainer_theOldRemoved() throws Exception {
        pool(Duration.ofMinutes(5));
        String first = apply(HOST).strip();

        Files.createDirectories(root.resolve("sub/.git"));
        String second = apply("sh -c 'cat /proc/sys/kernel/hostname; touch sub/.git/x 2>&1; true'");

        assertThat(second).doesNotStartWith(first).contains("Read-only file system");
        awaitGone(first);
    }

    @Test
    void projectMadeAgainAtItsPath_aNewContainerShowsTheNewOne() throws Exception {
        pool(Duration.ofMinutes(5));
        String first = apply(HOST).strip();

        try (var paths = Files.walk(root)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
        Files.createDirectories(root.resolve(".git"));
        Files.writeString(root.resolve("new.txt"), "the new project\n");
        useContainer("[\"sh *\"]");
        String second = apply("sh -c 'cat /proc/sys/kernel/hostname; cat new.txt'");

        assertThat(second).doesNotStartWith(first).endsWith("\nthe new project\n");
        awaitGone(first);
    }

    @Test
    void changedSettings_aNewContainer_theOldRemoved() throws Exception {
        pool(Duration.ofMinutes(5));
        String first = apply(HOST).strip();

        useContainer("[\"sh *\", \"true\"]");
        String second = apply(HOST).strip();

        assertThat(second).isNotEqualTo(first);
        awaitGone(first);
        assertThat(pool.describeContainers()).contains("started 2, reused 0, retired 1");
    }

    @Test
    void idleContainer_removedAfterTheIdleTime() throws Exception {
        pool(Duration.ofMillis(300));

        String host = apply(HOST).strip();

        awaitGone(host);
    }

    @Test
    void closingThePool_removesItsContainers() throws Exception {
        pool(Duration.ofMinutes(5));
        String host = apply(HOST).strip();
        assertThat(containerIds()).anyMatch(id -> id.startsWith(host));

        pool.close();

        assertThat(containerIds()).noneMatch(id -> id.startsWith(host));
    }

    private static void awaitGone(String host) throws Exception {
        long end = System.nanoTime() + HANG.toNanos();
        while (System.nanoTime() < end
                && containerIds().stream().anyMatch(id -> id.startsWith(host))) {
            Thread.sleep(100);
        }
        assertThat(containerIds()).noneMatch(id -> id.startsWith(host));
    }

    /** The ids of every container on the machine. */
    private static List<String> containerIds() throws IOException, InterruptedException {
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        List<String> ps = new ArrayList<>(runtime.client());
        ps.addAll(List.of("ps", "--all", "--no-trunc", "--format", "{{.ID}}"));
        Process process = new ProcessBuilder(ps).redirectErrorStream(true).start();
        String ids = new String(process.getInputStream().readAllBytes()).strip();
        assertThat(process.waitFor()).as(ids).isZero();
        return ids.lines().toList();
    }
}
