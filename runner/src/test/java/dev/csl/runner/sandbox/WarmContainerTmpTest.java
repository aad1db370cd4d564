package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a command leaves in the warm container's /tmp is emptied from the host: by directory
 * handles, links removed and never followed, so a command that plants links there cannot make csl
 * delete anything of the host (on the real disk: links and directories are what matters).
 */
class WarmContainerTmpTest {
    @TempDir Path tmp;

    @Test
    void emptyTmp_filesDirectoriesAndLinksOut_emptiedAndNothingOutsideTouched() throws IOException {
        Path victim = Files.createDirectories(tmp.resolve("host/home/.ssh"));
        Files.writeString(victim.resolve("id_ed25519"), "secret");
        Path containerTmp = Files.createDirectories(tmp.resolve("container/tmp"));
        Files.createDirectories(containerTmp.resolve("a/b/c"));
        Files.writeString(containerTmp.resolve("a/b/c/f.txt"), "left over");
        Files.writeString(containerTmp.resolve("top.txt"), "left over");
        Files.createSymbolicLink(containerTmp.resolve("dirlink"), victim);
        Files.createSymbolicLink(containerTmp.resolve("a/filelink"), victim.resolve("id_ed25519"));
        Files.createSymbolicLink(containerTmp.resolve("a/b/up"), tmp.resolve("host"));

        WarmContainer.emptyTmp(containerTmp);

        try (Stream<Path> left = Files.list(containerTmp)) {
            assertThat(left).isEmpty();
        }
        assertThat(Files.readString(victim.resolve("id_ed25519"))).isEqualTo("secret");
        assertThat(Files.isDirectory(tmp.resolve("host/home"))).isTrue();
    }

    @Test
    void emptyTmp_missingDirectory_nothingHappens() {
        WarmContainer.emptyTmp(tmp.resolve("gone/tmp"));

        assertThat(Files.exists(tmp.resolve("gone"))).isFalse();
    }
}
