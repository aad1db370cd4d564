package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the session hands to ExternalCommands: read-only git, approved programs, Node blocks. */
class ExternalDelegationTest {
    @TempDir Path root;

    private static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    private RunnerConfig config(List<String> allowed) {
        RunnerConfig d = RunnerConfig.defaults(root);
        return new RunnerConfig(
                root,
                d.defaultTimeoutSeconds(),
                d.outputCapBytes(),
                d.sandbox(),
                allowed,
                false,
                null);
    }

    @Test
    void run_readOnlyGit_runsTheRealGitWithoutApproval() throws Exception {
        assumeTrue(onPath("git"), "git is not installed");
        Process init = new ProcessBuilder("git", "init", "-q", root.toString()).start();
        assertThat(init.waitFor()).isZero();
        Files.writeString(root.resolve("a.txt"), "a\n");
        try (StandardRunSession session = TestSessions.open(config(List.of()))) {
            RunOutcome outcome = session.run(TestSessions.request("git status --short\ncat a.txt"));
            assertThat(outcome.ok()).as("%s", outcome.failure()).isTrue();
            assertThat(outcome.commands().get(0).stdout()).contains("?? a.txt");
            assertThat(outcome.commands().get(1).stdout()).isEqualTo("a\n");
            assertThat(outcome.irreversible()).isFalse();
        }
    }

    @Test
    void run_approvedProgram_runsAndMarksTheBlockIrreversible() throws IOException {
        assumeTrue(onPath("true"), "no true program");
        Files.writeString(root.resolve("a.txt"), "a\n");
        try (StandardRunSession session = TestSessions.open(config(List.of("true")))) {
            RunOutcome outcome = session.run(TestSessions.request("cat a.txt\ntrue"));
            assertThat(outcome.ok()).as("%s", outcome.failure()).isTrue();
            assertThat(outcome.commands()).hasSize(2);
            assertThat(outcome.irreversible()).isTrue();
        }
    }

    @Test
    void run_unapprovedProgram_refusedBeforeTheBuiltinsRun() throws IOException {
        try (StandardRunSession session = TestSessions.open(config(List.of()))) {
            RunOutcome outcome = session.run(TestSessions.request("mkdir made\nnpm test"));
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
            assertThat(outcome.commands()).isEmpty();
            assertThat(root.resolve("made")).doesNotExist();
        }
    }

    @Test
    void run_nodeBlock_runsAsAProgramNotAsCommandLines() {
        assumeTrue(onPath("node"), "node is not installed");
        try (StandardRunSession session = TestSessions.open(config(List.of()))) {
            RunOutcome outcome =
                    session.run(
                            new RunRequest(
                                    "const x = [1, 2].map((n) => n * 2);\nconsole.log(x.join('|'))",
                                    null,
                                    "node",
                                    null,
                                    ChangeRecorder.NONE));
            if (outcome.failure() != null) {
                assertThat(outcome.failure().code()).isEqualTo(ErrorCode.NODE_UNAVAILABLE);
                return;
            }
            assertThat(outcome.commands().get(0).stdout()).isEqualTo("2|4\n");
            assertThat(session.currentWorker()).as("no worker for a Node block").isNull();
        }
    }
}
