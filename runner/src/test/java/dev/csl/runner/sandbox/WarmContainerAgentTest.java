package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.approval.ContainerImage;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warm container's exec agent with real containers (Podman, the host's root as the image, as
 * ContainerLayerTest runs it): a command's output, exit status, stdin, directory and environment
 * are those {@code podman exec} gives; a client killed on a timeout leaves nothing running; a
 * command cannot start commands through the agent, and one that removes its socket only sends the
 * next commands through {@code exec}; where the agent cannot start, the container is joined with
 * {@code exec}. Skipped, with the reason, where no runtime works or csl-exec was not built.
 */
class WarmContainerAgentTest {
    @TempDir Path tmp;
    private WarmContainer warm;

    @AfterEach
    void removeContainer() {
        if (warm != null) {
            warm.remove();
        }
    }

    private static ExecAgent agent() {
        ExecAgent agent = ExecAgent.machine();
        assumeTrue(agent.available(), agent.why());
        return agent;
    }

    private static ContainerLayer podman() {
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        assumeTrue(runtime.works(), runtime.why());
        assumeTrue(runtime.name().equals("podman"), "a root file system needs podman");
        return new ContainerLayer(runtime, new ContainerImage(null, Path.of("/")));
    }

    private Path project() throws IOException {
        return Files.createDirectories(tmp.resolve("proj")).toRealPath();
    }

    private WarmContainer start(ExecAgent agent) throws IOException {
        warm =
                WarmContainer.start(
                        podman(), project(), false, List.of(), CommandLimits.DEFAULTS, agent);
        return warm;
    }

    private record Ran(int exit, String out, String err) {}

    /** Runs {@code argv} as the runner does: a minimal environment, {@code extra} added. */
    private static Process launch(List<String> argv, Map<String, String> extra) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(argv);
        builder.environment().clear();
        builder.environment().put("PATH", "/usr/bin:/bin");
        builder.environment().put("LANG", "C.UTF-8");
        builder.environment().putAll(extra);
        return builder.start();
    }

    private static Ran run(List<String> argv, String stdin, Map<String, String> extra)
            throws Exception {
        Process process = launch(argv, extra);
        process.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        var err = process.getErrorStream();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Ran(
                process.exitValue(), out, new String(err.readAllBytes(), StandardCharsets.UTF_8));
    }

    private Ran run(String script) throws Exception {
        return run(warm.exec(List.of("sh", "-c", script), project(), List.of()), "", Map.of());
    }

    @Test
    void command_throughTheAgent_outputStatusStdinAndDirectoryAsExecGivesThem() throws Exception {
        start(agent());
        assertThat(warm.usesAgent()).isTrue();

        List<String> argv =
                warm.exec(
                        List.of("sh", "-c", "pwd; cat; echo err >&2; exit 7"),
                        project(),
                        List.of());
        Ran ran = run(argv, "from stdin\n", Map.of());

        assertThat(argv.get(0)).isEqualTo(ExecAgent.machine().path().toString());
        assertThat(ran.exit()).isEqualTo(7);
        assertThat(ran.out()).isEqualTo(project() + "\nfrom stdin\n");
        assertThat(ran.err()).isEqualTo("err\n");
        assertThat(
                        run(
                                        warm.exec(List.of("no-such-program"), project(), List.of()),
                                        "",
                                        Map.of())
                                .exit())
                .isEqualTo(127);
    }

    @Test
    void environment_throughTheAgent_isTheMinimalOne() throws Exception {
        start(agent());

        Ran ran =
                run(
                        warm.exec(List.of("env"), project(), List.of("LISTED", "HOME")),
                        "",
                        Map.of(
                                "LISTED", "yes",
                                "API_KEY", "secret-key",
                                "HOME", "/root",
                                "TMPDIR", "/var/host-tmp"));

        assertThat(ran.exit()).isZero();
        assertThat(ran.out().lines())
                .contains("LISTED=yes", "LANG=C.UTF-8", "HOME=/tmp", "TMPDIR=/tmp")
                .noneMatch(line -> line.contains("secret-key") || line.contains("/root"));
    }

    @Test
    void clientKilled_onATimeout_nothingOfTheCommandKeepsRunning() throws Exception {
        start(agent());
        Path started = project().resolve("started");
        Process client =
                launch(
                        warm.exec(
                                List.of(
                                        "sh",
                                        "-c",
                                        "setsid sleep 300 & sleep 300 & touch started; wait"),
                                project(),
                                List.of()),
                        Map.of());
        for (int i = 0; i < 1000 && !Files.exists(started); i++) {
            Thread.sleep(10);
        }
        assertThat(started).exists();
        assertThat(processesIn(warm)).isGreaterThan(1);

        client.destroyForcibly().waitFor();

        for (int i = 0; i < 1000 && processesIn(warm) > 1; i++) {
            Thread.sleep(10);
        }
        assertThat(processesIn(warm)).as("processes left besides the agent").isEqualTo(1);
        assertThat(run("echo next").out()).isEqualTo("next\n");
    }

    @Test
    void command_talkingToTheAgent_startsNothing() throws Exception {
        start(agent());
        Path pwned = project().resolve("pwned");

        Ran ran =
                run(
                        ContainerArguments.INIT
                                + " run "
                                + ContainerArguments.AGENT_DIR
                                + "/agent.sock 1 / -- touch "
                                + pwned
                                + "; echo rc=$?");

        assertThat(ran.out()).isEqualTo("rc=125\n");
        assertThat(pwned).doesNotExist();
        assertThat(warm.usesAgent()).isTrue();
    }

    @Test
    void command_replacingTheSocketWithALink_laterCommandsRunThroughExec() throws Exception {
        start(agent());
        Path victim = Files.writeString(tmp.resolve("victim.txt"), "host file");

        Ran ran =
                run(
                        "cd "
                                + ContainerArguments.AGENT_DIR
                                + " && rm agent.sock && ln -s "
                                + victim
                                + " agent.sock && echo done");
        warm.clear();

        assertThat(ran.out()).isEqualTo("done\n");
        assertThat(warm.usesAgent()).isFalse();
        // the host's client itself never follows the link either
        Ran direct =
                run(
                        ExecAgent.machine()
                                .client(
                                        warm.agent().socket(),
                                        warm.init(),
                                        project(),
                                        List.of(),
                                        List.of("true")),
                        "",
                        Map.of());
        assertThat(direct.exit()).isEqualTo(125);
        assertThat(direct.err()).contains("is no socket");
        List<String> argv = warm.exec(List.of("echo", "still runs"), project(), List.of());
        assertThat(argv.get(0)).isNotEqualTo(ExecAgent.machine().path().toString());
        assertThat(run(argv, "", Map.of()).out()).isEqualTo("still runs\n");
        assertThat(victim).hasContent("host file");
    }

    @Test
    void agentWithAnIdleTime_endsItsContainerWhenNoCommandCame() throws Exception {
        ExecAgent agent = agent();
        warm =
                WarmContainer.start(
                        podman().withAgentIdle(java.time.Duration.ofSeconds(1)),
                        project(),
                        false,
                        List.of(),
                        CommandLimits.DEFAULTS,
                        agent);
        assertThat(warm.usesAgent()).isTrue();
        assertThat(run("echo served").out()).isEqualTo("served\n");

        // as when the server that kept it was killed: nobody removes it, it ends by itself
        for (int i = 0; i < 3000 && warm.alive(); i++) {
            Thread.sleep(10);
        }
        assertThat(warm.alive()).isFalse();
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        List<String> ps = new java.util.ArrayList<>(runtime.client());
        ps.addAll(List.of("ps", "--all", "--format", "{{.Names}}"));
        for (int i = 0;
                i < 3000 && ContainerRuntime.Output.of(ps).text().contains(warm.name());
                i++) {
            Thread.sleep(10);
        }
        assertThat(ContainerRuntime.Output.of(ps).text()).doesNotContain(warm.name());
    }

    @Test
    void agentThatCannotStart_containerJoinedWithExec() throws Exception {
        start(new ExecAgent(Path.of("/bin/false"), ""));

        assertThat(warm.usesAgent()).isFalse();
        assertThat(warm.agent()).isNull();
        List<String> argv = warm.exec(List.of("echo", "via exec"), project(), List.of());
        assertThat(run(argv, "", Map.of())).isEqualTo(new Ran(0, "via exec\n", ""));
    }

    @Test
    void client_aListenerThatIsNotTheInit_isRefusedAndSentNothing() throws Exception {
        ExecAgent agent = agent();
        Path socket = tmp.resolve("s.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socket));
            // this JVM listens; the client expects pid 1 (no container's init on the host)
            Process client =
                    launch(agent.client(socket, 1, tmp, List.of(), List.of("true")), Map.of());
            try (SocketChannel accepted = server.accept()) {
                Ran ran =
                        new Ran(
                                client.waitFor(),
                                new String(client.getInputStream().readAllBytes()),
                                new String(client.getErrorStream().readAllBytes()));
                assertThat(accepted.read(ByteBuffer.allocate(64))).isEqualTo(-1);
                assertThat(ran.exit()).isEqualTo(125);
                assertThat(ran.err()).contains("is not the warm container's exec agent's");
            }
        }
    }

    /** How many processes run in the container's PID namespace. */
    private static int processesIn(WarmContainer warm) throws IOException {
        Path namespace = Files.readSymbolicLink(Path.of("/proc", warm.init() + "", "ns", "pid"));
        int count = 0;
        try (var entries = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
            for (Path entry : entries) {
                try {
                    if (namespace.equals(Files.readSymbolicLink(entry.resolve("ns/pid")))) {
                        count++;
                    }
                } catch (IOException e) {
                    // gone meanwhile
                }
            }
        }
        return count;
    }
}
