package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.approval.Devcontainer;
import dev.csl.runner.approval.DevcontainerTrust;
import dev.csl.runner.approval.ProjectTrust;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.sandbox.ContainerRuntime;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The container layer with real containers: Podman runs each approved command in a fresh container
 * whose root file system is the host's own {@code /} through an overlay ({@code --rootfs /:O}, so
 * no image download is needed), and the container shows of the host only the project. The project
 * lies under /tmp, which the container replaces with a fresh tmpfs: a sibling directory there is
 * the "outside" it must not see. Skipped, with the reason, where no runtime works.
 */
class ContainerLayerTest {
    @TempDir Path tmp;
    private Path root;
    private Path outside;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(tmp.resolve("proj")).toRealPath();
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "OUTSIDE-SECRET\n");
        Files.createDirectories(root.resolve(".git"));
        Files.createDirectories(root.resolve("lib/.git"));
        Files.writeString(root.resolve("notes.txt"), "hi\n");
    }

    private static void assumePodman() {
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        assumeTrue(runtime.works(), runtime.why());
        assumeTrue(runtime.name().equals("podman"), "a root file system needs podman");
    }

    private void useContainer(String setting) throws IOException {
        Files.createDirectories(root.resolve(".csl"));
        Files.writeString(
                root.resolve(".csl/commands.json"),
                "{\"allowed\": [\"sh *\", \"sleep *\"], \"container\": " + setting + "}\n");
        ProjectTrust.trustAsWritten(root);
    }

    private RunOutcome run(SandboxMode mode, String block) throws IOException {
        RunnerConfig config = new RunnerConfig(root, 30, 1 << 20, mode, List.of(), false, null);
        try (StandardRunSession session = TestSessions.open(config)) {
            return session.run(new RunRequest(block, null, null, null, ChangeRecorder.NONE));
        }
    }

    private RunOutcome run(String block) throws IOException {
        return run(SandboxMode.CONTAINER, block);
    }

    @Test
    void command_inContainer_writesTheProjectAsTheUserAndNothingElse() throws Exception {
        assumePodman();
        useContainer("{\"rootfs\": \"/\"}");

        RunOutcome outcome =
                run(
                        "sh -c 'echo made > made.txt; id -u; pwd; touch /x 2>&1; touch .git/x 2>&1;"
                                + " touch lib/.git/x 2>&1; cat ../outside/secret.txt 2>&1;"
                                + " ls /sys/class/net'");

        assertThat(outcome.ok()).as(String.valueOf(outcome.failure())).isTrue();
        String out = outcome.commands().get(0).stdout();
        Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        assertThat(out).startsWith(uid + "\n" + root + "\n");
        assertThat(root.resolve("made.txt")).hasContent("made");
        assertThat(Files.getAttribute(root.resolve("made.txt"), "unix:uid")).isEqualTo(uid);
        assertThat(out).contains("touch: cannot touch '/x': Read-only file system");
        assertThat(out).contains("touch: cannot touch '.git/x': Read-only file system");
        assertThat(out).contains("touch: cannot touch 'lib/.git/x': Read-only file system");
        assertThat(out).doesNotContain("OUTSIDE-SECRET").contains("No such file or directory");
        assertThat(out).endsWith("lo\n"); // the loopback interface alone: no network
        assertThat(root.resolve(".git/x")).doesNotExist();
        assertThat(outcome.sandboxLayer())
                .startsWith("container: podman ")
                .endsWith(", root file system /");
    }

    @Test
    void builtins_underContainer_runOnTheHostWorker() throws Exception {
        assumePodman();
        useContainer("{\"rootfs\": \"/\"}");

        RunOutcome outcome = run("cat notes.txt");

        assertThat(outcome.ok()).as(String.valueOf(outcome.failure())).isTrue();
        assertThat(outcome.commands().get(0).stdout()).isEqualTo("hi\n");
    }

    @Test
    void timeout_underContainer_killedAndNoContainerLeft() throws Exception {
        assumePodman();
        useContainer("{\"rootfs\": \"/\"}");
        RunnerConfig config =
                new RunnerConfig(root, 2, 1 << 20, SandboxMode.CONTAINER, List.of(), false, null);

        RunOutcome outcome;
        try (StandardRunSession session = TestSessions.open(config)) {
            outcome =
                    session.run(new RunRequest("sleep 120", null, null, null, ChangeRecorder.NONE));
        }

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.TIMEOUT);
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        Process ps =
                new ProcessBuilder(
                                runtime.program().toString(),
                                "ps",
                                "--all",
                                "--format",
                                "{{.Names}}",
                                "--filter",
                                "name=csl-" + ProcessHandle.current().pid() + "-")
                        .redirectErrorStream(true)
                        .start();
        String left = new String(ps.getInputStream().readAllBytes()).strip();
        ps.waitFor();
        assertThat(left).as("containers left").isEmpty();
    }

    private static String containersOfThisProcess() throws IOException, InterruptedException {
        return containersNamed("csl-" + ProcessHandle.current().pid() + "-");
    }

    private static String containersNamed(String prefix) throws IOException, InterruptedException {
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        Process ps =
                new ProcessBuilder(
                                runtime.program().toString(),
                                "ps",
                                "--all",
                                "--format",
                                "{{.Names}}",
                                "--filter",
                                "name=" + prefix)
                        .redirectErrorStream(true)
                        .start();
        String names = new String(ps.getInputStream().readAllBytes()).strip();
        ps.waitFor();
        return names;
    }

    private static RunRequest request(String block) {
        return new RunRequest(block, null, null, null, ChangeRecorder.NONE);
    }

    @Test
    void commandsOfOneApply_shareOneWarmContainer_clearedBetween_removedAtTheEnd()
            throws Exception {
        assumePodman();
        useContainer("{\"rootfs\": \"/\"}");
        RunnerConfig config =
                new RunnerConfig(root, 30, 1 << 20, SandboxMode.CONTAINER, List.of(), false, null);

        RunOutcome first;
        RunOutcome second;
        String during;
        try (StandardRunSession session = TestSessions.open(config)) {
            first =
                    session.run(
                            request(
                                    "sh -c 'cat /proc/sys/kernel/hostname; echo x > /tmp/left;"
                                            + " setsid env -i sleep 300 & echo $! > sleep.pid'"));
            second =
                    session.run(
                            request(
                                    "sh -c 'cat /proc/sys/kernel/hostname; ls /tmp/left 2>&1;"
                                            + " test -e /proc/$(cat sleep.pid) && echo alive;"
                                            + " echo done'"));
            during = containersOfThisProcess();
        }

        assertThat(first.ok()).as(String.valueOf(first.failure())).isTrue();
        assertThat(second.ok()).as(String.valueOf(second.failure())).isTrue();
        String host = first.commands().get(0).stdout().lines().findFirst().orElseThrow();
        // the same container: its host name is its id
        assertThat(second.commands().get(0).stdout())
                .isEqualTo(
                        host
                                + "\nls: cannot access '/tmp/left': No such file or directory\ndone\n");
        assertThat(during).isNotEmpty();
        assertThat(containersOfThisProcess()).as("containers left").isEmpty();
    }

    @Test
    void timedOutCommand_inWarmContainer_killedWithItsGroup_theNextRunsInTheSameContainer()
            throws Exception {
        assumePodman();
        useContainer("{\"rootfs\": \"/\"}");
        RunnerConfig config =
                new RunnerConfig(root, 30, 1 << 20, SandboxMode.CONTAINER, List.of(), false, null);

        RunOutcome first;
        RunOutcome timedOut;
        RunOutcome next;
        try (StandardRunSession session = TestSessions.open(config)) {
            first = session.run(request("sh -c 'cat /proc/sys/kernel/hostname'"));
            timedOut =
                    session.run(
                            new RunRequest(
                                    "sh -c 'sleep 300 & echo $! > child.pid; wait'",
                                    null,
                                    null,
                                    2,
                                    ChangeRecorder.NONE));
            next =
                    session.run(
                            request(
                                    "sh -c 'cat /proc/sys/kernel/hostname;"
                                            + " test -e /proc/$(cat child.pid) && echo alive;"
                                            + " echo done'"));
        }

        assertThat(timedOut.failure().code()).isEqualTo(ErrorCode.TIMEOUT);
        assertThat(next.ok()).as(String.valueOf(next.failure())).isTrue();
        assertThat(next.commands().get(0).stdout())
                .isEqualTo(first.commands().get(0).stdout() + "done\n");
        assertThat(containersOfThisProcess()).as("containers left").isEmpty();
    }

    @Test
    void failingCommand_inWarmContainer_reportedAndTheContainerRemoved() throws Exception {
        assumePodman();
        useContainer("{\"rootfs\": \"/\"}");

        RunOutcome outcome = run("sh -c 'echo no >&2; exit 3'");

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
        assertThat(outcome.commands().get(0).exitCode()).isEqualTo(3);
        assertThat(outcome.commands().get(0).stderr()).isEqualTo("no\n");
        assertThat(containersOfThisProcess()).as("containers left").isEmpty();
    }

    @Test
    void newNestedRepository_betweenCommands_mountedReadOnlyForTheNext() throws Exception {
        assumePodman();
        useContainer("{\"rootfs\": \"/\"}");
        RunnerConfig config =
                new RunnerConfig(root, 30, 1 << 20, SandboxMode.CONTAINER, List.of(), false, null);

        RunOutcome second;
        try (StandardRunSession session = TestSessions.open(config)) {
            session.run(request("sh -c true"));
            Files.createDirectories(root.resolve("sub/.git"));
            second = session.run(request("sh -c 'touch sub/.git/x 2>&1; true'"));
        }

        assertThat(second.commands().get(0).stdout()).contains("Read-only file system");
        assertThat(root.resolve("sub/.git/x")).doesNotExist();
    }

    @Test
    void containerOfAKilledCsl_removedByTheNext() throws Exception {
        assumePodman();
        useContainer("{\"rootfs\": \"/\"}");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        String orphan = "csl-" + gone.pid() + "-1";
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        List<String> start = new java.util.ArrayList<>(runtime.client());
        start.addAll(
                List.of(
                        "run",
                        "--detach",
                        "--rm",
                        "--name",
                        orphan,
                        "--network",
                        "none",
                        "--read-only",
                        "--read-only-tmpfs=false",
                        "--ulimit",
                        "nofile=1024:1024",
                        "--ulimit",
                        "nproc=512:512",
                        "--log-driver",
                        "none",
                        "--rootfs",
                        "/:O",
                        "sleep",
                        "300"));
        Process started = new ProcessBuilder(start).redirectErrorStream(true).start();
        String startOutput = new String(started.getInputStream().readAllBytes());
        assertThat(started.waitFor()).as(startOutput).isZero();

        run("sh -c true");

        // the sweep runs beside the apply
        for (int i = 0; i < 300 && !containersNamed(orphan).isEmpty(); i++) {
            Thread.sleep(100);
        }
        assertThat(containersNamed(orphan)).isEmpty();
    }

    private void devcontainer(String image) throws IOException {
        Files.createDirectories(root.resolve(".devcontainer"));
        Files.writeString(
                root.resolve(Devcontainer.RELATIVE_PATH),
                "// cloned with the repository\n{\"image\": \"" + image + "\"}\n");
    }

    private void trustDevcontainer() throws IOException {
        DevcontainerTrust.of(root).trust(Devcontainer.load(root).sha256());
    }

    @Test
    void clonedDevcontainer_choosesNoImage_refusedNamingHowToTrustIt() throws Exception {
        assumeTrue(ContainerRuntime.machine(null).works(), ContainerRuntime.machine(null).why());
        devcontainer("localhost/csl-attacker:1");

        RunOutcome outcome = run("sh -c true");

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
        assertThat(outcome.failure().message())
                .contains(
                        "no image is named: .devcontainer/devcontainer.json names the image"
                                + " localhost/csl-attacker:1, but csl has no record that you"
                                + " reviewed it")
                .doesNotContain("is not on this machine");
        assertThat(outcome.failure().hint()).contains("csl trust --devcontainer");
    }

    @Test
    void trustedDevcontainer_itsImageUsed() throws Exception {
        assumeTrue(ContainerRuntime.machine(null).works(), ContainerRuntime.machine(null).why());
        devcontainer("localhost/csl-no-such-image:2");
        trustDevcontainer();

        RunOutcome outcome = run("sh -c true");

        // the image is the one chosen: the runtime is asked for it (and has none of that name)
        assertThat(outcome.failure().message())
                .contains("'localhost/csl-no-such-image:2' is not on this machine");
    }

    @Test
    void devcontainerChangedAfterTrust_ignoredSayingSo() throws Exception {
        assumeTrue(ContainerRuntime.machine(null).works(), ContainerRuntime.machine(null).why());
        devcontainer("localhost/csl-no-such-image:2");
        trustDevcontainer();
        devcontainer("localhost/csl-attacker:1");

        RunOutcome outcome = run("sh -c true");

        assertThat(outcome.failure().message())
                .contains("names the image localhost/csl-attacker:1, but it changed since you")
                .doesNotContain("is not on this machine");
    }

    @Test
    void trustedDevcontainer_underAuto_choosesNoLayer() throws Exception {
        devcontainer("localhost/csl-no-such-image:2");
        trustDevcontainer();

        RunOutcome auto = run(SandboxMode.AUTO, "cat notes.txt");

        assertThat(auto.ok()).as(String.valueOf(auto.failure())).isTrue();
        assertThat(auto.sandboxLayer()).doesNotStartWith("container");
    }

    @Test
    void commandsJsonImage_winsOverTheDevcontainers() throws Exception {
        assumePodman();
        devcontainer("localhost/csl-no-such-image:2");
        trustDevcontainer();
        useContainer("{\"rootfs\": \"/\"}");

        RunOutcome outcome = run("sh -c 'echo in'");

        assertThat(outcome.ok()).as(String.valueOf(outcome.failure())).isTrue();
        assertThat(outcome.sandboxLayer()).endsWith(", root file system /");
    }

    @Test
    void missingImage_refusedNamingThePull() throws Exception {
        assumeTrue(ContainerRuntime.machine(null).works(), ContainerRuntime.machine(null).why());
        useContainer("{\"image\": \"localhost/csl-no-such-image:1\"}");

        RunOutcome outcome = run("sh -c true");

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
        assertThat(outcome.failure().message())
                .contains("'localhost/csl-no-such-image:1' is not on this machine");
        assertThat(outcome.failure().hint()).contains("pull localhost/csl-no-such-image:1");
    }

    @Test
    void untrustedSetting_namesNoImage_andAutoIgnoresIt() throws Exception {
        Files.createDirectories(root.resolve(".csl"));
        Files.writeString(
                root.resolve(".csl/commands.json"), "{\"container\": {\"rootfs\": \"/\"}}\n");

        RunOutcome asked = run("cat notes.txt");
        RunOutcome auto = run(SandboxMode.AUTO, "cat notes.txt");

        assertThat(asked.failure().code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
        assertThat(asked.failure().message()).contains("the container layer was asked for, but");
        assertThat(auto.ok()).as(String.valueOf(auto.failure())).isTrue();
        assertThat(auto.sandboxLayer()).doesNotStartWith("container");
    }

    @Test
    void forcedLayer_inProcess_choosesTheContainer() throws Exception {
        assumePodman();
        useContainer("{\"rootfs\": \"/\"}");
        RunnerConfig config = RunnerConfig.defaults(root).withLayer(SandboxLayer.CONTAINER);

        RunOutcome outcome;
        try (StandardRunSession session = TestSessions.open(config)) {
            outcome =
                    session.run(
                            new RunRequest(
                                    "sh -c 'echo in'", null, null, null, ChangeRecorder.NONE));
        }

        assertThat(outcome.ok()).as(String.valueOf(outcome.failure())).isTrue();
        assertThat(outcome.sandboxLayer()).startsWith("container: podman");
    }

    @Test
    void node_inContainer_runsTheImagesNodeWithThePreload() throws Exception {
        assumePodman();
        assumeTrue(dev.csl.runner.process.ProcessLauncher.findOnPath("node").isPresent());
        useContainer("{\"rootfs\": \"/\"}");
        RunnerConfig config =
                new RunnerConfig(root, 30, 1 << 20, SandboxMode.CONTAINER, List.of(), false, null);

        RunOutcome outcome;
        try (StandardRunSession session = TestSessions.open(config)) {
            outcome =
                    session.run(
                            new RunRequest(
                                    "require('fs').writeFileSync('n.txt', 'node');"
                                            + " require('fs').writeFileSync('.git/x', 'no')",
                                    null,
                                    "node",
                                    null,
                                    ChangeRecorder.NONE));
        }

        assertThat(root.resolve("n.txt")).hasContent("node");
        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(root.resolve(".git/x")).doesNotExist();
        assertThat(outcome.sandboxLayer()).startsWith("container: podman");
    }

    @Test
    void node_imageWithoutNode_nodeUnavailableNamingTheContainer() throws Exception {
        assumePodman();
        Path empty = Files.createDirectories(tmp.resolve("empty-rootfs"));
        useContainer("{\"rootfs\": \"" + empty + "\"}");
        RunnerConfig config =
                new RunnerConfig(root, 30, 1 << 20, SandboxMode.CONTAINER, List.of(), false, null);

        RunOutcome outcome;
        try (StandardRunSession session = TestSessions.open(config)) {
            outcome =
                    session.run(
                            new RunRequest(
                                    "console.log(1)", null, "node", null, ChangeRecorder.NONE));
        }

        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.NODE_UNAVAILABLE);
        assertThat(outcome.failure().message())
                .contains("the container (container: podman")
                .contains("has no node that runs");
    }
}
