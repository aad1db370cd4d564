package dev.csl.runner.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.CommandOutcome;
import dev.csl.runner.base.ExternalCommands;
import dev.csl.runner.base.Prompter;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.process.RunningProcesses;
import dev.csl.runner.sandbox.SandboxProbe;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Approval flows end to end: commands.json, --allow, --yes, a prompter; real processes. */
class ExternalCommandsTest {
    @TempDir Path wd;

    private final List<String> asked = new ArrayList<>();

    private ExternalCommands commands(List<String> allowOnce, boolean yes, Prompter prompter) {
        return commandsIn(wd, allowOnce, yes, prompter);
    }

    private ExternalCommands commandsIn(
            Path dir, List<String> allowOnce, boolean yes, Prompter prompter) {
        return ExternalCommandsFactory.create(
                new RunnerConfig(
                        dir,
                        RunnerConfig.DEFAULT_TIMEOUT_SECONDS,
                        RunnerConfig.DEFAULT_OUTPUT_CAP,
                        SandboxMode.AUTO,
                        allowOnce,
                        yes,
                        prompter));
    }

    private ExternalCommands commands() {
        return commands(List.of(), false, null);
    }

    private Prompter answering(Prompter.Answer answer) {
        return command -> {
            asked.add(command);
            return answer;
        };
    }

    private void commandsJson(String json) throws IOException {
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(wd.resolve(".csl/commands.json"), json);
    }

    /** Writes commands.json as the user would, and trusts it as {@code csl trust} does. */
    private void trustedCommandsJson(String json) throws IOException {
        commandsJson(json);
        dev.csl.runner.approval.ProjectTrust.trustAsWritten(wd);
    }

    private String commandsJson() throws IOException {
        return Files.readString(wd.resolve(".csl/commands.json"));
    }

    @Nested
    class NotApproved {
        @Test
        void check_unknownCommand_notApprovedWithTheExactWayToApprove() {
            RunFailure failure = commands().check(List.of("printf", "ok"), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
            assertThat(failure.message())
                    .isEqualTo("'printf ok' is not approved to run in this project");
            assertThat(failure.hint())
                    .contains("csl allow 'printf ok'")
                    .contains("--allow 'printf ok'");
            assertThat(wd.resolve(".csl")).doesNotExist();
        }

        @Test
        void check_missingProgram_commandNotFoundWithoutAsking() {
            RunFailure failure =
                    commands(List.of(), false, answering(Prompter.Answer.YES))
                            .check(List.of("no-such-program-csl", "x"), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.COMMAND_NOT_FOUND);
            assertThat(failure.message()).contains("'no-such-program-csl'");
            assertThat(asked).isEmpty();
        }

        @Test
        void check_clonedCommandsJsonAllowsEverything_refusedSayingTheFileIsNotTrusted()
                throws IOException {
            commandsJson("{\"allowed\": [\"*\"], \"network\": [\"*\"]}"); // as a clone brings it

            RunFailure failure = commands().check(List.of("printf", "ok"), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
            assertThat(failure.message())
                    .contains("the entry '*' of .csl/commands.json would allow it")
                    .contains("no record that the user made or reviewed that file");
            assertThat(failure.hint()).contains("csl trust").contains("csl allow 'printf ok'");
        }

        @Test
        void check_promptAlwaysInClonedFile_approvesThatCommandOnly() throws IOException {
            commandsJson("{\"allowed\": [\"*\"]}");
            commands(List.of(), false, answering(Prompter.Answer.ALWAYS))
                    .check(List.of("printf", "ok"), wd);

            ExternalCommands next = commands();

            assertThat(next.check(List.of("printf", "ok"), wd)).isNull();
            assertThat(next.check(List.of("printf", "other"), wd).code())
                    .isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
            assertThat(commandsJson()).contains("\"*\"").contains("\"printf ok\"");
        }

        @Test
        void check_malformedCommandsJson_refusedNamingTheFile() throws IOException {
            commandsJson("{\"allowed\": [\"printf ok\"");

            RunFailure failure = commands().check(List.of("printf", "ok"), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
            assertThat(failure.message()).contains(".csl/commands.json is not valid JSON");
        }
    }

    @Nested
    class CommandsFile {
        @Test
        void check_exactEntry_approvedAndRunsWithOutput() throws IOException {
            trustedCommandsJson("{\"allowed\": [\"printf ok\"], \"blocked\": []}");
            ExternalCommands external = commands();

            assertThat(external.check(List.of("printf", "ok"), wd)).isNull();
            CommandOutcome outcome = external.run(List.of("printf", "ok"), wd, 10);

            assertThat(outcome.ok()).isTrue();
            assertThat(outcome.result().stdout()).isEqualTo("ok");
            assertThat(external.check(List.of("printf", "ok", "more"), wd).code())
                    .isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
        }

        @Test
        void check_prefixEntry_matchesPrefixAndLongerButNotOtherWords() throws IOException {
            trustedCommandsJson("{\"allowed\": [\"printf a *\"]}");
            ExternalCommands external = commands();

            assertThat(external.check(List.of("printf", "a"), wd)).isNull();
            assertThat(external.check(List.of("printf", "a", "b", "c"), wd)).isNull();
            assertThat(external.check(List.of("printf", "ab"), wd).code())
                    .isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
            assertThat(external.check(List.of("printf", "b", "a"), wd).code())
                    .isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
        }

        @Test
        void check_blockedBeatsAllowedFlagAndYes() throws IOException {
            trustedCommandsJson(
                    "{\"allowed\": [\"printf *\"], \"blocked\": [\"printf secret *\"]}");

            for (ExternalCommands external :
                    List.of(
                            commands(),
                            commands(List.of("printf secret"), false, null),
                            commands(List.of(), true, answering(Prompter.Answer.YES)))) {
                RunFailure failure = external.check(List.of("printf", "secret"), wd);
                assertThat(failure.code()).isEqualTo(ErrorCode.COMMAND_BLOCKED);
                assertThat(failure.message())
                        .isEqualTo(
                                "'printf secret' is blocked in this project by the entry"
                                        + " 'printf secret *' of .csl/commands.json");
                assertThat(external.check(List.of("printf", "public"), wd)).isNull();
            }
            assertThat(asked).isEmpty();
        }
    }

    @Nested
    class Flags {
        @Test
        void check_allowFlag_approvesForThisApplyOnlyAndWritesNothing() {
            ExternalCommands once = commands(List.of("printf ok"), false, null);

            assertThat(once.check(List.of("printf", "ok"), wd)).isNull();
            assertThat(commands().check(List.of("printf", "ok"), wd).code())
                    .isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
            assertThat(wd.resolve(".csl")).doesNotExist();
        }

        @Test
        void check_allowFlagWithPattern_approvesMatchingCommands() {
            ExternalCommands once = commands(List.of("printf *"), false, null);

            assertThat(once.check(List.of("printf", "x", "y"), wd)).isNull();
            assertThat(once.check(List.of("true"), wd).code())
                    .isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
        }

        @Test
        void check_yes_approvesEverythingNotBlocked() {
            ExternalCommands all = commands(List.of(), true, null);

            assertThat(all.check(List.of("true"), wd)).isNull();
            assertThat(all.check(List.of("printf", "z"), wd)).isNull();
        }
    }

    @Nested
    class Prompt {
        @Test
        void check_answeredYes_approvedOnceAskedOncePerCommandNothingSaved() {
            ExternalCommands external = commands(List.of(), false, answering(Prompter.Answer.YES));

            assertThat(external.check(List.of("printf", "ok"), wd)).isNull();
            assertThat(external.check(List.of("printf", "ok"), wd)).isNull();

            assertThat(asked).containsExactly("printf ok");
            assertThat(wd.resolve(".csl/commands.json")).doesNotExist();
        }

        @Test
        void check_answeredNo_notApprovedAsDeclined() {
            RunFailure failure =
                    commands(List.of(), false, answering(Prompter.Answer.NO))
                            .check(List.of("printf", "ok"), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
            assertThat(failure.message())
                    .isEqualTo("'printf ok' was not run: the user declined it");
        }

        @Test
        void check_answeredAlways_savedAsAllowedForLaterApplies() throws IOException {
            trustedCommandsJson("{\"allowed\": [\"true\"], \"blocked\": [], \"note\": \"kept\"}");

            assertThat(
                            commands(List.of(), false, answering(Prompter.Answer.ALWAYS))
                                    .check(List.of("printf", "ok"), wd))
                    .isNull();

            assertThat(commandsJson())
                    .contains("\"allowed\" : [ \"true\", \"printf ok\" ]")
                    .contains("\"note\" : \"kept\"");
            assertThat(commands().check(List.of("printf", "ok"), wd)).isNull();
        }

        @Test
        void check_wordWithSpaces_shownShellQuotedWithAHintThatApprovesExactlyIt() {
            RunFailure failure = commands().check(List.of("printf", "%s", "a b"), wd);

            assertThat(failure.message())
                    .isEqualTo("`printf %s 'a b'` is not approved to run in this project");
            assertThat(failure.details()).containsEntry("command", "printf %s 'a b'");
            assertThat(failure.hint())
                    .contains("`csl allow printf %s 'a b'`")
                    .contains("`--allow \"printf %s 'a b'\"`");
        }

        @Test
        void check_answeredAlwaysForQuotedWords_approvesThatVectorOnly() throws IOException {
            assertThat(
                            commands(List.of(), false, answering(Prompter.Answer.ALWAYS))
                                    .check(List.of("printf", "a b"), wd))
                    .isNull();

            assertThat(asked).containsExactly("printf 'a b'");
            assertThat(commandsJson()).contains("\"printf 'a b'\"");
            assertThat(commands().check(List.of("printf", "a b"), wd)).isNull();
            assertThat(commands().check(List.of("printf", "a", "b"), wd).code())
                    .isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
        }

        @Test
        void check_answeredNever_savedAsBlockedAndRefused() throws IOException {
            RunFailure failure =
                    commands(List.of(), false, answering(Prompter.Answer.NEVER))
                            .check(List.of("printf", "ok"), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.COMMAND_BLOCKED);
            assertThat(commandsJson()).contains("\"blocked\" : [ \"printf ok\" ]");
            assertThat(commands(List.of(), true, null).check(List.of("printf", "ok"), wd).code())
                    .isEqualTo(ErrorCode.COMMAND_BLOCKED);
        }
    }

    @Nested
    class Operands {
        @Test
        void check_operandLeavingWorkingDir_pathEscapeNamingPathAndRoot() throws IOException {
            RunFailure failure =
                    commands(List.of(), true, null).check(List.of("sort", "../outside.txt"), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(failure.message())
                    .contains("../outside.txt")
                    .contains(wd.toRealPath().toString());
            assertThat(failure.details()).containsEntry("path", "../outside.txt");
        }

        @Test
        void check_optionValueAbsoluteOutside_pathEscape() {
            RunFailure failure =
                    commands(List.of(), true, null)
                            .check(List.of("sort", "--output=/etc/passwd", "x"), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        }

        @Test
        void check_tildeOperand_invalidPath() {
            RunFailure failure =
                    commands(List.of(), true, null).check(List.of("sort", "~/notes.txt"), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.INVALID_PATH);
        }

        @Test
        void check_insideOperandsUrlsAndInlineCode_approved() throws IOException {
            Files.createDirectories(wd.resolve("src"));
            ExternalCommands all = commands(List.of(), true, null);

            assertThat(all.check(List.of("sort", "src/a.txt", "./b", wd + "/c"), wd)).isNull();
            assertThat(all.check(List.of("printf", "https://example.com/x/y"), wd)).isNull();
            assertThat(all.check(List.of("printf", "print('/etc/x') # a / b"), wd)).isNull();
        }

        @Test
        void check_programByRelativePathOutside_pathEscape() throws IOException {
            String outsideTrue = wd.toRealPath().relativize(Path.of("/usr/bin/true")).toString();

            RunFailure failure = commands(List.of(), true, null).check(List.of(outsideTrue), wd);

            assertThat(failure.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        }

        @Test
        void check_programByAbsolutePathOrInside_approved() throws IOException {
            Path script = Files.writeString(wd.resolve("run.sh"), "#!/bin/sh\necho fine\n");
            script.toFile().setExecutable(true);
            ExternalCommands all = commands(List.of(), true, null);

            assertThat(all.check(List.of("/usr/bin/true"), wd)).isNull();
            assertThat(all.check(List.of("./run.sh"), wd)).isNull();
            assertThat(all.run(List.of("./run.sh"), wd, 10).result().stdout()).isEqualTo("fine\n");
        }
    }

    @Nested
    class RequiredWithoutSandbox {
        private final ExternalCommands required =
                new SandboxedCommands(
                        new RunnerConfig(
                                wd, 30, 1 << 20, SandboxMode.REQUIRED, List.of(), true, null),
                        dev.csl.runner.sandbox.Sandbox.of(
                                SandboxMode.REQUIRED,
                                SandboxProbe.unavailable("bwrap not installed")),
                        new ProcessLauncher(1 << 20),
                        dev.csl.fsguard.GuardedFiles::open);

        @Test
        void checkRunAndRunNode_refuseAndNothingRuns() {
            RunFailure check = required.check(List.of("touch", "made.txt"), wd);
            CommandOutcome run = required.run(List.of("touch", "made.txt"), wd, 10);
            RunFailure node =
                    required.runNode("require('fs').writeFileSync('made.txt', '')", wd, 10)
                            .failure();

            assertThat(List.of(check, run.failure(), node))
                    .allSatisfy(
                            failure -> {
                                assertThat(failure.code()).isEqualTo(ErrorCode.COMMAND_NOT_ALLOWED);
                                assertThat(failure.message())
                                        .contains("--sandbox required")
                                        .contains("bwrap not installed");
                            });
            assertThat(wd.resolve("made.txt")).doesNotExist();
            assertThat(required.sandboxLayer()).isEqualTo("none: bwrap not installed");
        }
    }

    @Nested
    class Sandboxed {
        /**
         * Bubblewrap's view, which these cases assume: the host is bound read-only, the working
         * directory writable, /tmp and /dev/shm are fresh and private, and the directory the
         * project sits in is covered by an empty read-only tmpfs (its siblings are hidden). So an
         * "outside" file is made where that view is known wherever the checkout and the test's
         * temporary directory are: beside the project, or in /var/tmp (the host's, not private). A
         * file under the fresh /tmp would not do: a write there lands in the private copy.
         */
        enum Outside {
            BESIDE_THE_PROJECT,
            HOST_VAR_TMP
        }

        @ParameterizedTest
        @EnumSource(Outside.class)
        void run_approvedCommandWritingOutside_failsAndOutsideUnchanged(Outside where)
                throws IOException {
            assumeTrue(SandboxProbe.machine().works(), SandboxProbe.machine().why());
            Path project = wd;
            Path outsideFile;
            if (where == Outside.BESIDE_THE_PROJECT) {
                project = Files.createDirectory(wd.resolve("project"));
                outsideFile = wd.resolve("outside.txt");
            } else {
                Path varTmp = Path.of("/var/tmp");
                assumeTrue(Files.isDirectory(varTmp) && Files.isWritable(varTmp), "no /var/tmp");
                outsideFile = Files.createTempFile(varTmp, "csl-outside-", ".txt");
            }
            try {
                Files.writeString(outsideFile, "original");
                ExternalCommands all = commandsIn(project, List.of(), true, null);

                CommandOutcome outcome =
                        all.run(List.of("cp", "/dev/null", outsideFile.toString()), project, 10);

                assertThat(all.sandboxLayer()).isEqualTo("bubblewrap");
                assertThat(outcome.failure()).as("the write outside failed").isNotNull();
                assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
                assertThat(outcome.result().stderr()).contains("Read-only file system");
                assertThat(outcome.failure().message())
                        .contains("the sandbox refused a write to " + outsideFile)
                        .contains("only " + project.toRealPath() + " is writable");
                assertThat(Files.readString(outsideFile)).isEqualTo("original");
            } finally {
                Files.deleteIfExists(outsideFile);
            }
        }

        @Test
        void run_networkOnlyForCommandsApprovedWithNetwork() throws IOException {
            assumeTrue(SandboxProbe.machine().works(), SandboxProbe.machine().why());
            assumeTrue(ProcessLauncher.findProgram("node", wd).isPresent(), "node missing");
            try (ServerSocket server = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
                List<String> connect =
                        List.of(
                                "node",
                                "-e",
                                "require('net').connect("
                                        + server.getLocalPort()
                                        + ", '127.0.0.1').on('connect', () => process.exit(0))");
                trustedCommandsJson("{\"allowed\": [\"node *\"], \"network\": [\"node -e *\"]}");
                ExternalCommands withNetwork = commands();
                assertThat(withNetwork.check(connect, wd)).isNull();
                CommandOutcome online = withNetwork.run(connect, wd, 10);

                trustedCommandsJson("{\"allowed\": [\"node *\"]}");
                ExternalCommands offline = commands();
                assertThat(offline.check(connect, wd)).isNull();
                CommandOutcome refused = offline.run(connect, wd, 10);

                assertThat(online.ok()).as(online.result().stderr()).isTrue();
                assertThat(refused.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
                assertThat(refused.result().stderr()).contains("ECONNREFUSED");
            }
        }
    }

    /** Without the OS sandbox: what a command leaves behind still ends with it (issue 12). */
    @Nested
    class WithoutSandbox {
        private ExternalCommands off() {
            return ExternalCommandsFactory.create(
                    new RunnerConfig(
                            wd,
                            RunnerConfig.DEFAULT_TIMEOUT_SECONDS,
                            RunnerConfig.DEFAULT_OUTPUT_CAP,
                            SandboxMode.OFF,
                            List.of(),
                            true,
                            null));
        }

        @Test
        void run_detachedProcessThatEmptiedItsEnvironment_endsWithTheCommand() {
            org.junit.jupiter.api.Assumptions.assumeTrue(
                    PidNamespace.machine().active(),
                    "unshare --pid works neither as root nor in a user namespace here: only the"
                            + " environment token finds stragglers, and this one has none");
            String seconds =
                    "3595.0" + ProcessHandle.current().pid(); // an hour: outlives any wait here
            List<String> argv =
                    List.of(
                            "sh",
                            "-c",
                            "setsid env -i sleep "
                                    + seconds
                                    + " >/dev/null 2>&1 </dev/null & echo started");
            ExternalCommands commands = off();
            try {
                assertThat(commands.check(argv, wd)).isNull();

                CommandOutcome outcome = commands.run(argv, wd, 10);

                assertThat(outcome.ok()).as(outcome.result().stderr()).isTrue();
                assertThat(outcome.result().stdout()).isEqualTo("started\n");
                assertThat(commands.sandboxLayer()).startsWith("none");
                // the kill is sent; how soon the process is gone depends on the machine
                long deadline = System.nanoTime() + 300_000_000_000L;
                while (!RunningProcesses.withArgument(seconds).isEmpty()
                        && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                }
                assertThat(RunningProcesses.withArgument(seconds))
                        .as("a detached process without the token")
                        .isEmpty();
            } finally {
                RunningProcesses.withArgument(seconds).forEach(ProcessHandle::destroyForcibly);
            }
        }
    }

    /**
     * Issue 24, attack 3: a command or Node script that makes git metadata fails with
     * protected_path and what it made is gone, whichever layer it ran under (bubblewrap where it
     * works, none with --sandbox off).
     */
    @Nested
    class PlantedMetadata {
        private ExternalCommands under(SandboxMode mode) {
            return ExternalCommandsFactory.create(
                    new RunnerConfig(
                            wd,
                            RunnerConfig.DEFAULT_TIMEOUT_SECONDS,
                            RunnerConfig.DEFAULT_OUTPUT_CAP,
                            mode,
                            List.of("sh *"),
                            false,
                            null));
        }

        @ParameterizedTest
        @EnumSource(
                value = SandboxMode.class,
                names = {"AUTO", "OFF"})
        void run_commandRunsGitInit_protectedPathAndTheRepositoryRemoved(SandboxMode mode)
                throws IOException {
            Files.writeString(wd.resolve("keep.txt"), "keep\n");
            ExternalCommands commands = under(mode);
            List<String> argv = List.of("sh", "-c", "git init -q inner && echo made");
            assertThat(commands.check(argv, wd)).isNull();

            CommandOutcome outcome = commands.run(argv, wd, 20);

            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(outcome.failure().message())
                    .contains("created git metadata")
                    .contains("csl removed inner/.git");
            assertThat(outcome.result().stdout()).contains("made");
            assertThat(wd.resolve("inner/.git")).doesNotExist();
            assertThat(wd.resolve("inner")).isDirectory();
            assertThat(wd.resolve("keep.txt")).hasContent("keep");
        }

        @ParameterizedTest
        @EnumSource(
                value = SandboxMode.class,
                names = {"AUTO", "OFF"})
        void runNode_scriptMakesGitThroughAPathGetter_refusedAndNoGit(SandboxMode mode) {
            assumeTrue(
                    ProcessLauncher.findProgram("node", wd).isPresent(), "node is not installed");
            // the getter answers the preload's check with one path and Node with another
            String program =
                    "const fs = require('fs');\n"
                            + "let reads = 0;\n"
                            + "fs.mkdirSync({ href: 'file:///x', protocol: 'file:', hostname: '',\n"
                            + "  get pathname() { return reads++ < 1 ? process.cwd() + '/fine'"
                            + " : process.cwd() + '/.git'; } });\n"
                            + "fs.mkdirSync('.git/hooks');\n";

            var outcome = under(mode).runNode(program, wd, 20);

            // the preload refuses the look-alike URL (invalid_path); were it fooled, the scan
            // after the script would remove the .git (protected_path)
            assertThat(outcome.failure().code())
                    .isIn(ErrorCode.INVALID_PATH, ErrorCode.PROTECTED_PATH);
            assertThat(wd.resolve(".git")).doesNotExist();
        }
    }
}
