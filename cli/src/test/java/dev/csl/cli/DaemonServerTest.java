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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The resident process as its clients see it: calls in, each its own output and exit status. */
class DaemonServerTest {
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
                        try {
                            frames.write(DaemonFrames.STDIN, new byte[0]);
                        } catch (IOException e) {
                            // a call that ended already closed its side; its output waits unread
                        }
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

    @Test
    void parallelCallers_eightProjects_eachGetsItsOwnOutputAndStatus() throws Exception {
        List<Path> projects = new ArrayList<>();
        for (int p = 0; p < 8; p++) {
            Path project =
                    Files.createDirectories(tmp.resolve("project" + p + "/.csl")).getParent();
            projects.add(project);
        }
        ExecutorService pool = Executors.newFixedThreadPool(32);
        List<Future<Reply>> replies = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            int n = i;
            Path project = projects.get(i % 8);
            Files.writeString(
                    project.resolve("answer" + n + ".md"),
                    "<---WRITE file=\"f"
                            + n
                            + ".txt\"--->\ncontent "
                            + n
                            + "\n<---END--->\n"
                            + (n % 4 == 0
                                    ? "<---SEARCH file=\"missing"
                                            + n
                                            + ".txt\"--->\nx\n<---REPLACE--->\ny\n<---END--->\n"
                                    : ""));
            replies.add(
                    pool.submit(
                            () -> call(project, 0, env, "apply", "answer" + n + ".md", "--json")));
        }
        for (int i = 0; i < 32; i++) {
            Reply reply = replies.get(i).get();
            assertThat(reply.declined()).isFalse();
            assertThat(reply.out())
                    .contains("\"workingDir\":\"" + projects.get(i % 8) + "\"")
                    .contains("\"file\":\"f" + i + ".txt\"");
            assertThat(reply.out().split("\"file\":\"f")).hasSize(2);
            assertThat(reply.exit()).isEqualTo(i % 4 == 0 ? 1 : 0);
            assertThat(projects.get(i % 8).resolve("f" + i + ".txt")).hasContent("content " + i);
        }
        pool.shutdown();
    }

    @Test
    void call_seesTheCallersEnvironment() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("p/.csl")).getParent();
        Files.writeString(project.resolve("a.md"), "<---RUN--->\nprintenv TZ\n<---END--->\n");
        Map<String, String> mine = new HashMap<>(env);
        mine.put("TZ", "Caller/Only");

        Reply reply =
                call(
                        project,
                        0,
                        mine,
                        "apply",
                        "a.md",
                        "--json",
                        "--allow",
                        "printenv TZ",
                        "--sandbox",
                        "off");

        assertThat(reply.out()).contains("Caller/Only");
        assertThat(reply.exit()).isZero();
    }

    @Test
    void terminalOnStdin_declinedAndNothingHappens() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("p/.csl")).getParent();
        Files.writeString(project.resolve("a.md"), "<---WRITE file=\"x\"--->\nx\n<---END--->\n");

        Reply reply = call(project, 1, env, "apply", "a.md");

        assertThat(reply.declined()).isTrue();
        assertThat(project.resolve("x")).doesNotExist();
    }

    @Test
    void otherHome_orAServer_declined() throws IOException {
        Map<String, String> other = new HashMap<>(env);
        other.put("HOME", "/elsewhere");

        assertThat(call(tmp, 0, other, "--version").declined()).isTrue();
        assertThat(call(tmp, 0, env, "serve").declined()).isTrue();
        assertThat(call(tmp, 0, env, "--version").out()).startsWith("csl ");
    }

    @Test
    void jarChanged_callDeclined() throws IOException {
        Files.writeString(tmp.resolve("csl.jar"), "another build, longer");

        assertThat(call(tmp, 0, env, "--version").declined()).isTrue();
    }

    @Test
    void status_saysWhatItHolds() {
        assertThat(DaemonCommand.ask(place, "status"))
                .contains("running", place.socket().toString())
                .contains("\n  containers: 0 warm containers idle for 0 projects (at most 4");
    }
}
