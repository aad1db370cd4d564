package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.Runners;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dry run checks RUN blocks as the real apply does before running them (docs/interpreter.md),
 * with the real runner: what the dry run calls ok the real apply does not refuse, and what the real
 * apply refuses the dry run reports with the same code.
 */
class DryRunChecksTest {
    @TempDir Path temp;
    private Path work;
    private final Interpreter interpreter = new Interpreter(Runners.standard());

    @BeforeEach
    void project() throws IOException {
        work = temp.resolve("p");
        Files.createDirectories(work);
        Files.writeString(work.resolve("a.txt"), "a\n");
    }

    private static final String SIX_REFUSED =
            """
            <---RUN--->
            cat a.txt | tail -n 1
            <---END--->
            <---RUN--->
            cd src
            <---END--->
            <---RUN--->
            sh -c true
            <---END--->
            <---RUN--->
            ls --frobnicate
            <---END--->
            <---RUN--->
            git commit -m x
            <---END--->
            <---RUN--->
            cat a.txt 2>&1 | tail
            <---END--->
            """;

    private static final List<ErrorCode> SIX_CODES =
            List.of(
                    ErrorCode.SHELL_OPERATOR,
                    ErrorCode.COMMAND_NOT_ALLOWED,
                    ErrorCode.COMMAND_NOT_APPROVED,
                    ErrorCode.UNKNOWN_FLAG,
                    ErrorCode.COMMAND_NOT_ALLOWED,
                    ErrorCode.SHELL_OPERATOR);

    @Test
    void apply_dryRunOfSixBlocksTheRealApplyRefuses_eachRefusedWithTheRealCode() {
        ApplyReport dry =
                interpreter.apply(SIX_REFUSED, ApplyOptions.defaults(work).withDryRun(true));
        ApplyReport real = interpreter.apply(SIX_REFUSED, ApplyOptions.defaults(work));

        assertThat(dry.ok()).isFalse();
        assertThat(dry.results()).extracting(r -> r.error().code()).isEqualTo(SIX_CODES);
        assertThat(real.results()).extracting(r -> r.error().code()).isEqualTo(SIX_CODES);
        assertThat(dry.results()).allSatisfy(r -> assertThat(r.status()).isEqualTo(Status.ERROR));
    }

    @Test
    void apply_dryRunOfABlockTheRealApplyRuns_okCheckedNotRun() {
        String answer = "<---RUN--->\nmkdir made\nrm a.txt\ngrep -rn nothing .\n<---END--->\n";
        ApplyReport dry = interpreter.apply(answer, ApplyOptions.defaults(work).withDryRun(true));

        assertThat(dry.ok()).isTrue();
        assertThat(dry.results().get(0).note()).isEqualTo("dry run: checked, not run");
        assertThat(work.resolve("made")).doesNotExist();
        assertThat(work.resolve("a.txt")).exists();
    }

    @Test
    void apply_dryRunWithAPrompter_nobodyIsAskedTheCommandNeedsApproval() {
        List<String> asked = new java.util.ArrayList<>();
        ApplyReport dry =
                interpreter.apply(
                        "<---RUN--->\nsh -c true\n<---END--->\n",
                        ApplyOptions.defaults(work)
                                .withDryRun(true)
                                .withPrompter(
                                        c -> {
                                            asked.add(c);
                                            return dev.csl.runner.base.Prompter.Answer.ALWAYS;
                                        }));
        assertThat(asked).isEmpty();
        assertThat(dry.results().get(0).error().code()).isEqualTo(ErrorCode.COMMAND_NOT_APPROVED);
        assertThat(dry.results().get(0).error().hint()).contains("csl allow");
        assertThat(dry.results().get(0).error().message())
                .isEqualTo(
                        "'sh -c true' is not approved to run in this project (a real apply asks"
                                + " you before running it)");
        assertThat(work.resolve(".csl/commands.json")).doesNotExist();
    }

    @Test
    void apply_dryRunWithAllowedCommand_ok() {
        ApplyReport dry =
                interpreter.apply(
                        "<---RUN--->\nsh -c true\n<---END--->\n",
                        ApplyOptions.defaults(work)
                                .withDryRun(true)
                                .withApprovals(List.of("sh *"), false));
        assertThat(dry.ok()).as("%s", dry.results()).isTrue();
    }

    @Test
    void apply_dryRunDirMadeByAnEarlierWriteOrRun_okAsTheRealApply() {
        String answer =
                """
                <---WRITE file="sub/new/x.txt"--->
                x
                <---END--->
                <---RUN dir="sub/new"--->
                cat x.txt ../../a.txt
                <---END--->
                <---RUN--->
                mkdir -p made/deep
                <---END--->
                <---RUN dir="made/deep"--->
                ls
                <---END--->
                """;
        ApplyReport dry = interpreter.apply(answer, ApplyOptions.defaults(work).withDryRun(true));
        assertThat(dry.ok()).as("%s", dry.results()).isTrue();
        assertThat(work.resolve("sub")).doesNotExist();

        ApplyReport real = interpreter.apply(answer, ApplyOptions.defaults(work));
        assertThat(real.ok()).as("%s", real.results()).isTrue();
    }

    @Test
    void apply_dryRunDirNothingMakes_refusedAsTheRealApply() {
        String answer = "<---RUN dir=\"nowhere\"--->\nls\n<---END--->\n";
        ApplyReport dry = interpreter.apply(answer, ApplyOptions.defaults(work).withDryRun(true));
        assertThat(dry.results().get(0).error().code())
                .isEqualTo(ErrorCode.INVALID_WORKING_DIRECTORY);
    }

    @Test
    void apply_dryRunRefusedRunInTasks_blockWithdrawnAsTheRealApply() {
        String answer =
                """
                <---TASKS--->
                <---WRITE file="b.txt"--->
                b
                <---END--->
                <---RUN--->
                ls | head
                <---END--->
                <---END--->
                """;
        ApplyReport dry = interpreter.apply(answer, ApplyOptions.defaults(work).withDryRun(true));
        OperationResult tasks = dry.results().get(0);
        assertThat(tasks.status()).isEqualTo(Status.ERROR);
        assertThat(tasks.results())
                .extracting(OperationResult::status)
                .containsExactly(Status.ROLLED_BACK, Status.ERROR);
    }
}
