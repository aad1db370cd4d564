package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code --atomic}: any failure withdraws every file change csl made for the answer. */
class AtomicAnswerTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);
    private final Undoer undoer = new Undoer();

    private static final String MISSED_SEARCH =
            "<---SEARCH file=\"app.js\"--->\nnot there\n<---REPLACE--->\nx\n<---END--->\n";

    private static final String WRITE_AND_EDIT =
            "<---WRITE file=\"src/new.js\"--->\nexport const x = 1;\n<---END--->\n"
                    + "<---SEARCH file=\"app.js\"--->\nconst a = 1;\n<---REPLACE--->\n"
                    + "const a = 2;\n<---END--->\n";

    private static Path project(Fixtures.Fs fs, Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("app.js"), "const a = 1;\n");
        Files.writeString(work.resolve("log.txt"), "start\n");
        return work;
    }

    private ApplyReport atomic(Path work, String answer) {
        return interpreter.apply(answer, ApplyOptions.defaults(work).withAtomic(true));
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_failureAfterEdits_everyChangeWithdrawnAndNoHistory(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = project(fs, tmp);
        Map<String, String> before = Fixtures.tree(work);

        ApplyReport report = atomic(work, WRITE_AND_EDIT + MISSED_SEARCH);

        assertThat(report.ok()).isFalse();
        assertThat(report.results())
                .extracting(OperationResult::status)
                .containsExactly(Status.ROLLED_BACK, Status.ROLLED_BACK, Status.ERROR);
        assertThat(report.error().code()).isEqualTo(ErrorCode.MATCH_COUNT_MISMATCH);
        assertThat(report.error().details()).containsEntry("failedTask", "3");
        assertThat(report.error().message())
                .startsWith("Operation 3 failed, so the whole answer was withdrawn (--atomic)")
                .contains("The changes of 1, 2 were undone.");
        assertThat(Fixtures.tree(work)).isEqualTo(before);
        assertThat(undoer.undo(work, false).error().code()).isEqualTo(ErrorCode.NOTHING_TO_UNDO);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_withoutAtomic_earlierOperationsStayApplied(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = project(fs, tmp);

        ApplyReport report =
                interpreter.apply(WRITE_AND_EDIT + MISSED_SEARCH, ApplyOptions.defaults(work));

        assertThat(report.results())
                .extracting(OperationResult::status)
                .containsExactly(Status.OK, Status.OK, Status.ERROR);
        assertThat(report.error()).isNull();
        assertThat(Files.readString(work.resolve("app.js"))).isEqualTo("const a = 2;\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_failureAfterRunWithBuiltins_diskChangesRestoredFromJournal(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = project(fs, tmp);
        Files.createDirectories(work.resolve("old"));
        Files.writeString(work.resolve("old/keep.txt"), "precious\n");
        Map<String, String> before = Fixtures.tree(work);

        ApplyReport report =
                atomic(
                        work,
                        WRITE_AND_EDIT
                                + "<---RUN--->\nmkdir build\ntouch build/out.txt\nrm -r old\n"
                                + "<---END--->\n"
                                + "<---WRITE file=\"log.txt\" append=\"true\"--->\nmore\n"
                                + "<---END--->\n"
                                + "<---RUN--->\nfalse\n<---END--->\n"
                                + "<---WRITE file=\"never.txt\"--->\nx\n<---END--->\n");

        assertThat(report.results())
                .extracting(OperationResult::status)
                .containsExactly(
                        Status.ROLLED_BACK,
                        Status.ROLLED_BACK,
                        Status.ROLLED_BACK,
                        Status.ROLLED_BACK,
                        Status.ERROR,
                        Status.SKIPPED);
        assertThat(report.results().get(5).error().code()).isEqualTo(ErrorCode.TASK_ABORTED);
        assertThat(report.error().message()).doesNotContain("Not rolled back");
        assertThat(Fixtures.tree(work)).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_failureAfterExternalCommand_messageSaysItsEffectsStay(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = project(fs, tmp);

        ApplyReport report =
                atomic(work, "<---RUN--->\nexternal npm install\n<---END--->\n" + MISSED_SEARCH);

        assertThat(report.error().message())
                .contains(
                        "Not rolled back: what the external commands or Node.js scripts of 1"
                                + " changed themselves");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_refusedOperation_nothingRuns(Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = project(fs, tmp);
        Map<String, String> before = Fixtures.tree(work);

        ApplyReport report =
                atomic(work, WRITE_AND_EDIT + "<---WRITE path=\"x.txt\"--->\nx\n<---END--->\n");

        assertThat(report.results())
                .extracting(OperationResult::status)
                .containsExactly(Status.SKIPPED, Status.SKIPPED, Status.SKIPPED);
        assertThat(report.results().get(0).error().code()).isEqualTo(ErrorCode.TASK_ABORTED);
        assertThat(report.results().get(0).error().message())
                .contains("with --atomic the answer runs only when every operation is valid")
                .contains("operation 3");
        assertThat(report.results().get(2).error().code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        assertThat(report.error().message())
                .isEqualTo("Operation 3 was refused, so none of the answer ran (--atomic).");
        assertThat(Fixtures.tree(work)).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_tasksBlockThenFailure_blockAndItsOperationsRolledBack(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = project(fs, tmp);
        Map<String, String> before = Fixtures.tree(work);

        ApplyReport report =
                atomic(work, "<---TASKS--->\n" + WRITE_AND_EDIT + "<---END--->\n" + MISSED_SEARCH);

        OperationResult tasks = report.results().get(0);
        assertThat(tasks.status()).isEqualTo(Status.ROLLED_BACK);
        assertThat(tasks.results())
                .extracting(OperationResult::status)
                .containsExactly(Status.ROLLED_BACK, Status.ROLLED_BACK);
        assertThat(Fixtures.tree(work)).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_everythingSucceeds_appliedAndUndoable(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = project(fs, tmp);
        Map<String, String> before = Fixtures.tree(work);

        ApplyReport report = atomic(work, WRITE_AND_EDIT);

        assertThat(report.ok()).isTrue();
        assertThat(report.error()).isNull();
        assertThat(Files.readString(work.resolve("app.js"))).isEqualTo("const a = 2;\n");
        assertThat(undoer.undo(work, false).ok()).isTrue();
        assertThat(Fixtures.tree(work)).isEqualTo(before);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void dryRun_failure_reportsTheWithdrawalChangesNothing(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = project(fs, tmp);
        Map<String, String> before = Fixtures.tree(work);

        ApplyReport report =
                interpreter.apply(
                        WRITE_AND_EDIT + MISSED_SEARCH,
                        ApplyOptions.defaults(work).withAtomic(true).withDryRun(true));

        assertThat(report.results())
                .extracting(OperationResult::status)
                .containsExactly(Status.ROLLED_BACK, Status.ROLLED_BACK, Status.ERROR);
        assertThat(report.planHash()).isNotNull();
        assertThat(Fixtures.tree(work)).isEqualTo(before);
    }
}
