package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.sandbox.ConfineLauncher;
import dev.csl.runner.sandbox.LandlockProbe;
import dev.csl.runner.sandbox.SandboxProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every child kind (the worker JVM, Node with its preload, read-only git, an approved python3
 * script) runs under each layer this machine has, forced through {@link RunnerConfig#layer()}, and
 * under each the ceilings hold: a file past the size cap fails with the cap named.
 */
class LayersTest {
    private Path root;

    @AfterEach
    void tearDown() throws IOException {
        if (root == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root.getParent())) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    private static void assumeWorks(SandboxLayer layer) {
        switch (layer) {
            case BUBBLEWRAP ->
                    assumeTrue(SandboxProbe.machine().works(), SandboxProbe.machine().why());
            case LANDLOCK ->
                    assumeTrue(LandlockProbe.machine().works(), LandlockProbe.machine().why());
            case NONE -> {}
        }
    }

    private RunOutcome run(SandboxLayer layer, String content, String lang, List<String> allowed)
            throws IOException {
        if (root == null) {
            // under target/, not /tmp: the layers treat a project under /tmp specially
            Files.createDirectories(Path.of("target"));
            root =
                    Files.createTempDirectory(Path.of("target").toAbsolutePath(), "layers-")
                            .resolve("proj");
            Files.createDirectories(root.resolve(".git"));
            Files.writeString(root.resolve("notes.txt"), "hi\n");
            Files.createDirectories(root.resolve("src"));
        }
        RunnerConfig config =
                new RunnerConfig(root, 30, 1 << 20, SandboxMode.AUTO, allowed, false, null)
                        .withLayer(layer);
        try (StandardRunSession session = TestSessions.open(config)) {
            return session.run(new RunRequest(content, null, lang, null, ChangeRecorder.NONE));
        }
    }

    private static String expectedName(SandboxLayer layer) {
        return layer == SandboxLayer.NONE ? "none: CSL_SANDBOX_LAYER=none" : layer.wireName();
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void builtins_eachLayer_workerRunsAndLayerIsNamed(SandboxLayer layer) throws IOException {
        assumeWorks(layer);
        RunOutcome outcome = run(layer, "mkdir src/made\ncat notes.txt\nls src", null, List.of());

        assertThat(outcome.ok()).as(String.valueOf(outcome.failure())).isTrue();
        assertThat(outcome.commands().get(2).stdout()).isEqualTo("made\n");
        assertThat(outcome.sandboxLayer()).isEqualTo(expectedName(layer));
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void node_eachLayer_preloadedScriptWritesInside(SandboxLayer layer) throws IOException {
        assumeWorks(layer);
        assumeTrue(dev.csl.runner.process.ProcessLauncher.findOnPath("node").isPresent());
        RunOutcome outcome =
                run(
                        layer,
                        "require('fs').writeFileSync('src/n.txt', 'node');"
                                + " console.log(require('fs').readFileSync('notes.txt', 'utf8'))",
                        "node",
                        List.of());

        assertThat(outcome.ok()).as(String.valueOf(outcome.failure())).isTrue();
        assertThat(root.resolve("src/n.txt")).hasContent("node");
        assertThat(outcome.sandboxLayer()).isEqualTo(expectedName(layer));
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void gitAndPython_eachLayer_run(SandboxLayer layer) throws Exception {
        assumeWorks(layer);
        run(layer, "pwd", null, List.of()); // makes the project
        Process init = new ProcessBuilder("git", "init", "-q", root.toString()).start();
        assertThat(init.waitFor()).isZero();
        RunOutcome status = run(layer, "git status --short", null, List.of());
        Files.writeString(
                root.resolve("src/x.py"), "open('src/out.txt', 'w').write('py')\nprint('done')\n");
        RunOutcome python = run(layer, "python3 src/x.py", null, List.of("python3 *"));

        assertThat(status.ok()).as(String.valueOf(status.failure())).isTrue();
        assertThat(status.commands().get(0).stdout()).contains("notes.txt");
        assertThat(python.ok()).as(String.valueOf(python.failure())).isTrue();
        assertThat(root.resolve("src/out.txt")).hasContent("py");
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void fileSizeCap_eachLayer_writePastItFailsNamingTheCap(SandboxLayer layer) throws IOException {
        assumeWorks(layer);
        assumeTrue(ConfineLauncher.machine().available(), ConfineLauncher.machine().why());
        run(layer, "pwd", null, List.of()); // makes the project
        Files.createDirectories(root.resolve(".csl"));
        Files.writeString(
                root.resolve(".csl/commands.json"),
                "{\"limits\": {\"fileSize\": 1, \"timeout\": 60}}\n");

        RunOutcome outcome =
                run(layer, "dd if=/dev/zero of=src/big bs=1048576 count=3", null, List.of("dd *"));

        assertThat(outcome.ok()).isFalse();
        assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
        assertThat(outcome.failure().message())
                .contains("past the cap of 1 MiB per file")
                .contains("SIGXFSZ");
        assertThat(outcome.failure().hint()).contains("\"limits\"");
        assertThat(Files.size(root.resolve("src/big"))).isLessThanOrEqualTo(1L << 20);
    }

    @ParameterizedTest
    @EnumSource(value = SandboxLayer.class, names = "CONTAINER", mode = EnumSource.Mode.EXCLUDE)
    void worker_jdk25_runsBuiltinsUnderEachLayer(SandboxLayer layer) throws IOException {
        assumeWorks(layer);
        Path java25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
        assumeTrue(Files.isExecutable(java25), "no JDK 25 at " + java25);
        run(layer, "pwd", null, List.of()); // makes the project
        RunnerConfig config = RunnerConfig.defaults(root).withLayer(layer);
        WorkerSource jdk25 =
                (dir, sandbox) -> {
                    List<String> command =
                            new java.util.ArrayList<>(TestSessions.LAUNCHER.command(dir));
                    command.set(0, java25.toString());
                    return WorkerProcess.start(sandbox.wrap(command, dir, false));
                };
        RunOutcome outcome;
        try (StandardRunSession session =
                new StandardRunSession(config, jdk25, TestSessions.TABLE)) {
            outcome =
                    session.run(
                            new RunRequest(
                                    "mkdir src/j25\nls src",
                                    null,
                                    null,
                                    null,
                                    ChangeRecorder.NONE));
        }

        assertThat(outcome.ok()).as(String.valueOf(outcome.failure())).isTrue();
        assertThat(outcome.commands().get(1).stdout()).isEqualTo("j25\n");
        assertThat(outcome.sandboxLayer()).isEqualTo(expectedName(layer));
    }
}
