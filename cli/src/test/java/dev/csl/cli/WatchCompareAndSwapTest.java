package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the real disk: watch puts its result at the top of FILE only while FILE holds what it read,
 * and a save that lands at any step of that write is kept.
 */
class WatchCompareAndSwapTest {
    @TempDir Path tmp;

    private static final byte[] READ = "the answer read\n".getBytes(UTF_8);
    private static final byte[] RESULT = "result\nthe answer read\n".getBytes(UTF_8);

    private Path file() throws IOException {
        return Files.write(tmp.resolve("answer.md"), READ);
    }

    private ResultFiles results() {
        return new ResultFiles(tmp);
    }

    @Test
    void replaceIfStill_unchanged_written() throws IOException {
        Path file = file();

        assertThat(results().replaceIfStill(file, READ, RESULT)).isTrue();
        assertThat(file).hasBinaryContent(RESULT);
    }

    @Test
    void replaceIfStill_savedBeforeTheCheck_keptAndNotWritten() throws IOException {
        Path file = file();
        Files.writeString(file, "a newer save\n");

        assertThat(results().replaceIfStill(file, READ, RESULT)).isFalse();
        assertThat(file).hasContent("a newer save");
    }

    @Test
    void replaceIfStill_renamedOverBeforeTheCheck_keptAndNotWritten() throws IOException {
        Path file = file();
        Path swap = Files.write(tmp.resolve("answer.md~"), READ); // the same bytes, a new file
        Files.move(swap, file, StandardCopyOption.REPLACE_EXISTING);

        // the same content is no change: what was read is still what the name holds
        assertThat(results().replaceIfStill(file, READ, RESULT)).isTrue();
        assertThat(file).hasBinaryContent(RESULT);
    }

    @Test
    void replaceIfStill_writtenInPlaceBetweenTheCheckAndTheRename_theSaveIsPutBack()
            throws IOException {
        Path file = file();

        boolean written =
                results()
                        .replaceIfStill(
                                file,
                                READ,
                                RESULT,
                                () -> Files.writeString(file, "saved in place meanwhile\n"));

        assertThat(written).isFalse();
        assertThat(file).hasContent("saved in place meanwhile");
    }

    @Test
    void rescueLateWrite_aProgramWritesToTheFileItHoldsOpenAfterTheResult_putBackUnderTheName()
            throws IOException {
        Path file = file();
        ResultFiles results = results();
        try (FileChannel editor = FileChannel.open(file, StandardOpenOption.WRITE)) {
            assertThat(results.replaceIfStill(file, READ, RESULT)).isTrue();
            assertThat(results.rescueLateWrite()).isFalse(); // nothing written yet

            // The second half of a save, through the handle the program opened before.
            editor.write(ByteBuffer.wrap("the rest\n".getBytes(UTF_8)), READ.length);

            assertThat(results.rescueLateWrite()).isTrue();
            assertThat(file).hasContent("the answer read\nthe rest");
            assertThat(results.rescueLateWrite()).isFalse(); // once
        }
    }

    @Test
    void rescueLateWrite_theNameHoldsANewerSave_theNewerSaveStays() throws IOException {
        Path file = file();
        ResultFiles results = results();
        try (FileChannel editor = FileChannel.open(file, StandardOpenOption.WRITE)) {
            assertThat(results.replaceIfStill(file, READ, RESULT)).isTrue();
            editor.write(ByteBuffer.wrap("late\n".getBytes(UTF_8)), READ.length);
            Files.writeString(file, "newest save\n");

            assertThat(results.rescueLateWrite()).isFalse();
            assertThat(file).hasContent("newest save");
        }
    }

    @Test
    void replaceIfStill_aDirectoryInItsPlace_nothingWritten() throws IOException {
        Path file = tmp.resolve("answer.md");
        Files.createDirectory(file);

        assertThat(results().replaceIfStill(file, READ, RESULT)).isFalse();
        assertThat(file).isDirectory();
    }
}
