package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TransactionTest {
    @TempDir Path dir;

    private static Content text(String s) {
        return Content.ofBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void rollBackBuffers_fileChangedTwice_contentBeforeTheBlockBack() {
        Path path = dir.resolve("a.txt");
        FileState state = new FileState(new ProjectPath(path, "a.txt"), text("before"), null);
        Transaction tx = new Transaction();
        tx.rememberBuffer(state);
        state.current = text("first change");
        tx.rememberBuffer(state);
        state.current = text("second change");

        tx.rollBackBuffers(Map.of(path, state));

        assertThat(state.current.bytes()).asString().isEqualTo("before");
    }

    @Test
    void rollBackDisk_fileTheBlockCreated_deletedAndNoProblems() throws IOException {
        GuardedFiles files = GuardedFiles.open(dir);
        Path created = files.root().resolve("new.txt");
        Transaction tx = new Transaction();
        tx.rememberBuffer(
                new FileState(
                        new ProjectPath(created, "new.txt"), Content.ABSENT, Snapshot.ABSENT));
        Files.writeString(created, "written by the block");

        assertThat(tx.rollBackDisk(files)).isEmpty();
        assertThat(created).doesNotExist();
    }

    @Test
    void rollBackDisk_fileTheBlockChanged_earlierBytesBack() throws IOException {
        GuardedFiles files = GuardedFiles.open(dir);
        Path changed = files.root().resolve("a.txt");
        Files.writeString(changed, "before");
        Transaction tx = new Transaction();
        tx.rememberBuffer(new FileState(new ProjectPath(changed, "a.txt"), text("before"), null));
        Files.writeString(changed, "after");

        assertThat(tx.rollBackDisk(files)).isEmpty();
        assertThat(changed).hasContent("before");
    }
}
