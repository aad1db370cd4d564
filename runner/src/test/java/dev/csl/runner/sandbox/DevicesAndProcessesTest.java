package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.ProcessLauncher;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What an approved program reaches of the host's devices and sockets, and how many processes it can
 * start, under each layer this machine has, with real processes: a terminal of the user's (a
 * pseudo-terminal the test opens), the block devices (loop devices, disks), a netlink socket, and a
 * fork bomb under a low process ceiling, run as root where the tests run as root.
 */
class DevicesAndProcessesTest {
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    private final ProcessLauncher launcher = new ProcessLauncher(1024 * 1024);
    private Path base;
    private Path wd;

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(ConfineLauncher.machine().available(), ConfineLauncher.machine().why());
        assumeTrue(Files.isExecutable(PYTHON), "no " + PYTHON);
        Files.createDirectories(Path.of("target"));
        base = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "devices-");
        wd = Files.createDirectories(base.resolve("wd"));
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

    private static Sandbox sandbox(SandboxLayer layer) {
        switch (layer) {
            case BUBBLEWRAP ->
                    assumeTrue(SandboxProbe.machine().works(), SandboxProbe.machine().why());
            case LANDLOCK ->
                    assumeTrue(LandlockProbe.machine().works(), LandlockProbe.machine().why());
            case NONE -> {}
        }
        return Sandbox.withLayer(SandboxMode.AUTO, layer);
    }

    private CommandOutcome python(Sandbox sandbox, String program) throws IOException {
        List<String> command = List.of(PYTHON.toString(), "-c", program);
        try (Confined confined = sandbox.confine(command, wd, wd, false, List.of())) {
            return launcher.run("python3", confined.argv(), wd, 60);
        }
    }

    /** Tries to open each path for reading; prints OPENED or REFUSED with each. */
    private static String opener(List<String> paths) {
        StringBuilder program = new StringBuilder("import os\n");
        for (String path : paths) {
            program.append("try:\n    os.close(os.open('")
                    .append(path)
                    .append("', os.O_RDONLY | os.O_NOCTTY))\n    print('OPENED ")
                    .append(path)
                    .append("')\nexcept OSError as e:\n    print('REFUSED ")
                    .append(path)
                    .append("', e.strerror)\n");
        }
        return program.toString();
    }

    private static List<String> blockDevices() throws IOException {
        List<String> devices = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(Path.of("/dev"))) {
            for (Path entry : entries) {
                Object mode = Files.getAttribute(entry, "unix:mode", LinkOption.NOFOLLOW_LINKS);
                if (mode instanceof Integer m && (m & 0170000) == 0060000) {
                    devices.add(entry.toString());
                }
            }
        }
        devices.sort(null);
        return devices;
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void devices_terminalOfTheUserAndDisks_openOnlyWithoutALayer(SandboxLayer layer)
            throws Exception {
        Sandbox sandbox = sandbox(layer);
        // a terminal of the user's: a pseudo-terminal held open outside, as a shell holds one
        Process holder =
                new ProcessBuilder(
                                PYTHON.toString(),
                                "-c",
                                "import os, sys; m, s = os.openpty(); print(os.ttyname(s),"
                                        + " flush=True); sys.stdin.read()")
                        .start();
        try {
            String terminal =
                    new BufferedReader(
                                    new InputStreamReader(
                                            holder.getInputStream(), StandardCharsets.UTF_8))
                            .readLine();
            assertThat(terminal).startsWith("/dev/pts/");
            List<String> hostOnly = new ArrayList<>(List.of(terminal));
            hostOnly.addAll(blockDevices());
            List<String> minimal =
                    List.of("/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom");
            List<String> all = new ArrayList<>(hostOnly);
            all.addAll(minimal);

            CommandOutcome outcome = python(sandbox, opener(all));

            String out = outcome.result().stdout();
            assertThat(outcome.ok()).as(outcome.result().stderr()).isTrue();
            for (String device : minimal) {
                assertThat(out).contains("OPENED " + device + "\n");
            }
            for (String device : hostOnly) {
                if (layer == SandboxLayer.NONE) {
                    // no layer: the user's (here root's) own rights decide
                    assertThat(out).contains(device);
                } else {
                    assertThat(out)
                            .contains("REFUSED " + device)
                            .doesNotContain("OPENED " + device);
                }
            }
        } finally {
            holder.getOutputStream().close();
            holder.destroyForcibly().waitFor();
        }
    }

    @ParameterizedTest
    @EnumSource(
            value = SandboxLayer.class,
            names = {"LANDLOCK", "NONE"})
    void netlink_sockDiagSocket_refusedUnderLandlockWithoutNetwork(SandboxLayer layer)
            throws Exception {
        Sandbox sandbox = sandbox(layer);
        CommandOutcome outcome =
                python(
                        sandbox,
                        "import socket\ntry:\n    socket.socket(socket.AF_NETLINK, socket.SOCK_RAW,"
                                + " 4).close()\n    print('NETLINK-OPEN')\nexcept OSError as e:\n"
                                + "    print('NETLINK-REFUSED', e.strerror)\n");

        assertThat(outcome.result().stdout())
                .startsWith(
                        layer == SandboxLayer.LANDLOCK
                                ? "NETLINK-REFUSED Permission denied"
                                : "NETLINK-OPEN");
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void forkBomb_underALowCeiling_boundedAndCleanedUp(SandboxLayer layer) throws Exception {
        Sandbox sandbox = sandbox(layer);
        boolean root =
                Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        assumeTrue(
                PidsCgroups.machine().available() || !root,
                "as root only a cgroup caps processes, and none can be made here: "
                        + PidsCgroups.machine().why());
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(wd.resolve(".csl/commands.json"), "{\"limits\": {\"processes\": 16}}\n");

        CommandOutcome outcome =
                python(
                        sandbox,
                        "import os, time\n"
                                + "n = 0\n"
                                + "for i in range(200):\n"
                                + "    try:\n"
                                + "        pid = os.fork()\n"
                                + "    except OSError as e:\n"
                                + "        print('FORK-FAILED', e.strerror)\n"
                                + "        break\n"
                                + "    if pid == 0:\n"
                                + "        time.sleep(300)\n"
                                + "        os._exit(0)\n"
                                + "    n += 1\n"
                                + "print('FORKED', n, flush=True)\n");

        String out = outcome.result().stdout();
        assertThat(out).as(outcome.result().stderr()).contains("FORK-FAILED");
        int forked = Integer.parseInt(out.replaceAll("(?s).*FORKED (\\d+).*", "$1"));
        assertThat(forked).isLessThan(16);
        if (PidsCgroups.machine().available()) {
            // the command's cgroup is gone, and so every process that was in it
            try (Stream<Path> left = Files.list(PidsCgroups.machine().parent())) {
                assertThat(
                                left.map(p -> p.getFileName().toString())
                                        .filter(
                                                name ->
                                                        name.startsWith(
                                                                PidsCgroups.PREFIX
                                                                        + ProcessHandle.current()
                                                                                .pid()
                                                                        + "-")))
                        .isEmpty();
            }
        }
    }
}
