package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.ProcessLauncher;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Landlock layer with real child processes: what a command may write, read and reach. The
 * directories live under target/, so that "outside" is a real sibling of the project.
 */
class LandlockLayerTest {
    private final ProcessLauncher launcher = new ProcessLauncher(1024 * 1024);
    private Sandbox sandbox;
    private Path base;
    private Path wd;
    private Path outside;

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(
                LandlockProbe.machine().works(),
                "Landlock does not work here: " + LandlockProbe.machine().why());
        sandbox = Sandbox.withLayer(SandboxMode.AUTO, SandboxLayer.LANDLOCK);
        Files.createDirectories(Path.of("target"));
        base = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "landlock-");
        wd = Files.createDirectories(base.resolve("wd"));
        outside = Files.createDirectories(base.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "OUTSIDE\n");
        Files.createDirectories(wd.resolve(".git/hooks"));
        Files.writeString(wd.resolve(".git/config"), "[core]\n");
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(wd.resolve("notes.txt"), "hi\n");
        Files.createDirectories(wd.resolve("src"));
        Files.createDirectories(wd.resolve("lib/nested/.git"));
        Files.writeString(wd.resolve("lib/nested/file.txt"), "n\n");
    }

    @AfterEach
    void tearDown() throws IOException {
        if (base == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(base)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                path.toFile().setWritable(true);
                Files.deleteIfExists(path);
            }
        }
    }

    private CommandOutcome sh(String script, boolean network) {
        try (Confined confined =
                sandbox.confine(List.of("sh", "-c", script), wd, wd, network, List.of())) {
            return launcher.run(script, confined.argv(), wd, 20);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void layer_forcedLandlock_isNamedInResults() {
        assertThat(sandbox.layer()).isEqualTo("landlock");
        assertThat(sandbox.active()).isTrue();
        assertThat(sandbox.refusal("'x'")).isNull();
    }

    @Test
    void confine_writeInSubdirectoryAndExistingTopFile_succeeds() throws IOException {
        CommandOutcome outcome = sh("echo made > src/new.txt && echo more >> notes.txt", false);

        assertThat(outcome.ok()).as(outcome.result().stderr()).isTrue();
        assertThat(wd.resolve("src/new.txt")).hasContent("made");
        assertThat(wd.resolve("notes.txt")).hasContent("hi\nmore");
    }

    @Test
    void confine_writeOutsideOrReadSibling_refused() throws IOException {
        CommandOutcome outcome =
                sh("cat ../outside/secret.txt; echo pwned > ../outside/secret.txt", false);

        assertThat(outcome.result().stdout()).doesNotContain("OUTSIDE");
        assertThat(outcome.result().stderr()).contains("Permission denied");
        assertThat(outside.resolve("secret.txt")).hasContent("OUTSIDE");
    }

    @Test
    void confine_gitAndCslAtAnyDepth_notWritableAndTopNotCreatable() {
        CommandOutcome outcome =
                sh(
                        "echo x > .git/hooks/pre-commit; echo y >> .git/config;"
                                + " echo z > .csl/commands.json; echo w > lib/nested/.git/config;"
                                + " mkdir lib/nested/.git/hooks; echo v > new-top.txt;"
                                + " echo u >> lib/nested/file.txt",
                        false);

        assertThat(wd.resolve(".git/hooks/pre-commit")).doesNotExist();
        assertThat(wd.resolve(".git/config")).hasContent("[core]");
        assertThat(wd.resolve(".csl/commands.json")).doesNotExist();
        assertThat(wd.resolve("lib/nested/.git/config")).doesNotExist();
        assertThat(wd.resolve("lib/nested/.git/hooks")).doesNotExist();
        // the consequence: nothing new directly in a directory holding a .git
        assertThat(wd.resolve("new-top.txt")).doesNotExist();
        assertThat(wd.resolve("lib/nested/file.txt")).hasContent("n\nu");
        assertThat(outcome.result().stderr()).contains("Permission denied");
    }

    @Test
    void confine_homeRunAndHostTmp_notReadable() throws IOException {
        Path hostTmp = Files.createTempFile("csl-landlock-test", ".txt");
        try {
            Files.writeString(hostTmp, "HOST TMP\n");
            CommandOutcome outcome =
                    sh(
                            "cat " + hostTmp + "; ls " + System.getProperty("user.home") + " /run",
                            false);

            assertThat(outcome.result().stdout()).doesNotContain("HOST TMP");
            assertThat(outcome.result().stderr()).contains("Permission denied");
        } finally {
            Files.deleteIfExists(hostTmp);
        }
    }

    @Test
    void confine_ownTemporaryDirectory_writableAsTmpdirAndRemovedAfterwards() throws IOException {
        Path tmp;
        try (Confined confined =
                sandbox.confine(
                        List.of("sh", "-c", "echo t > \"$TMPDIR/scratch\" && echo \"$TMPDIR\""),
                        wd,
                        wd,
                        false,
                        List.of())) {
            tmp = confined.tmpDir();
            CommandOutcome outcome = launcher.run("tmp", confined.argv(), wd, 20);
            assertThat(outcome.ok()).as(outcome.result().stderr()).isTrue();
            assertThat(outcome.result().stdout().strip()).isEqualTo(tmp.toString());
            assertThat(tmp.resolve("scratch")).hasContent("t");
        }
        assertThat(tmp).doesNotExist();
    }

    @Test
    void confine_tcpToLocalhost_refusedUnlessNetwork() throws IOException {
        assumeTrue(LandlockProbe.machine().abi() >= 4, "TCP rules need Landlock ABI 4");
        try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            String script =
                    "python3 -c \"import socket; socket.create_connection(('127.0.0.1', "
                            + server.getLocalPort()
                            + ")); print('connected')\"";
            CommandOutcome off = sh(script, false);
            CommandOutcome on = sh(script, true);

            assertThat(off.result().stdout()).doesNotContain("connected");
            assertThat(off.result().stderr()).contains("Permission denied");
            assertThat(on.result().stdout()).contains("connected");
        }
    }

    @Test
    void confine_unixSocketByPath_refusedWithoutNetwork() throws IOException {
        Path socketPath = wd.resolve("s.sock");
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(UnixDomainSocketAddress.of(socketPath));
            CommandOutcome outcome =
                    sh(
                            "python3 -c \"import socket; s = socket.socket(socket.AF_UNIX);"
                                    + " s.connect('s.sock'); print('connected')\"",
                            false);

            assertThat(outcome.result().stdout()).doesNotContain("connected");
            assertThat(outcome.result().stderr()).contains("Permission denied");
        }
    }

    @Test
    void confine_environmentOfCslsProcess_notReadable() {
        // csl's environment holds its secrets; root would read it with CAP_SYS_PTRACE, so the
        // launcher drops every capability too
        CommandOutcome outcome =
                sh(
                        "cat /proc/"
                                + ProcessHandle.current().pid()
                                + "/environ;"
                                + " grep CapEff /proc/self/status",
                        false);

        assertThat(outcome.result().stdout()).doesNotContain("PATH=").contains("0000000000000000");
        assertThat(outcome.result().stderr()).contains("Permission denied");
    }

    @Test
    void confine_killUnrelatedProcess_refused() throws Exception {
        assumeTrue(LandlockProbe.machine().abi() >= 6, "signal scoping needs Landlock ABI 6");
        Process victim = new ProcessBuilder("sleep", "60").start();
        try {
            CommandOutcome outcome = sh("kill -9 " + victim.pid(), false);

            assertThat(outcome.ok()).isFalse();
            assertThat(victim.waitFor(300, TimeUnit.MILLISECONDS)).isFalse();
            assertThat(victim.isAlive()).isTrue();
        } finally {
            victim.destroyForcibly();
        }
    }

    @Test
    void confine_gitPythonAndJava_runUnderTheRules() throws IOException {
        CommandOutcome git = sh("git --version && git status --short; true", false);
        Files.writeString(wd.resolve("src/x.py"), "open('src/out.txt', 'w').write('py')\n");
        CommandOutcome python = sh("python3 src/x.py", false);
        String java = ProcessHandle.current().info().command().orElse("java");
        CommandOutcome jvm = sh("'" + java + "' -Xshare:auto -XX:+UseSerialGC -version", false);

        assertThat(git.ok()).as(git.result().stderr()).isTrue();
        assertThat(python.ok()).as(python.result().stderr()).isTrue();
        assertThat(wd.resolve("src/out.txt")).hasContent("py");
        assertThat(jvm.ok()).as(jvm.result().stderr()).isTrue();
    }

    @Test
    void confine_jdk25_startsUnderTheRules() {
        Path java25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
        assumeTrue(Files.isExecutable(java25), "no JDK 25 at " + java25);
        CommandOutcome jvm = sh(java25 + " -XX:+UseSerialGC -version", false);

        assertThat(jvm.ok()).as(jvm.result().stderr()).isTrue();
        assertThat(jvm.result().stderr()).contains("25");
    }
}
