package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Read-only git with the real git: no configuration may make it run a program (issue 12). Every
 * case configures a program that would create a marker file outside the working directory; the
 * marker must never appear.
 */
class ReadOnlyGitTest {
    @TempDir Path tmp;
    private Path root;
    private Path marker;

    @BeforeEach
    void setUp() throws Exception {
        assumeTrue(onPath("git"), "git is not installed");
        root = Files.createDirectories(tmp.resolve("work"));
        marker = tmp.resolve("marker");
        // The sandbox would keep the marker out anyway (read-only host): test git's own layer.
        assumeTrue(run("git", "init", "-q", root.toString()) == 0);
        Files.writeString(root.resolve("a.txt"), "a\n");
        Files.writeString(root.resolve("b.bin"), "b\n");
        run("git", "-C", root.toString(), "add", ".");
        run(
                "git",
                "-C",
                root.toString(),
                "-c",
                "user.name=t",
                "-c",
                "user.email=t@t",
                "commit",
                "-qm",
                "one");
        Files.writeString(root.resolve("a.txt"), "a changed\n");
        Files.writeString(root.resolve("b.bin"), "b changed\n");
    }

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private static int run(String... argv) throws Exception {
        Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        return p.waitFor();
    }

    private RunOutcome csl(String block) {
        return csl(block, null);
    }

    private RunOutcome csl(String block, String dir) {
        RunnerConfig d = RunnerConfig.defaults(root);
        RunnerConfig config =
                new RunnerConfig(
                        root,
                        d.defaultTimeoutSeconds(),
                        d.outputCapBytes(),
                        SandboxMode.OFF,
                        List.of(),
                        false,
                        null);
        try (StandardRunSession session = TestSessions.open(config)) {
            return session.run(new RunRequest(block, dir, null, null, path -> {}));
        }
    }

    private String touch() {
        return "touch " + marker;
    }

    static Stream<Arguments> programKeys() {
        return Stream.of(
                Arguments.of("core.fsmonitor", "[core]\n\tfsmonitor = \"%s\"\n", "", "git status"),
                Arguments.of("diff.external", "[diff]\n\texternal = \"%s\"\n", "", "git diff"),
                Arguments.of(
                        "diff.<driver>.textconv",
                        "[diff \"x\"]\n\ttextconv = \"sh -c '%s'\"\n",
                        "*.bin diff=x\n",
                        "git diff"),
                Arguments.of(
                        "diff.<driver>.command",
                        "[diff \"x\"]\n\tcommand = \"%s\"\n",
                        "*.bin diff=x\n",
                        "git diff"),
                Arguments.of(
                        "filter.<driver>.clean",
                        "[filter \"x\"]\n\tclean = \"sh -c '%s; cat'\"\n\trequired = true\n",
                        "*.bin filter=x\n",
                        "git diff"),
                Arguments.of(
                        "filter.<driver>.process",
                        "[filter \"y\"]\n\tprocess = \"%s\"\n",
                        "*.bin filter=y\n",
                        "git diff"),
                Arguments.of(
                        "core.hooksPath (post-index-change)",
                        "[core]\n\thooksPath = HOOKS\n",
                        "",
                        "git status"),
                Arguments.of(
                        "include.path to a file naming a program",
                        "[include]\n\tpath = INCLUDED\n",
                        "",
                        "git status"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("programKeys")
    void readOnlyGit_repositoryConfigNamesAProgram_programNeverRuns(
            String key, String config, String attributes, String command) throws Exception {
        Path hooks = Files.createDirectories(tmp.resolve("hooks"));
        Path hook = hooks.resolve("post-index-change");
        Files.writeString(hook, "#!/bin/sh\n" + touch() + "\n");
        hook.toFile().setExecutable(true);
        Path included = tmp.resolve("included.cfg");
        Files.writeString(included, "[core]\n\tfsmonitor = \"" + touch() + "\"\n");
        String text =
                String.format(config, touch())
                        .replace("HOOKS", hooks.toString())
                        .replace("INCLUDED", included.toString());
        Files.writeString(
                root.resolve(".git/config"), Files.readString(root.resolve(".git/config")) + text);
        if (!attributes.isEmpty()) {
            Files.writeString(root.resolve(".gitattributes"), attributes);
        }

        RunOutcome outcome = csl(command);

        assertThat(marker).as(key + " ran a program; " + outcome.commands()).doesNotExist();
    }

    @Test
    void readOnlyGit_directoryShapedLikeARepository_neverTakenForOne() throws Exception {
        Path evil = Files.createDirectories(root.resolve("evil"));
        Files.createDirectories(evil.resolve("objects"));
        Files.createDirectories(evil.resolve("refs/heads"));
        Files.writeString(evil.resolve("HEAD"), "ref: refs/heads/main\n");
        Files.writeString(
                evil.resolve("config"),
                "[core]\n\trepositoryformatversion = 0\n\tbare = false\n\tworktree = ..\n"
                        + "\tfsmonitor = \""
                        + touch()
                        + "\"\n[diff]\n\texternal = \""
                        + touch()
                        + "\"\n");

        RunOutcome inEvil = csl("git status\ngit diff", "evil");
        RunOutcome atRoot = csl("git status", null);

        assertThat(marker).as("%s", inEvil.commands()).doesNotExist();
        assertThat(inEvil.ok()).isFalse();
        assertThat(inEvil.commands().get(0).stderr()).contains("bare repository");
        assertThat(atRoot.ok()).as("%s", atRoot.failure()).isTrue();
        assertThat(atRoot.commands().get(0).stdout()).contains("a.txt");
    }

    @Test
    void gitThatWrites_refusedWithAHintThatDoesNotPromiseApproval() {
        RunOutcome outcome = csl("git commit -m x");

        assertThat(outcome.failure().code()).isEqualTo("command_not_allowed");
        assertThat(outcome.failure().hint()).doesNotContain("csl allow").contains("read-only git");
    }
}
