package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.RunOutcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A session's handling of whole RUN blocks: checked first, run in order, stopped at a failure. */
class RunSessionTest {
    @TempDir static Path temp;
    private static Path root;
    private static StandardRunSession session;
    private final List<Path> recorded = new ArrayList<>();

    @BeforeAll
    static void open() throws IOException {
        root = temp.resolve("proj").toAbsolutePath();
        Files.createDirectories(root);
        session = TestSessions.open(root);
    }

    @AfterAll
    static void close() {
        session.close();
    }

    @BeforeEach
    void fixture() throws IOException {
        try (var s = Files.walk(root)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                if (!p.equals(root)) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(root.resolve("src"));
        Files.writeString(root.resolve("a.txt"), "a\n");
        Files.writeString(root.resolve("src/b.txt"), "b\n");
        recorded.clear();
    }

    private RunOutcome run(String content) {
        return run(content, null);
    }

    private RunOutcome run(String content, String dir) {
        return session.run(new RunRequest(content, dir, null, null, recorded::add));
    }

    private Path real(String rel) throws IOException {
        return root.toRealPath().resolve(rel);
    }

    @Nested
    class WholeBlockChecks {
        @Test
        void run_laterLineRefused_earlierLinesDoNotRun() {
            RunOutcome outcome = run("mkdir made\ntouch made/x\nls --bogus");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.UNKNOWN_FLAG);
            assertThat(outcome.failure().details()).containsEntry("line", 3);
            assertThat(outcome.commands()).isEmpty();
            assertThat(root.resolve("made")).doesNotExist();
            assertThat(recorded).isEmpty();
        }

        @Test
        void run_laterLineWithAShellOperator_nothingRuns() {
            RunOutcome outcome = run("mkdir made\ncat a.txt | head");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.SHELL_OPERATOR);
            assertThat(root.resolve("made")).doesNotExist();
        }

        @Test
        void run_escapingPathOnALaterLine_nothingRuns() {
            RunOutcome outcome = run("mkdir made\nrm -rf ../other");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(outcome.failure().details()).containsEntry("path", "../other");
            assertThat(root.resolve("made")).doesNotExist();
        }

        @Test
        void run_pathFromOutsideWhoseTailIsInside_hintNamesThatFile() {
            RunOutcome outcome = run("cat ../semver-1.0.14/src/b.txt");

            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(outcome.failure().hint())
                    .startsWith("src/b.txt is that file inside the working directory")
                    .doesNotContain("drop the leading");
        }

        @Test
        void run_pathFromOutsideWithNoTailInside_hintSaysDropTheDots() {
            RunOutcome outcome = run("cat ../semver-1.0.14/src/none.txt");

            assertThat(outcome.failure().hint()).contains("drop the leading ../");
        }

        @ParameterizedTest
        @ValueSource(
                strings = {"rm -rf .", "rm -r .git", "rm -rf .csl", "rm -r src/..", "mv .git x"})
        void run_removingTheWorkingDirOrGitOrCsl_protectedPath(String line) throws IOException {
            Files.createDirectories(root.resolve(".git"));
            Files.createDirectories(root.resolve(".csl"));
            RunOutcome outcome = run(line);
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(root.resolve(".git")).isDirectory();
            assertThat(root.resolve("a.txt")).exists();
        }

        @Test
        void run_mvAppliedTwice_secondSaysTheSourceIsGoneAndTheMoveAlreadyHappened()
                throws IOException {
            Files.writeString(root.resolve("old.txt"), "x\n");
            assertThat(run("mv old.txt new.txt").failure()).isNull();

            RunOutcome again = run("mv old.txt new.txt");

            assertThat(again.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertThat(again.failure().message()).contains("cannot stat 'old.txt'");
            assertThat(again.failure().hint()).contains("the mv already happened");
        }

        @Test
        void run_shellBuiltinCd_refusedWithTheDirHint() {
            RunOutcome outcome = run("cd src");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
            assertThat(outcome.failure().hint()).contains("dir=");
        }

        @Test
        void run_environmentAssignment_shellOperator() {
            assertThat(run("FOO=1 ls").failure().code()).isEqualTo(ErrorCode.SHELL_OPERATOR);
        }

        @Test
        void run_severalRefusedLines_everyOneNamedWithItsLineAndReason() {
            RunOutcome outcome =
                    run("ls | wc -l\nmkdir made\ncat a.txt > b.txt\nrm -rf ../x\nls --bogus");

            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.SHELL_OPERATOR);
            assertThat(outcome.failure().message())
                    .startsWith("4 command lines of this RUN block were refused")
                    .contains("Command line 1 uses a pipe")
                    .contains("Command line 3 uses a redirection")
                    .contains("Command line 4 (rm -rf ../x): ")
                    .contains("Command line 5");
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> refused =
                    (List<Map<String, Object>>) outcome.failure().details().get("refused");
            assertThat(refused)
                    .extracting(r -> r.get("line") + " " + r.get("code"))
                    .containsExactly(
                            "1 shell_operator",
                            "3 shell_operator",
                            "4 path_escape",
                            "5 unknown_flag");
            assertThat(outcome.commands()).isEmpty();
            assertThat(root.resolve("made")).doesNotExist();
        }

        @Test
        void run_unterminatedQuote_laterLinesAreNotGuessedAt() {
            RunOutcome outcome = run("echo 'oops\nls | wc");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.INVALID_SHELL_SYNTAX);
            assertThat(outcome.failure().details()).doesNotContainKey("refused");
        }

        @Test
        void run_unterminatedQuote_invalidShellSyntax() {
            assertThat(run("echo 'oops").failure().code())
                    .isEqualTo(ErrorCode.INVALID_SHELL_SYNTAX);
        }
    }

    @Nested
    class Running {
        @Test
        void run_commandsInOrder_eachWithItsResult() {
            RunOutcome outcome = run("mkdir -p out/deep\ntouch out/deep/x.txt\nls out/deep");
            assertThat(outcome.ok()).isTrue();
            assertThat(outcome.commands())
                    .extracting(CommandResult::command)
                    .containsExactly("mkdir -p out/deep", "touch out/deep/x.txt", "ls out/deep");
            assertThat(outcome.commands().get(2).stdout()).isEqualTo("x.txt\n");
            assertThat(outcome.sandboxLayer()).isNotBlank();
            assertThat(outcome.irreversible()).isFalse();
        }

        @Test
        void run_failingCommand_stopsTheBlockWithGnuStderr() {
            RunOutcome outcome = run("cat missing.txt\nmkdir after");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertThat(outcome.failure().details()).containsEntry("exitCode", 1);
            assertThat(outcome.failure().message())
                    .contains("cat: missing.txt: No such file or directory");
            assertThat(outcome.commands())
                    .singleElement()
                    .satisfies(
                            c -> {
                                assertThat(c.exitCode()).isEqualTo(1);
                                assertThat(c.stderr())
                                        .isEqualTo("cat: missing.txt: No such file or directory\n");
                            });
            assertThat(root.resolve("after")).doesNotExist();
        }

        @Test
        void run_grepWithoutMatch_isAnAnswerTheBlockGoesOnWithANote() {
            RunOutcome outcome = run("grep -rn nothing src\nmkdir after");
            assertThat(outcome.ok()).as("%s", outcome.failure()).isTrue();
            assertThat(outcome.commands())
                    .extracting(CommandResult::exitCode)
                    .containsExactly(1, 0);
            assertThat(outcome.notes())
                    .containsExactly("grep found no match (exit status 1): grep -rn nothing src");
            assertThat(root.resolve("after")).isDirectory();
        }

        @Test
        void run_diffOfDifferentFiles_isAnAnswerTheBlockGoesOnWithANote() {
            RunOutcome outcome = run("diff a.txt src/b.txt\nmkdir after");
            assertThat(outcome.ok()).as("%s", outcome.failure()).isTrue();
            assertThat(outcome.commands().get(0).exitCode()).isEqualTo(1);
            assertThat(outcome.commands().get(0).stdout()).contains("< a", "> b");
            assertThat(outcome.notes())
                    .containsExactly("the files differ (exit status 1): diff a.txt src/b.txt");
            assertThat(root.resolve("after")).isDirectory();
        }

        @Test
        void run_grepOfAMissingFile_exitTwoStillFailsAndStopsTheBlock() {
            RunOutcome outcome = run("grep x missing.txt\nmkdir after");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertThat(outcome.failure().details()).containsEntry("exitCode", 2);
            assertThat(outcome.notes()).isEmpty();
            assertThat(root.resolve("after")).doesNotExist();
        }

        @Test
        void run_diffOfAMissingFile_exitTwoStillFails() {
            RunOutcome outcome = run("diff a.txt missing.txt");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertThat(outcome.failure().details()).containsEntry("exitCode", 2);
        }

        @Test
        void run_otherBuiltinExitingOne_stillFails() {
            RunOutcome outcome = run("cat missing.txt");
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertThat(outcome.notes()).isEmpty();
        }
    }

    @Nested
    class CheckOnly {
        private dev.csl.runner.base.RunFailure check(String content, String dir) {
            return session.check(
                    new RunRequest(content, dir, null, null, recorded::add), d -> false);
        }

        @Test
        void check_cleanBlock_passesAndRunsNothing() {
            assertThat(check("mkdir made\ntouch made/x\nrm a.txt", null)).isNull();
            assertThat(root.resolve("made")).doesNotExist();
            assertThat(root.resolve("a.txt")).exists();
            assertThat(recorded).isEmpty();
        }

        @ParameterizedTest
        @org.junit.jupiter.params.provider.CsvSource(
                delimiter = '!',
                value = {
                    "cat a.txt | tail -n 1 ! shell_operator",
                    "cd src ! command_not_allowed",
                    "ls --frobnicate ! unknown_flag",
                    "git commit -m x ! command_not_allowed",
                    "cat ../outside.txt ! path_escape",
                    "rm -r .git ! protected_path",
                    "head -n ! invalid_flag_value",
                    "mv a.txt ! wrong_argument_count",
                })
        void check_blockARealRunRefuses_refusedWithTheSameCode(String block, String code) {
            assertThat(check(block.strip(), null).code().wireName()).isEqualTo(code.strip());
            assertThat(run(block.strip()).failure().code().wireName()).isEqualTo(code.strip());
        }

        @Test
        void check_commandNotApproved_refusedWithoutAsking() {
            assertThat(check("ls\nsh -c true", null).code())
                    .isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
        }

        @Test
        void check_missingDir_refusedUnlessAnEarlierOperationMakesIt() {
            assertThat(check("ls", "later").code()).isEqualTo(ErrorCode.INVALID_WORKING_DIRECTORY);
            RunRequest request =
                    new RunRequest("cat x.txt ../a.txt", "later/deep", null, null, null);
            assertThat(session.check(request, d -> d.endsWith("later/deep"))).isNull();
            RunRequest escaping = new RunRequest("cat ../../../x", "later/deep", null, null, null);
            assertThat(session.check(escaping, d -> true).code()).isEqualTo(ErrorCode.PATH_ESCAPE);
            RunRequest home = new RunRequest("cat ~/x", "later/deep", null, null, null);
            assertThat(session.check(home, d -> true).code()).isEqualTo(ErrorCode.INVALID_PATH);
            assertThat(root.resolve("later")).doesNotExist();
        }

        @Test
        void check_freshSession_startsNoWorkerNorAnyProcessAndAsksNobody() {
            List<String> asked = new ArrayList<>();
            var config =
                    new dev.csl.runner.base.RunnerConfig(
                            root,
                            30,
                            1024,
                            dev.csl.runner.base.SandboxMode.AUTO,
                            List.of(),
                            false,
                            command -> {
                                asked.add(command);
                                return dev.csl.runner.base.Prompter.Answer.YES;
                            });
            long children = ProcessHandle.current().children().count();
            try (StandardRunSession fresh = TestSessions.open(config)) {
                assertThat(fresh.check(TestSessions.request("ls\ncat a.txt"), d -> false)).isNull();
                assertThat(fresh.check(TestSessions.request("sh -c true"), d -> false).code())
                        .isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
                assertThat(fresh.currentWorker()).isNull();
                assertThat(ProcessHandle.current().children().count()).isEqualTo(children);
            }
            assertThat(asked).isEmpty();
        }

        @Test
        void check_nodeBlock_refusedOnlyWhereNodeIsMissingAndRunsNothing() {
            RunRequest node =
                    new RunRequest(
                            "require('fs').writeFileSync('n.txt', 'x')", null, "node", null, null);
            dev.csl.runner.base.RunFailure refusal = session.check(node, d -> false);
            if (dev.csl.runner.process.ProcessLauncher.findOnPath("node").isPresent()) {
                assertThat(refusal).isNull();
            } else {
                assertThat(refusal.code()).isEqualTo(ErrorCode.NODE_UNAVAILABLE);
            }
            assertThat(root.resolve("n.txt")).doesNotExist();
            RunRequest badDir = new RunRequest("1", "../x", "node", null, null);
            assertThat(session.check(badDir, d -> true).code())
                    .isEqualTo(ErrorCode.INVALID_WORKING_DIRECTORY);
        }

        @Test
        void check_dirOutside_refusedEvenIfSaidToBeMadeEarlier() {
            RunRequest request = new RunRequest("ls", "../elsewhere", null, null, null);
            assertThat(session.check(request, d -> true).code())
                    .isEqualTo(ErrorCode.INVALID_WORKING_DIRECTORY);
        }
    }

    @Nested
    class Recording {
        @Test
        void run_mutatingBuiltins_recordTheirTargetsBeforeRunning() throws IOException {
            RunOutcome outcome =
                    run(
                            "mkdir -p new/deep\ntouch new/deep/t.txt\ncp a.txt new\nmv src moved\nrm a.txt");
            assertThat(outcome.ok()).as("%s", outcome.failure()).isTrue();
            assertThat(recorded)
                    .containsExactly(
                            real("new"),
                            real("new/deep/t.txt"),
                            real("new/a.txt"),
                            real("src"),
                            real("moved"),
                            real("a.txt"));
        }

        @Test
        void run_readOnlyBuiltins_recordNothing() {
            run("cat a.txt\nls -R\nfind .\ngrep -r a .");
            assertThat(recorded).isEmpty();
        }

        @Test
        void run_recorderFails_commandDoesNotRun() {
            RunOutcome outcome =
                    session.run(
                            new RunRequest(
                                    "mkdir made",
                                    null,
                                    null,
                                    null,
                                    p -> {
                                        throw new IOException("disk full");
                                    }));
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.IO_ERROR);
            assertThat(outcome.failure().message()).contains("disk full");
            assertThat(root.resolve("made")).doesNotExist();
        }
    }

    @Nested
    class Dir {
        @Test
        void run_withDir_runsThere() throws IOException {
            RunOutcome outcome = run("pwd\ncat b.txt", "src");
            assertThat(outcome.commands().get(0).stdout()).isEqualTo(real("src") + "\n");
            assertThat(outcome.commands().get(1).stdout()).isEqualTo("b\n");
        }

        @Test
        void run_withDir_pathsStayConfinedToTheWorkingDirectory() {
            assertThat(run("cat ../a.txt", "src").ok()).isTrue();
            assertThat(run("cat ../../x", "src").failure().code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        }

        @ParameterizedTest
        @ValueSource(strings = {"missing", "a.txt", "..", "/etc", "~/x"})
        void run_badDir_invalidWorkingDirectory(String dir) {
            RunOutcome outcome = run("ls", dir);
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.INVALID_WORKING_DIRECTORY);
            assertThat(outcome.failure().details()).containsEntry("dir", dir);
            assertThat(outcome.commands()).isEmpty();
        }
    }

    @Nested
    class NotBuiltins {
        @ParameterizedTest
        @ValueSource(
                strings = {
                    "git push",
                    "git -C .. status",
                    "git branch newbranch",
                    "git diff --output=x",
                    "git branch -D main"
                })
        void run_gitThatIsNotReadOnly_commandNotAllowed(String line) {
            RunOutcome outcome = run(line);
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
            assertThat(outcome.commands()).isEmpty();
        }

        @ParameterizedTest
        @ValueSource(
                strings = {
                    "git status ../x",
                    "git diff -- /etc/passwd",
                    "git show HEAD:../x",
                    "git log ../other"
                })
        void run_gitWithAnEscapingPath_refused(String line) {
            RunOutcome outcome = run(line);
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        }

        @Test
        void run_unknownProgram_askedForApprovalAndNothingRuns() {
            RunOutcome outcome = run("mkdir made\nnpm publish");
            assertThat(outcome.failure().code().wireName()).startsWith("command_");
            assertThat(outcome.commands()).isEmpty();
            assertThat(root.resolve("made")).doesNotExist();
        }

        @Test
        void run_nodeBlock_isNotSplitAsCommands() {
            RunOutcome outcome =
                    session.run(
                            new RunRequest(
                                    "console.log(1 | 2)", null, "node", null, ChangeRecorder.NONE));
            if (outcome.failure() != null) {
                assertThat(outcome.failure().code())
                        .isNotIn(ErrorCode.SHELL_OPERATOR, ErrorCode.UNKNOWN_FLAG);
            }
        }
    }
}
