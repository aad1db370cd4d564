package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Undo with context: ids, the history's time and source, dry runs, kept copies, apply ids. */
class UndoContextTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);
    private final Undoer undoer = new Undoer();

    private static String write(String file, String content) {
        return "<---WRITE file=\"" + file + "\"--->\n" + content + "<---END--->\n";
    }

    private static Path project(Fixtures.Fs fs, Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("a.txt"), "original a\n");
        Files.writeString(work.resolve("b.txt"), "original b\n");
        return work;
    }

    private ApplyReport apply(Path work, String answer) {
        ApplyReport report =
                interpreter.apply(
                        answer, ApplyOptions.defaults(work).withSource("cli", "answer.md"));
        assertThat(report.ok()).as(report.toString()).isTrue();
        return report;
    }

    private UndoReport undo(Path work, String id, boolean force, boolean dryRun) {
        return undoer.undo(work, new Undoer.Request(id, force, dryRun));
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_thatChangedFiles_reportsItsIdAndTheListSaysWhenAndFromWhere(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = project(fs, tmp);
        Instant before = Instant.now().minusSeconds(1);

        ApplyReport first = apply(work, write("a.txt", "new a\n"));
        ApplyReport unchanged = apply(work, write("a.txt", "new a\n"));
        List<Undoer.Applied> list = undoer.list(work);

        assertThat(first.applyId()).isEqualTo("000001");
        assertThat(unchanged.applyId()).isNull();
        assertThat(list).hasSize(1);
        assertThat(list.get(0).source()).isEqualTo("cli");
        assertThat(list.get(0).answer()).isEqualTo("answer.md");
        assertThat(Instant.parse(list.get(0).time())).isAfter(before);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void appliedDiff_afterApply_showsEachPathFromBeforeToNow(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = project(fs, tmp);

        ApplyReport report =
                apply(
                        work,
                        write("a.txt", "new a\n")
                                + write("c.txt", "created\n")
                                + "<---RUN--->\nmkdir d\n<---END--->\n");
        String diff = undoer.appliedDiff(work, report.applyId());

        assertThat(diff)
                .contains("--- a/a.txt\n+++ b/a.txt\n")
                .contains("-original a\n+new a\n")
                .contains("--- /dev/null\n+++ b/c.txt\n")
                .contains("+created\n")
                .contains("~ d: absent → a directory");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void undoDryRun_showsTheReverseDiffAndChangesNothing(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = project(fs, tmp);
        apply(work, write("a.txt", "new a\n"));
        Map<String, String> applied = Fixtures.tree(work);

        UndoReport preview = undo(work, null, false, true);

        assertThat(preview.ok()).isTrue();
        assertThat(preview.dryRun()).isTrue();
        assertThat(preview.restored()).containsExactly("a.txt");
        assertThat(preview.diff()).contains("-new a\n+original a\n");
        assertThat(Fixtures.tree(work)).isEqualTo(applied);
        assertThat(undo(work, null, false, false).applyId()).isEqualTo("000001");
        assertThat(work.resolve("a.txt")).hasContent("original a");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void undoId_earlierApplyOfOtherFiles_undoneAloneLaterOneStays(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = project(fs, tmp);
        apply(work, write("a.txt", "new a\n"));
        apply(work, write("b.txt", "new b\n"));

        UndoReport report = undo(work, "1", false, false);

        assertThat(report.ok()).as(report.toString()).isTrue();
        assertThat(report.applyId()).isEqualTo("000001");
        assertThat(work.resolve("a.txt")).hasContent("original a");
        assertThat(work.resolve("b.txt")).hasContent("new b");
        assertThat(undo(work, null, false, false).applyId()).isEqualTo("000002");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void undoId_laterApplyChangedTheSameFile_refusedNamingItUnlessForcedThenKeptCopy(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = project(fs, tmp);
        apply(work, write("a.txt", "first\n"));
        apply(work, write("a.txt", "second\n"));

        UndoReport refused = undo(work, "000001", false, false);

        assertThat(refused.ok()).isFalse();
        assertThat(refused.error().code()).isEqualTo(ErrorCode.CHANGED_SINCE_APPLY);
        assertThat(refused.error().message())
                .contains("apply 000002, made after apply 000001, changed a.txt too");
        assertThat(refused.error().hint()).contains("csl undo 000001 --force");
        assertThat(work.resolve("a.txt")).hasContent("second");

        UndoReport forced = undo(work, "000001", true, false);

        assertThat(forced.ok()).isTrue();
        assertThat(work.resolve("a.txt")).hasContent("original a");
        assertThat(forced.discardedKeptIn()).isEqualTo(".csl/discarded/000001");
        assertThat(work.resolve(".csl").resolve("discarded").resolve("000001").resolve("a.txt"))
                .hasContent("second");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void undoForce_handEditSinceTheApply_copyKeptBeforeItIsDiscarded(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = project(fs, tmp);
        Files.createDirectories(work.resolve("src"));
        apply(work, write("src/x.txt", "csl wrote this\n"));
        Files.writeString(work.resolve("src/x.txt"), "typed by hand\n");

        UndoReport forced = undo(work, null, true, false);

        assertThat(forced.ok()).isTrue();
        assertThat(work.resolve("src/x.txt")).doesNotExist();
        assertThat(forced.discardedKeptIn()).isEqualTo(".csl/discarded/000001");
        Path kept = work.resolve(".csl").resolve("discarded").resolve("000001");
        assertThat(kept.resolve("src").resolve("x.txt")).hasContent("typed by hand");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void undoId_unknownOrUndoneAlready_nothingToUndoWithTheListHint(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = project(fs, tmp);
        apply(work, write("a.txt", "new a\n"));
        undo(work, null, false, false);

        UndoReport again = undo(work, "1", false, false);
        UndoReport unknown = undo(work, "9", false, false);

        assertThat(again.error().code()).isEqualTo(ErrorCode.NOTHING_TO_UNDO);
        assertThat(again.error().message()).contains("apply 000001 was undone already");
        assertThat(unknown.error().code()).isEqualTo(ErrorCode.NOTHING_TO_UNDO);
        assertThat(unknown.error().message()).contains("no apply '000009'");
        assertThat(unknown.error().hint()).contains("csl undo --list");
    }
}
