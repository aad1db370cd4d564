package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunnerConfig;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class SandboxTest {

    @Nested
    class WithoutWorkingSandbox {
        private final SandboxProbe none = SandboxProbe.unavailable("bwrap not installed");

        @Test
        void refusal_requiredWithoutSandbox_refusesNamingTheReason() {
            RunFailure refusal = Sandbox.of(SandboxMode.REQUIRED, none).refusal("'npm test'");

            assertThat(refusal).isNotNull();
            assertThat(refusal.code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
            assertThat(refusal.message())
                    .contains("'npm test' was not run")
                    .contains("--sandbox required")
                    .contains("bwrap not installed");
        }

        @Test
        void layer_autoWithoutSandbox_saysNoneAndWhyAndRunsUnwrapped() {
            Sandbox sandbox = Sandbox.of(SandboxMode.AUTO, none);

            assertThat(sandbox.refusal("'npm test'")).isNull();
            assertThat(sandbox.layer()).startsWith("none: bwrap not installed");
            // only the ceilings' launcher stands before the command
            List<String> wrapped = sandbox.wrap(List.of("npm", "test"), Path.of("/w"), false);
            assertThat(wrapped).endsWith("--", "npm", "test").doesNotContain("--landlock");
            assertThat(Path.of(wrapped.get(0)).getFileName().toString()).startsWith("csl-confine-");
        }

        @Test
        void layer_off_isNoneEvenWhereBwrapWorks() {
            Sandbox sandbox = Sandbox.forMode(SandboxMode.OFF);

            assertThat(sandbox.active()).isFalse();
            assertThat(sandbox.layer()).isEqualTo("none: --sandbox off");
        }
    }

    @Nested
    class ForcedLayer {
        @Test
        void forMode_variableNone_isNoneNamingTheVariableAndRequiredRefuses() {
            Sandbox auto = Sandbox.forMode(SandboxMode.AUTO, "none");
            Sandbox required = Sandbox.forMode(SandboxMode.REQUIRED, "NONE");

            assertThat(auto.active()).isFalse();
            assertThat(auto.layer()).isEqualTo("none: CSL_SANDBOX_LAYER=none");
            assertThat(auto.refusal("'make'")).isNull();
            assertThat(required.refusal("'make'").message()).contains("--sandbox required");
        }

        @Test
        void forMode_variableNotALayer_refusesEveryCommandNamingTheValue() {
            RunFailure refusal = Sandbox.forMode(SandboxMode.AUTO, "seatbelt").refusal("'make'");

            assertThat(refusal.code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
            assertThat(refusal.message())
                    .isEqualTo(
                            "'make' was not run: CSL_SANDBOX_LAYER='seatbelt' is not a sandbox"
                                    + " layer: use bubblewrap, landlock, container or none");
        }

        @Test
        void assumedBubblewrap_sandboxOffOrAnotherLayerForced_assumesNothing() {
            RunnerConfig auto = RunnerConfig.defaults(Path.of("/tmp"));
            RunnerConfig off =
                    new RunnerConfig(
                            Path.of("/tmp"), 30, 1024, SandboxMode.OFF, List.of(), false, null);

            assertThat(Sandbox.assumedBubblewrap(off)).isNull();
            assertThat(Sandbox.assumedBubblewrap(auto.withLayer(SandboxLayer.LANDLOCK))).isNull();
            assertThat(Sandbox.assumedBubblewrap(auto.withLayer(SandboxLayer.NONE))).isNull();
        }

        @Test
        void forMode_offWithAForcedLayer_staysOff() {
            Sandbox off = Sandbox.forMode(SandboxMode.OFF, "landlock");

            assertThat(off.layer()).isEqualTo("none: --sandbox off");
            assertThat(off.refusal("'make'")).isNull();
        }

        @Test
        void withLayer_eachLayerThatWorksHere_isTheOneUsed() {
            if (SandboxProbe.machine().works()) {
                assertThat(Sandbox.forMode(SandboxMode.AUTO, "bubblewrap").layer())
                        .isEqualTo("bubblewrap");
            }
            if (LandlockProbe.machine().works()) {
                Sandbox landlock = Sandbox.forMode(SandboxMode.REQUIRED, "landlock");
                assertThat(landlock.layer()).isEqualTo("landlock");
                assertThat(landlock.refusal("'make'")).isNull();
                assertThat(landlock.wrap(List.of("make"), Path.of("/w"), false))
                        .contains("--landlock", "--no-net")
                        .endsWith("--", "make");
            } else {
                assertThat(
                                Sandbox.forMode(SandboxMode.AUTO, "landlock")
                                        .refusal("'make'")
                                        .message())
                        .contains("asks for landlock, which does not work on this machine");
            }
        }
    }

    /**
     * Real bubblewrap. The directories live under target/ rather than /tmp so that "outside" is
     * really the host's read-only file system, not the sandbox's private /tmp.
     */
    @Nested
    class WithBubblewrap {
        private final Sandbox sandbox = Sandbox.forMode(SandboxMode.REQUIRED);
        private final ProcessLauncher launcher = new ProcessLauncher(1024 * 1024);
        private Path base;
        private Path wd;
        private Path secret;

        @BeforeEach
        void setUp() throws IOException {
            assumeTrue(
                    SandboxProbe.machine().works(),
                    "no working sandbox on this machine: " + SandboxProbe.machine().why());
            Files.createDirectories(Path.of("target"));
            base = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "sandbox-");
            wd = Files.createDirectories(base.resolve("wd"));
            secret =
                    Files.writeString(
                            Files.createDirectories(base.resolve("outside")).resolve("secret.txt"),
                            "original\n");
        }

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

        private CommandOutcome sh(String script, boolean network) {
            return launcher.run(
                    script, sandbox.wrap(List.of("sh", "-c", script), wd, network), wd, 20);
        }

        @Test
        void wrap_writeInsideWorkingDir_succeeds() throws IOException {
            CommandOutcome outcome = sh("echo made > inside.txt", false);

            assertThat(outcome.ok()).as(outcome.result().stderr()).isTrue();
            assertThat(Files.readString(wd.resolve("inside.txt"))).isEqualTo("made\n");
            assertThat(sandbox.layer()).isEqualTo("bubblewrap");
        }

        @Test
        void wrap_writeOutsideByDotDot_failsAndOutsideUnchanged() throws IOException {
            CommandOutcome outcome =
                    sh("echo pwned > ../outside/secret.txt; echo new > ../outside/new.txt", false);

            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            // The project's parent is hidden: outside is not even there to write to.
            assertThat(outcome.result().stderr()).contains("nonexistent");
            assertUnchanged();
        }

        @Test
        void wrap_fileInTheHomeDirectory_notVisible() throws IOException {
            Path home = Path.of(System.getProperty("user.home"));
            assumeTrue(
                    SandboxView.PRIVATE_ROOTS.stream().anyMatch(r -> home.startsWith(r)),
                    "home directory outside the hidden roots: " + home);
            Path key = home.resolve(".csl-sandbox-test-" + ProcessHandle.current().pid());
            Files.writeString(key, "secret key\n");
            try {
                CommandOutcome outcome = sh("cat " + key + "; ls -a " + home, false);

                assertThat(outcome.result().stdout()).doesNotContain("secret key");
                assertThat(outcome.result().stderr()).contains("No such file");
            } finally {
                Files.deleteIfExists(key);
            }
        }

        @Test
        void wrap_serviceSocketsUnderRun_notVisible() throws IOException {
            Path service = Path.of("/run/csl-sandbox-test-" + ProcessHandle.current().pid());
            try {
                Files.createDirectories(service);
                Files.writeString(service.resolve("token"), "service token\n");
            } catch (IOException e) {
                assumeTrue(false, "/run is not writable here: " + e.getMessage());
            }
            try {
                CommandOutcome outcome =
                        sh(
                                "cat " + service + "/token; ls /run /var/run; cat /etc/resolv.conf",
                                false);

                assertThat(outcome.result().stdout())
                        .doesNotContain("service token")
                        .doesNotContain(service.getFileName().toString());
                assertThat(outcome.result().stderr()).contains("No such file");
                assertThat(outcome.result().stderr()).doesNotContain("resolv.conf");
            } finally {
                Files.deleteIfExists(service.resolve("token"));
                Files.deleteIfExists(service);
            }
        }

        @Test
        void wrap_projectUnderTmp_writeToSiblingFailsAndSiblingUnchanged() throws IOException {
            // Under /tmp the sandbox's private /tmp must not turn "outside" into a scratch copy.
            Path tmpBase = Files.createTempDirectory(Path.of("/tmp"), "csl-sandbox-");
            try {
                Path tmpWd = Files.createDirectories(tmpBase.resolve("wd"));
                Path sibling = Files.writeString(tmpBase.resolve("sibling.txt"), "original\n");
                String script = "cat ../sibling.txt; echo pwned > ../sibling.txt";

                CommandOutcome outcome =
                        launcher.run(
                                script,
                                sandbox.wrap(List.of("sh", "-c", script), tmpWd, false),
                                tmpWd,
                                20);

                // A sibling project is hidden, and the empty cover is read-only.
                assertThat(outcome.result().stdout()).doesNotContain("original");
                assertThat(outcome.result().stderr()).contains("Read-only file system");
                assertThat(Files.readString(sibling)).isEqualTo("original\n");
            } finally {
                try (Stream<Path> paths = Files.walk(tmpBase)) {
                    for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(path);
                    }
                }
            }
        }

        /**
         * Issue 24, attack 4: with the project under /tmp the host's /tmp stayed visible, so an
         * approved command read files there and drove a host tmux server through its socket.
         */
        @Test
        void wrap_projectUnderTmp_hostTmpAndItsSocketsNotVisible_freshTmpWritable()
                throws Exception {
            Path tmpBase = Files.createTempDirectory(Path.of("/tmp"), "csl-sandbox-");
            Path hostFile = Files.createTempFile(Path.of("/tmp"), "csl-host-", ".txt");
            Path hostSocket = Path.of("/tmp", "csl-host-" + ProcessHandle.current().pid() + ".s");
            try (ServerSocketChannel server = unixServer(hostSocket)) {
                Files.writeString(hostFile, "host tmp secret\n");
                Path tmpWd = Files.createDirectories(tmpBase.resolve("wd"));
                String script =
                        "cat "
                                + hostFile
                                + "; ls -a /tmp; test -S "
                                + hostSocket
                                + " && echo SOCKET-REACHABLE; echo scratch > /tmp/scratch-"
                                + ProcessHandle.current().pid()
                                + " && echo TMP-WRITABLE; echo made > made.txt";

                CommandOutcome outcome =
                        launcher.run(
                                script,
                                sandbox.wrap(List.of("sh", "-c", script), tmpWd, false),
                                tmpWd,
                                20);

                assertThat(outcome.result().stdout())
                        .doesNotContain("host tmp secret")
                        .doesNotContain(hostFile.getFileName().toString())
                        .doesNotContain("SOCKET-REACHABLE")
                        .contains("TMP-WRITABLE");
                assertThat(outcome.result().stderr()).contains("No such file");
                assertThat(tmpWd.resolve("made.txt")).hasContent("made");
                assertThat(Path.of("/tmp/scratch-" + ProcessHandle.current().pid())).doesNotExist();
            } finally {
                Files.deleteIfExists(hostFile);
                Files.deleteIfExists(hostSocket);
                try (Stream<Path> paths = Files.walk(tmpBase)) {
                    for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                        Files.deleteIfExists(path);
                    }
                }
            }
        }

        @Test
        void wrap_networkOff_hostAbstractSocketUnreachable() throws Exception {
            assumeTrue(ProcessLauncher.findProgram("python3", wd).isPresent(), "no python3 here");
            String name = "csl-abstract-" + ProcessHandle.current().pid();
            // a host service listening on an abstract socket (X11 and D-Bus use them)
            Process server =
                    new ProcessBuilder(
                                    "python3",
                                    "-c",
                                    "import socket,sys,time\n"
                                            + "s=socket.socket(socket.AF_UNIX)\n"
                                            + "s.bind('\\0"
                                            + name
                                            + "')\n"
                                            + "s.listen(5)\n"
                                            + "print('ready',flush=True)\n"
                                            + "time.sleep(60)\n")
                            .redirectErrorStream(true)
                            .start();
            try {
                assertThat(new String(server.getInputStream().readNBytes(6))).isEqualTo("ready\n");
                String client =
                        "python3 -c \"import socket\n"
                                + "s=socket.socket(socket.AF_UNIX)\n"
                                + "s.connect(chr(0)+'"
                                + name
                                + "')\n"
                                + "print('CONNECTED')\"";

                CommandOutcome outcome = sh(client, false);

                assertThat(outcome.result().stdout()).doesNotContain("CONNECTED");
                assertThat(outcome.result().stderr()).contains("ConnectionRefused");
            } finally {
                server.destroyForcibly();
            }
        }

        @Test
        void wrap_devShmAndTmp_freshAndEmpty() throws IOException {
            Path shm = Path.of("/dev/shm");
            assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm), "no writable /dev/shm");
            Path hostShm = Files.createTempFile(shm, "csl-host-", "");
            try {
                Files.writeString(hostShm, "host shm secret\n");
                CommandOutcome outcome =
                        sh(
                                "cat "
                                        + hostShm
                                        + "; ls -A /dev/shm /tmp; echo x > /dev/shm/mine && echo"
                                        + " SHM-WRITABLE",
                                false);

                assertThat(outcome.result().stdout())
                        .doesNotContain("host shm secret")
                        .doesNotContain(hostShm.getFileName().toString())
                        .contains("SHM-WRITABLE");
                assertThat(Path.of("/dev/shm/mine")).doesNotExist();
            } finally {
                Files.deleteIfExists(hostShm);
            }
        }

        @Test
        void wrap_socketInADirectoryShownAgain_isNotASocketInside() throws Exception {
            Path tools = Files.createDirectories(base.resolve("tools"));
            Files.writeString(tools.resolve("tool.txt"), "tool\n");
            Path agent = tools.resolve("agent.sock");
            try (ServerSocketChannel server = unixServer(agent)) {
                Files.writeString(
                        Files.createDirectories(wd.resolve(".csl")).resolve("commands.json"),
                        "{\"read\": [\"" + tools + "\"]}\n");
                dev.csl.runner.approval.ProjectTrust.trustAsWritten(
                        wd); // the user trusts what the test wrote

                CommandOutcome outcome =
                        sh(
                                "cat "
                                        + tools
                                        + "/tool.txt; test -S "
                                        + agent
                                        + " && echo SOCKET-REACHABLE",
                                false);

                assertThat(outcome.result().stdout())
                        .contains("tool")
                        .doesNotContain("SOCKET-REACHABLE");
            }
        }

        @Test
        void wrap_nestedGitAndCslGivenAsProtected_areReadOnly() throws IOException {
            Path hook =
                    Files.writeString(
                            Files.createDirectories(wd.resolve("vendor/lib/.git/hooks"))
                                    .resolve("README"),
                            "hooks\n");
            Path nestedCsl = Files.createDirectories(wd.resolve("pkg/.csl"));
            MetadataSnapshot before = MetadataSnapshot.take(wd);
            String script =
                    "echo evil > vendor/lib/.git/hooks/pre-commit; echo x > pkg/.csl/commands.json;"
                            + " echo ok > vendor/lib/file.txt";

            CommandOutcome outcome =
                    launcher.run(
                            script,
                            sandbox.wrap(
                                    List.of("sh", "-c", script), wd, wd, false, before.readOnly()),
                            wd,
                            20);

            assertThat(outcome.result().stderr()).contains("Read-only file system");
            assertThat(hook.resolveSibling("pre-commit")).doesNotExist();
            assertThat(nestedCsl.resolve("commands.json")).doesNotExist();
            assertThat(wd.resolve("vendor/lib/file.txt")).hasContent("ok");
        }

        @Test
        void wrap_pathsListedUnderRead_shownAgainReadOnlyAndNamedInTheView() throws IOException {
            // A sibling of the project and a directory in the home directory: both hidden until
            // .csl/commands.json lists them under "read".
            Path other = Files.writeString(base.resolve("other.txt"), "not listed\n");
            Path home = Path.of(System.getProperty("user.home"));
            boolean homeHidden = SandboxView.PRIVATE_ROOTS.stream().anyMatch(home::startsWith);
            Path data = home.resolve(".csl-read-test-" + ProcessHandle.current().pid());
            try {
                if (homeHidden) {
                    Files.writeString(
                            Files.createDirectories(data).resolve("data.txt"), "home data\n");
                }
                String script =
                        "cat ../outside/secret.txt "
                                + data
                                + "/data.txt ../other.txt; echo pwned > ../outside/secret.txt";
                CommandOutcome before = sh(script, false);
                assertThat(before.result().stdout()).isEmpty();

                Files.writeString(
                        Files.createDirectories(wd.resolve(".csl")).resolve("commands.json"),
                        "{\"read\": [\"" + base.resolve("outside") + "\", \"" + data + "\"]}\n");
                dev.csl.runner.approval.ProjectTrust.trustAsWritten(wd); // the user trusts it
                CommandOutcome after = sh(script, false);

                assertThat(after.result().stdout())
                        .contains("original")
                        .doesNotContain("not listed");
                if (homeHidden) {
                    assertThat(after.result().stdout()).contains("home data");
                }
                assertThat(after.result().stderr())
                        .contains("../other.txt: No such file")
                        .contains("Read-only file system");
                assertUnchanged();
                assertThat(other).hasContent("not listed");
                String view = Sandbox.describeView(wd);
                assertThat(view.substring(view.indexOf("shown again read-only: ")))
                        .contains(base.resolve("outside").toRealPath().toString());
                if (homeHidden) {
                    assertThat(view.substring(view.indexOf("shown again read-only: ")))
                            .contains(data.toRealPath().toString());
                }
            } finally {
                Files.deleteIfExists(data.resolve("data.txt"));
                Files.deleteIfExists(data);
            }
        }

        @Test
        void wrap_directoryListedUnderHide_notVisibleAndNamedInTheView() throws IOException {
            // Another project where the system stays visible (/var/tmp, under /var): readable by
            // default, hidden once .csl/commands.json lists it under "hide".
            Path elsewhere =
                    Files.createTempDirectory(Path.of("/var/tmp"), "csl-hide-test-").toRealPath();
            try {
                Files.writeString(elsewhere.resolve("secret.txt"), "other project\n");
                String script = "cat " + elsewhere + "/secret.txt";
                assertThat(sh(script, false).result().stdout()).contains("other project");

                Files.writeString(
                        Files.createDirectories(wd.resolve(".csl")).resolve("commands.json"),
                        "{\"hide\": [\"" + elsewhere + "\", \"" + wd + "/sub\"]}\n");
                CommandOutcome after = sh(script, false);

                assertThat(after.result().stdout()).doesNotContain("other project");
                assertThat(after.result().stderr()).contains("No such file");
                String view = Sandbox.describeView(wd);
                assertThat(view.substring(0, view.indexOf("; shown again")))
                        .contains(elsewhere.toString())
                        .doesNotContain(wd + "/sub");
            } finally {
                Files.deleteIfExists(elsewhere.resolve("secret.txt"));
                Files.deleteIfExists(elsewhere);
            }
        }

        @Test
        void wrap_writeThroughSymlinkLeadingOut_failsAndOutsideUnchanged() throws IOException {
            Files.createSymbolicLink(wd.resolve("link"), base.resolve("outside"));

            CommandOutcome outcome = sh("echo pwned > link/secret.txt", false);

            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertUnchanged();
        }

        @Test
        void wrap_writeThroughProcSelfRoot_failsAndOutsideUnchanged() throws IOException {
            CommandOutcome outcome =
                    sh(
                            "echo pwned > /proc/self/root"
                                    + secret
                                    + "; rm -f /proc/self/root"
                                    + secret,
                            false);

            assertThat(outcome.result().stderr()).isNotEmpty();
            assertUnchanged();
        }

        @Test
        void wrap_remountRootReadWrite_isRefused() throws IOException {
            CommandOutcome outcome = sh("mount -o remount,rw / && echo pwned > " + secret, false);

            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertUnchanged();
        }

        @Test
        void wrap_gitDirectoryInsideWorkingDir_isReadOnly() throws IOException {
            Path config =
                    Files.writeString(
                            Files.createDirectories(wd.resolve(".git")).resolve("config"),
                            "[core]\n");

            CommandOutcome outcome = sh("cat .git/config && echo evil >> .git/config", false);

            assertThat(outcome.result().stdout()).isEqualTo("[core]\n");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertThat(Files.readString(config)).isEqualTo("[core]\n");
        }

        @Test
        void wrap_gitFileOfWorktreeAndCslDirectory_areReadOnly() throws IOException {
            Path gitFile = Files.writeString(wd.resolve(".git"), "gitdir: /elsewhere\n");
            Path audit =
                    Files.writeString(
                            Files.createDirectories(wd.resolve(".csl")).resolve("audit.jsonl"), "");

            CommandOutcome outcome =
                    sh("echo 'gitdir: /evil' > .git; echo x >> .csl/audit.jsonl", false);

            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertThat(Files.readString(gitFile)).isEqualTo("gitdir: /elsewhere\n");
            assertThat(Files.readString(audit)).isEmpty();
        }

        @Test
        void wrap_networkOff_connectionToHostFails_networkOn_succeeds() throws IOException {
            try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
                String script =
                        "require('net').connect("
                                + server.getLocalPort()
                                + ", '127.0.0.1').on('connect', () => process.exit(0))"
                                + ".on('error', e => { console.error(e.code); process.exit(2); })";
                List<String> node = List.of("node", "-e", script);

                CommandOutcome offline =
                        launcher.run("node", sandbox.wrap(node, wd, false), wd, 20);
                CommandOutcome online = launcher.run("node", sandbox.wrap(node, wd, true), wd, 20);

                assertThat(offline.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
                assertThat(offline.result().stderr()).contains("ECONNREFUSED");
                assertThat(online.ok()).as(online.result().stderr()).isTrue();
            }
        }

        @Test
        void wrap_endlessCommand_timeoutKillsEverythingInsideEvenDetached() throws Exception {
            String marker = "sleep " + (1000 + new java.util.Random().nextInt(100_000));
            CommandOutcome outcome =
                    launcher.run(
                            "sleep",
                            sandbox.wrap(
                                    List.of("sh", "-c", "setsid " + marker + " & " + marker),
                                    wd,
                                    false),
                            wd,
                            1);

            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.TIMEOUT);
            // the kill is sent; how soon the processes are gone depends on the machine
            long deadline = System.currentTimeMillis() + 300_000;
            while (survivors(marker) > 0 && System.currentTimeMillis() < deadline) {
                Thread.sleep(50);
            }
            assertThat(survivors(marker)).as("processes still running '" + marker + "'").isZero();
        }

        private long survivors(String commandLine) {
            return ProcessHandle.allProcesses()
                    .filter(ProcessHandle::isAlive)
                    .filter(p -> p.info().commandLine().orElse("").endsWith(commandLine))
                    .count();
        }

        private ServerSocketChannel unixServer(Path path) throws IOException {
            ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            server.bind(UnixDomainSocketAddress.of(path));
            return server;
        }

        private void assertUnchanged() throws IOException {
            assertThat(Files.readString(secret)).isEqualTo("original\n");
            try (Stream<Path> files = Files.list(base.resolve("outside"))) {
                assertThat(files).containsExactly(secret);
            }
        }
    }
}
