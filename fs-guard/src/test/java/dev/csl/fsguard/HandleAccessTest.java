package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The use half on its own, deterministically: the guard verified {@code d} as a directory, then
 * {@code d} was swapped for a symlink to outside before the use. Every use must fail without
 * touching outside.
 */
class HandleAccessTest {
    @TempDir Path tmp;
    Path root;
    Path outside;
    HandleAccess access;
    Map<String, String> outsideBefore;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(tmp.resolve("proj")).toRealPath();
        outside = Files.createDirectories(tmp.resolve("outside"));
        assumeThat(HandleAccess.available(root)).isTrue();
        Files.write(outside.resolve("f.txt"), "secret\n".getBytes(UTF_8));
        Files.createDirectories(root.resolve("d"));
        Files.write(root.resolve("a.txt"), "a\n".getBytes(UTF_8));
        access = new HandleAccess(root);
        outsideBefore = Workspace.snapshot(outside);
        // the swap, after the (imagined) check
        Files.move(root.resolve("d"), root.resolve("d-was"));
        Files.createSymbolicLink(root.resolve("d"), outside);
    }

    @AfterEach
    void outsideUnchanged() throws IOException {
        assertThat(Workspace.snapshot(outside)).isEqualTo(outsideBefore);
    }

    @Test
    void replace_directorySwapped_raceRefused() {
        assertThatThrownBy(() -> access.replace(List.of("d", "f.txt"), new byte[] {1}, -1))
                .isInstanceOf(RaceException.class);
    }

    @Test
    void read_directorySwapped_raceRefused() {
        assertThatThrownBy(() -> access.read(List.of("d", "f.txt")))
                .isInstanceOf(RaceException.class);
    }

    @Test
    void list_delete_mkdir_rename_directorySwapped_raceRefused() {
        assertThatThrownBy(() -> access.list(List.of("d"))).isInstanceOf(RaceException.class);
        assertThatThrownBy(() -> access.delete(List.of("d", "f.txt"), false))
                .isInstanceOf(RaceException.class);
        assertThatThrownBy(() -> access.mkdir(List.of("d", "new")))
                .isInstanceOf(RaceException.class);
        assertThatThrownBy(() -> access.rename(List.of("a.txt"), List.of("d", "a.txt")))
                .isInstanceOf(RaceException.class);
        assertThatThrownBy(() -> access.setModified(List.of("d", "f.txt"), java.time.Instant.EPOCH))
                .isInstanceOf(RaceException.class);
    }

    @Test
    void finalFileSwappedForLink_readRefused_replaceReplacesTheLinkOnly() throws IOException {
        Files.createSymbolicLink(root.resolve("link.txt"), outside.resolve("f.txt"));
        assertThatThrownBy(() -> access.read(List.of("link.txt")))
                .isInstanceOf(RaceException.class);
        access.replace(List.of("link.txt"), "mine\n".getBytes(UTF_8), -1);
        assertThat(Files.isSymbolicLink(root.resolve("link.txt"))).isFalse();
        assertThat(Files.readString(root.resolve("link.txt"))).isEqualTo("mine\n");
    }

    @Test
    void guard_swapAfterCheck_reportedAsPathEscape() throws IOException {
        GuardedFiles guard = GuardedFiles.open(root);
        // d is a symlink now, so the guard itself refuses at the check
        assertThatThrownBy(() -> guard.writeAtomic("d/f.txt", new byte[] {1}))
                .isInstanceOfSatisfying(
                        GuardException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE));
        // a failed use is reported with the same code
        GuardException e =
                ((Guard) guard).failure(new RaceException("x"), "d/f.txt", root.resolve("d/f.txt"));
        assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(e.getMessage()).contains("changed while csl used it");
    }
}
