package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The resident process's warm worker JVMs: one per project, sandbox view and caller's environment,
 * reused by the next call and retired when the project's settings change.
 */
class DaemonWorkersTest {
    @TempDir Path tmp;
    private DaemonServer server;
    private DaemonPlace place;
    private Thread serving;
    private Map<String, String> env;

    /** What one call got back. */
    record Reply(boolean declined, String out, String err, int exit) {}

    @BeforeEach
    void start() throws Exception {
        Path jar = Files.writeString(tmp.resolve("csl.jar"), "a build");
        Path dir = tmp.resolve("run");
        Files.createDirectory(
                dir,
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        place = new DaemonPlace(dir, DaemonPlace.hash(jar));
        env = new HashMap<>(System.getenv());
        env.remove("CSL_SANDBOX_LAYER");
        server =
                new DaemonServer(
                        place,
                        jar,
                        Duration.ofMinutes(15),
                        env,
                        new PrintWriter(new StringWriter()));
        serving =
                new Thread(
                        () -> {
                            try {
                                server.serve();
                            } catch (IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                        });
        serving.start();
        // the socket file appears at bind, a moment before the server listens on it
        while (DaemonCommand.ask(place, "status") == null) {
            Thread.sleep(10);
        }
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.stop("test over");
        serving.join();
    }

    private Reply call(Path cwd, int flags, Map<String, String> environment, String... args)
            throws IOException {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(place.socket()));
            DaemonFrames frames = new DaemonFrames(channel);
            List<String> pairs = new ArrayList<>();
            environment.forEach((k, v) -> pairs.add(k + "=" + v));
            frames.write(
                    DaemonFrames.CALL,
                    new DaemonFrames.Call(List.of(args), cwd.toString(), pairs, flags, 0).encode());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            while (true) {
                DaemonFrames.Frame f = frames.read();
                switch (f.type()) {
                    case DaemonFrames.DECLINE:
                        return new Reply(
                                true, "", new String(f.payload(), StandardCharsets.UTF_8), -1);
                    case DaemonFrames.ACCEPT:
                        frames.write(DaemonFrames.STDIN, new byte[0]);
                        break;
                    case DaemonFrames.STDOUT:
                        out.writeBytes(f.payload());
                        break;
                    case DaemonFrames.STDERR:
                        err.writeBytes(f.payload());
                        break;
                    case DaemonFrames.EXIT:
                        return new Reply(
                                false,
                                out.toString(StandardCharsets.UTF_8),
                                err.toString(StandardCharsets.UTF_8),
                                ByteBuffer.wrap(f.payload()).getInt());
                    default:
                        break;
                }
            }
        }
    }

    private Reply apply(Path project, String tz) throws IOException {
        Map<String, String> mine = new HashMap<>(env);
        mine.put("TZ", tz);
        return call(project, 0, mine, "apply", "a.md", "--json");
    }

    @Test
    void applies_inOneProject_shareOneWarmWorker_perEnvironment_untilItsSettingsChange()
            throws IOException {
        Path project = Files.createDirectories(tmp.resolve("p/.csl")).getParent();
        Files.writeString(project.resolve("a.md"), "<---RUN--->\nstat -c %y a.txt\n<---END--->\n");
        Files.writeString(project.resolve("a.txt"), "a\n");
        Files.setLastModifiedTime(
                project.resolve("a.txt"),
                java.nio.file.attribute.FileTime.from(
                        java.time.Instant.parse("2020-01-01T00:00:00Z")));

        Reply first = apply(project, "UTC");
        Reply second = apply(project, "UTC");
        String afterTwo = DaemonCommand.ask(place, "status");
        Reply kolkata = apply(project, "Asia/Kolkata");
        String afterOtherZone = DaemonCommand.ask(place, "status");
        Files.writeString(project.resolve(".csl/commands.json"), "{\"blocked\": [\"make\"]}\n");
        Reply changed = apply(project, "UTC");
        String afterChange = DaemonCommand.ask(place, "status");

        assertThat(first.exit()).as(first.err()).isZero();
        assertThat(first.out()).contains("2020-01-01 00:00:00.000000000 +0000");
        assertThat(second.out()).contains("2020-01-01 00:00:00.000000000 +0000");
        assertThat(afterTwo).contains("started 1, reused 1, retired 0");
        assertThat(kolkata.out()).contains("2020-01-01 05:30:00.000000000 +0530");
        assertThat(afterOtherZone).contains("started 2, reused 1, retired 0");
        assertThat(changed.out()).contains("2020-01-01 00:00:00.000000000 +0000");
        // both of the project's workers were started under the settings before the change
        assertThat(afterChange).contains("started 3, reused 1, retired 2");
    }

    @Test
    void applies_underTheContainerLayer_shareOneWarmContainer_removedOnStop() throws Exception {
        dev.csl.runner.sandbox.ContainerRuntime runtime =
                dev.csl.runner.sandbox.ContainerRuntime.machine(null);
        org.junit.jupiter.api.Assumptions.assumeTrue(runtime.works(), runtime.why());
        org.junit.jupiter.api.Assumptions.assumeTrue(
                runtime.name().equals("podman"), "a root file system needs podman");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                dev.csl.runner.sandbox.ContainerPool.unavailable() == null,
                dev.csl.runner.sandbox.ContainerPool.unavailable());
        Path project = Files.createDirectories(tmp.resolve("c/.csl")).getParent().toRealPath();
        Files.writeString(
                project.resolve(".csl/commands.json"),
                "{\"allowed\": [\"sh *\"], \"container\": {\"rootfs\": \"/\"}}\n");
        dev.csl.runner.approval.ProjectTrust.trustAsWritten(project);
        // the container's host name is its id
        Files.writeString(
                project.resolve("a.md"),
                "<---RUN--->\nsh -c 'cat /proc/sys/kernel/hostname'\n<---END--->\n");

        Reply first = call(project, 0, env, "apply", "a.md", "--json", "--sandbox", "container");
        Reply second = call(project, 0, env, "apply", "a.md", "--json", "--sandbox", "container");
        String status = DaemonCommand.ask(place, "status");

        assertThat(first.exit()).as(first.out() + first.err()).isZero();
        java.util.regex.Matcher id =
                java.util.regex.Pattern.compile("\"([0-9a-f]{12})\\\\n\"").matcher(first.out());
        assertThat(id.find()).as(first.out()).isTrue();
        assertThat(second.out()).contains(id.group());
        assertThat(status).contains("containers: 1 warm container idle", "started 1, reused 1");

        assertThat(DaemonCommand.ask(place, "stop")).isNotNull();
        serving.join();

        List<String> ps = new ArrayList<>(runtime.client());
        ps.addAll(List.of("ps", "--all", "--no-trunc", "--format", "{{.ID}}"));
        Process listed = new ProcessBuilder(ps).redirectErrorStream(true).start();
        String ids = new String(listed.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(listed.waitFor()).as(ids).isZero();
        assertThat(ids.lines()).noneMatch(line -> line.startsWith(id.group(1)));
    }
}
