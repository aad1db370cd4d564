package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tree deeper than csl records for undo is refused with a plain sentence before anything changes
 * (a command's `rm -r` of one once ended in a JSON library's nesting error, naming its class).
 */
class SnapshotDepthTest {
    @TempDir Path work;

    @Test
    void capture_chainDeeperThanTheLimit_refusedPlainly() throws IOException {
        Path deep = work.resolve("deep");
        Path p = deep;
        for (int i = 0; i < Snapshot.MAX_DEPTH + 20; i++) {
            p = p.resolve("d");
        }
        Files.createDirectories(p);

        assertThatThrownBy(() -> Snapshot.capture(GuardedFiles.open(work), "deep"))
                .isInstanceOf(IOException.class)
                .hasMessageStartingWith("deep holds a chain of directories more than 400 levels")
                .hasMessageNotContaining("Exception");
        assertThat(p).isDirectory();
    }

    @Test
    void capture_chainWithinTheLimit_recorded() throws IOException {
        Path p = work.resolve("ok");
        for (int i = 0; i < 50; i++) {
            p = p.resolve("d");
        }
        Files.createDirectories(p);

        assertThat(Snapshot.capture(GuardedFiles.open(work), "ok").kind())
                .isEqualTo(Snapshot.Kind.DIRECTORY);
    }
}
