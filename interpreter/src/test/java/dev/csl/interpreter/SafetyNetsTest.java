package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Journal and undo, dry run and plan hash, audit log (docs/interpreter.md; the audit log:
 * docs/external.md).
 */
class SafetyNetsTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);
    private final Undoer undoer = new Undoer();

    private static final String ANSWER =
            """
            Let me restructure the project.

            <---WRITE file="src/new/module.js"--->
            export const x = 1;
            <---END--->

            <---SEARCH file="app.js"--->
            const a = 1;
            <---REPLACE--->
            const a = 2;
            <---END--->

            <---WRITE file="log.txt" append="true"--->
            applied
            <---END--->

            <---TASKS--->
            <---RUN--->
            rm old
            mkdir build
            touch build/out.txt
            <---END--->
            <---WRITE file="win.txt"--->
            one
            two
            <---END--->
            <---END--->
            """;

    private static void populate(Path work) throws IOException {
        Files.writeString(work.resolve("app.js"), "const a = 1;\nconst b = 2;\n");
        Files.writeString(work.resolve("log.txt"), "start");
        Files.writeString(work.resolve("win.txt"), "x\r\ny\r\n");
        Files.createDirectories(work.resolve("old/deeper"));
        Files.writeString(work.resolve("old/deeper/keep.txt"), "precious\n");
        Files.writeString(work.resolve("old/a.sh"), "#!/bin/sh\n");
        setMode(work.resolve("old/a.sh"), "rwxr-x---");
        setMode(work.resolve("app.js"), "rw-------");
    }

    private static void setMode(Path p, String mode) throws IOException {
        if (p.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.setPosixFilePermissions(p, PosixFilePermissions.fromString(mode));
        }
    }

    @Nested
    class Undo {
        @ParameterizedTest
        @EnumSource(Fixtures.Fs.class)
        void undo_afterApply_restoresTreeByteForByteWithModes(Fixtures.Fs fs, @TempDir Path tmp)
                throws IOException {
            Path work = Fixtures.workingDir(fs, tmp);
            populate(work);
            Map<String, String> before = Fixtures.treeWithModes(work);

            ApplyReport report = interpreter.apply(ANSWER, ApplyOptions.defaults(work));
            assertThat(report.ok()).as(report.toString()).isTrue();
            assertThat(Fixtures.treeWithModes(work)).isNotEqualTo(before);
            assertThat(Files.readString(work.resolve("win.txt"))).isEqualTo("one\r\ntwo\r\n");
            assertThat(Fixtures.modeOf(work.resolve("app.js")))
                    .isEqualTo(Fixtures.modeOf(work.resolve("app.js")) < 0 ? -1 : 0600);

            UndoReport undo = undoer.undo(work, false);

            assertThat(undo.ok()).as(undo.toString()).isTrue();
            assertThat(Fixtures.treeWithModes(work)).isEqualTo(before);
        }

        @ParameterizedTest
        @EnumSource(Fixtures.Fs.class)
        void undo_fileChangedSinceApply_refusesNamingItUnlessForced(
                Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
            Path work = Fixtures.workingDir(fs, tmp);
            populate(work);
            Map<String, String> before = Fixtures.treeWithModes(work);
            interpreter.apply(ANSWER, ApplyOptions.defaults(work));
            Files.writeString(work.resolve("app.js"), "edited by hand\n");
            Map<String, String> edited = Fixtures.treeWithModes(work);

            UndoReport refused = undoer.undo(work, false);

            assertThat(refused.ok()).isFalse();
            assertThat(refused.exitCode()).isEqualTo(1);
            assertThat(refused.error().code()).isEqualTo(ErrorCode.CHANGED_SINCE_APPLY);
            assertThat(refused.changedSince()).containsExactly("app.js");
            assertThat(refused.error().message()).contains("app.js");
            assertThat(Fixtures.treeWithModes(work)).isEqualTo(edited);

            UndoReport forced = undoer.undo(work, true);
            assertThat(forced.ok()).isTrue();
            assertThat(Fixtures.treeWithModes(work)).isEqualTo(before);
        }

        @Test
        void undo_twice_undoesEarlierApplyThenReportsNothingLeft(@TempDir Path tmp)
                throws IOException {
            Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
            Files.writeString(work.resolve("a.txt"), "0\n");
            interpreter.apply(
                    "<---WRITE file=\"a.txt\"--->\n1\n<---END--->\n", ApplyOptions.defaults(work));
            interpreter.apply(
                    "<---WRITE file=\"a.txt\"--->\n2\n<---END--->\n", ApplyOptions.defaults(work));

            assertThat(undoer.undo(work, false).ok()).isTrue();
            assertThat(Files.readString(work.resolve("a.txt"))).isEqualTo("1\n");
            assertThat(undoer.undo(work, false).ok()).isTrue();
            assertThat(Files.readString(work.resolve("a.txt"))).isEqualTo("0\n");
            UndoReport none = undoer.undo(work, false);
            assertThat(none.ok()).isFalse();
            assertThat(none.error().code()).isEqualTo(ErrorCode.NOTHING_TO_UNDO);
        }

        @Test
        void apply_runRecordingAPathItLeavesAsItWas_leavesNoHistoryEntry(@TempDir Path tmp)
                throws IOException {
            Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
            Files.writeString(work.resolve("a.txt"), "same\n");

            interpreter.apply(
                    "<---RUN--->\ntouch a.txt\n<---END--->\n", ApplyOptions.defaults(work));

            assertThat(undoer.list(work)).isEmpty();
            assertThat(undoer.undo(work, false).error().code())
                    .isEqualTo(ErrorCode.NOTHING_TO_UNDO);
        }

        @Test
        void undo_pathCslMayNotRestore_skippedAndNamedAndEarlierAppliesStillUndoable(
                @TempDir Path tmp) throws IOException {
            Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
            Files.writeString(work.resolve("z.txt"), "0\n");
            interpreter.apply(
                    "<---WRITE file=\"z.txt\"--->\n1\n<---END--->\n", ApplyOptions.defaults(work));
            interpreter.apply(
                    "<---WRITE file=\"lib/a.txt\"--->\na\n<---END--->\n",
                    ApplyOptions.defaults(work));
            // the user makes lib a repository of its own: csl never deletes a tree holding one
            Files.createDirectories(work.resolve("lib/.git"));

            UndoReport forced = undoer.undo(work, true);

            assertThat(forced.ok()).isTrue();
            assertThat(forced.restored()).containsExactly("lib/a.txt");
            assertThat(forced.notRestored()).singleElement().asString().startsWith("lib: ");
            assertThat(work.resolve("lib/a.txt")).doesNotExist();
            assertThat(work.resolve("lib/.git")).isDirectory();
            assertThat(undoer.list(work))
                    .extracting(Undoer.Applied::undone)
                    .containsExactly(true, false);
            assertThat(undoer.undo(work, false).ok()).isTrue();
            assertThat(Files.readString(work.resolve("z.txt"))).isEqualTo("0\n");
        }

        @Test
        void apply_changingNothing_leavesNoHistoryEntry(@TempDir Path tmp) throws IOException {
            Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
            Files.writeString(work.resolve("a.txt"), "same\n");
            interpreter.apply(
                    "<---WRITE file=\"a.txt\"--->\nsame\n<---END--->\n",
                    ApplyOptions.defaults(work));
            assertThat(work.resolve(Journal.HISTORY)).doesNotExist();
        }
    }

    @Nested
    class DryRun {
        @ParameterizedTest
        @EnumSource(Fixtures.Fs.class)
        void dryRun_wholeAnswer_leavesTreeByteIdenticalAndNoCslDir(
                Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
            Path work = Fixtures.workingDir(fs, tmp);
            populate(work);
            Map<String, String> before = Fixtures.treeWithModes(work);

            ApplyReport report =
                    interpreter.apply(ANSWER, ApplyOptions.defaults(work).withDryRun(true));

            assertThat(report.dryRun()).isTrue();
            assertThat(report.planHash()).hasSize(64);
            assertThat(report.results().get(1).diff())
                    .contains("-const a = 1;")
                    .contains("+const a = 2;");
            assertThat(Fixtures.treeWithModes(work)).isEqualTo(before);
            assertThat(work.resolve(".csl")).doesNotExist();
        }

        @ParameterizedTest
        @EnumSource(Fixtures.Fs.class)
        void expectPlan_unchangedSincePreview_appliesExactly(Fixtures.Fs fs, @TempDir Path tmp)
                throws IOException {
            Path work = Fixtures.workingDir(fs, tmp);
            populate(work);
            String hash =
                    interpreter
                            .apply(ANSWER, ApplyOptions.defaults(work).withDryRun(true))
                            .planHash();

            ApplyReport report =
                    interpreter.apply(ANSWER, ApplyOptions.defaults(work).withExpectPlan(hash));

            assertThat(report.ok()).isTrue();
            assertThat(Files.readString(work.resolve("app.js"))).startsWith("const a = 2;");
        }

        @ParameterizedTest
        @EnumSource(Fixtures.Fs.class)
        void expectPlan_fileChangedAfterPreview_refusesWithPlanChangedAndChangesNothing(
                Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
            Path work = Fixtures.workingDir(fs, tmp);
            populate(work);
            String hash =
                    interpreter
                            .apply(ANSWER, ApplyOptions.defaults(work).withDryRun(true))
                            .planHash();
            Files.writeString(work.resolve("log.txt"), "someone else wrote this");
            Map<String, String> changed = Fixtures.treeWithModes(work);

            ApplyReport report =
                    interpreter.apply(ANSWER, ApplyOptions.defaults(work).withExpectPlan(hash));

            assertThat(report.ok()).isFalse();
            assertThat(report.exitCode()).isEqualTo(1);
            assertThat(report.error().code()).isEqualTo(ErrorCode.PLAN_CHANGED);
            assertThat(report.error().message())
                    .isEqualTo(
                            "The plan changed since the dry run: the file log.txt changed;"
                                    + " nothing was applied.");
            assertThat(report.error().details()).containsEntry("changed", List.of("log.txt"));
            assertThat(report.planHash()).isNotEqualTo(hash);
            assertThat(Fixtures.treeWithModes(work)).isEqualTo(changed);
        }

        @Test
        void expectPlan_otherAnswer_saysTheAnswerChanged(@TempDir Path tmp) throws IOException {
            Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
            populate(work);
            String hash =
                    interpreter
                            .apply(ANSWER, ApplyOptions.defaults(work).withDryRun(true))
                            .planHash();

            ApplyReport report =
                    interpreter.apply(
                            ANSWER + "\n", ApplyOptions.defaults(work).withExpectPlan(hash));

            assertThat(report.error().code()).isEqualTo(ErrorCode.PLAN_CHANGED);
            assertThat(report.error().message()).contains("the answer is another one");
            assertThat(report.error().details()).containsEntry("answerChanged", true);
        }

        @Test
        void planHash_newFileAppearsWhereAnswerCreatesOne_changes(@TempDir Path tmp)
                throws IOException {
            Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
            String answer = "<---WRITE file=\"new.txt\"--->\nx\n<---END--->\n";
            String first =
                    interpreter
                            .apply(answer, ApplyOptions.defaults(work).withDryRun(true))
                            .planHash();
            assertThat(
                            interpreter
                                    .apply(answer, ApplyOptions.defaults(work).withDryRun(true))
                                    .planHash())
                    .isEqualTo(first);
            Files.writeString(work.resolve("new.txt"), "surprise\n");
            assertThat(
                            interpreter
                                    .apply(answer, ApplyOptions.defaults(work).withDryRun(true))
                                    .planHash())
                    .isNotEqualTo(first);
        }
    }

    @Nested
    class Audit {
        @Test
        void apply_everyOperation_getsOneAuditLine(@TempDir Path tmp) throws IOException {
            Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
            populate(work);
            interpreter.apply(ANSWER, ApplyOptions.defaults(work));

            var lines = Files.readAllLines(work.resolve(AuditLog.FILE), StandardCharsets.UTF_8);

            assertThat(lines).hasSize(6);
            assertThat(lines.get(0))
                    .contains(
                            "\"task\":\"1\"",
                            "\"operation\":\"WRITE\"",
                            "\"path\":\"src/new/module.js\"",
                            "\"decision\":\"allowed\"",
                            "\"status\":\"ok\"",
                            "\"durationMs\"",
                            "\"time\"");
            assertThat(lines.get(4))
                    .contains(
                            "\"task\":\"4.1\"",
                            "\"operation\":\"RUN\"",
                            "\"command\":\"rm old\\nmkdir build",
                            "\"sandbox\":\"none\"",
                            "\"exitStatus\":0");
        }

        @Test
        void apply_refusedPath_auditedAsRefused(@TempDir Path tmp) throws IOException {
            Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
            interpreter.apply(
                    "<---WRITE file=\"../x\"--->\nx\n<---END--->\n", ApplyOptions.defaults(work));
            assertThat(Files.readString(work.resolve(AuditLog.FILE)))
                    .contains("\"decision\":\"refused: path_escape\"");
        }
    }
}
