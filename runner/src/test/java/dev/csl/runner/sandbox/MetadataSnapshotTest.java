package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunFailure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The walk before a child and the check after it, on the real disk: what a child planted goes, what
 * was there stays.
 */
class MetadataSnapshotTest {
    @TempDir Path base;
    private Path wd;
    private Path outside;

    @BeforeEach
    void setUp() throws IOException {
        wd = Files.createDirectories(base.resolve("wd"));
        outside = Files.createDirectories(base.resolve("outside"));
        Files.writeString(outside.resolve("keep.txt"), "outside\n");
        Files.createDirectories(wd.resolve(".git/hooks"));
        Files.writeString(wd.resolve(".git/config"), "[core]\n");
        Files.createDirectories(wd.resolve("fix.git/objects"));
        Files.createDirectories(wd.resolve("fix.git/refs"));
        Files.writeString(wd.resolve("fix.git/HEAD"), "ref: refs/heads/main\n");
        Files.createDirectories(wd.resolve("src"));
        Files.writeString(wd.resolve("src/a.txt"), "a\n");
    }

    private boolean exists(String rel) {
        return Files.exists(wd.resolve(rel), LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void readOnly_listsEveryGitCslAndShapedDirectoryAtAnyDepth() throws IOException {
        Files.createDirectories(wd.resolve("vendor/lib/.GIT"));
        Files.createDirectories(wd.resolve("pkg/.csl"));

        MetadataSnapshot snapshot = MetadataSnapshot.take(wd);

        Path real = wd.toRealPath();
        assertThat(snapshot.readOnly())
                .containsExactlyInAnyOrder(
                        real.resolve(".git"),
                        real.resolve("fix.git"),
                        real.resolve("vendor/lib/.GIT"),
                        real.resolve("pkg/.csl"));
    }

    @Test
    void removePlanted_nothingNew_null() throws IOException {
        MetadataSnapshot snapshot = MetadataSnapshot.take(wd);
        Files.writeString(wd.resolve("src/b.txt"), "b\n");
        Files.writeString(wd.resolve(".git/index"), "an index git itself rewrites\n");

        assertThat(snapshot.removePlanted("'make'")).isNull();
        assertThat(exists("src/b.txt")).isTrue();
    }

    @Test
    void removePlanted_newGitCslAndShapes_removedAndNamedOldOnesKept() throws IOException {
        Files.createDirectories(wd.resolve("z/objects"));
        Files.createDirectories(wd.resolve("z/refs"));
        Files.writeString(wd.resolve("z/keep.txt"), "keep\n");
        MetadataSnapshot snapshot = MetadataSnapshot.take(wd);
        // what a command does
        Files.createDirectories(wd.resolve("sub/.git/hooks"));
        Files.writeString(wd.resolve("sub/.git/hooks/pre-commit"), "evil\n");
        Files.createDirectories(wd.resolve("src/.Csl"));
        Files.createDirectories(wd.resolve("y/objects"));
        Files.createDirectories(wd.resolve("y/refs"));
        Files.writeString(wd.resolve("y/HEAD"), "ref: refs/heads/main\n");
        Files.writeString(wd.resolve("z/head"), "ref: refs/heads/main\n");
        Files.writeString(wd.resolve("src/b.txt"), "b\n");

        RunFailure failure = snapshot.removePlanted("'npm test'");

        assertThat(failure.code()).isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(failure.message())
                .startsWith("'npm test' created git metadata")
                .contains("csl removed src/.Csl, sub/.git, y, z/head");
        assertThat(exists("sub/.git")).isFalse();
        assertThat(exists("src/.Csl")).isFalse();
        assertThat(exists("y")).isFalse();
        assertThat(exists("z/head")).isFalse();
        assertThat(exists("z/objects")).isTrue();
        assertThat(exists("z/keep.txt")).isTrue();
        assertThat(exists("sub")).isTrue();
        assertThat(exists("src/b.txt")).isTrue();
        assertThat(exists(".git/config")).isTrue();
        assertThat(exists("fix.git/HEAD")).isTrue();
    }

    @Test
    void removePlanted_gitLinkToOutside_linkRemovedTargetKept() throws IOException {
        MetadataSnapshot snapshot = MetadataSnapshot.take(wd);
        Files.createSymbolicLink(wd.resolve("src/.git"), outside);

        RunFailure failure = snapshot.removePlanted("'sh'");

        assertThat(failure.code()).isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(exists("src/.git")).isFalse();
        assertThat(outside.resolve("keep.txt")).hasContent("outside");
    }

    @Test
    void take_missingWorkingDirectory_checkFailsSayingSo() {
        MetadataSnapshot snapshot = MetadataSnapshot.take(base.resolve("missing"));

        RunFailure failure = snapshot.removePlanted("'make'");

        assertThat(failure.code()).isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(failure.message()).startsWith("csl could not check whether 'make' created");
    }

    @Test
    void removePlanted_childChangedHooksConfigAndApprovals_eachPutBackByteForByte()
            throws IOException {
        Files.writeString(wd.resolve(".git/hooks/pre-push.sample"), "#!/bin/sh\n");
        Files.createDirectories(wd.resolve("lib/.git/hooks"));
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(wd.resolve(".csl/commands.json"), "{\"allowed\": [\"make\"]}\n");
        MetadataSnapshot snapshot = MetadataSnapshot.take(wd);
        // what a child with no OS layer around it could do
        Files.writeString(wd.resolve(".git/config"), "[core]\n\tfsmonitor = ./pwn.sh\n");
        Files.writeString(wd.resolve(".git/hooks/pre-commit"), "#!/bin/sh\necho planted\n");
        Files.delete(wd.resolve(".git/hooks/pre-push.sample"));
        Files.writeString(wd.resolve("lib/.git/hooks/post-checkout"), "#!/bin/sh\n");
        Files.writeString(wd.resolve(".csl/commands.json"), "{\"allowed\": [\"*\"]}\n");

        RunFailure failure = snapshot.removePlanted("'python3 x.py'");

        assertThat(failure.code()).isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(failure.message()).contains("put back").contains(".git/config");
        assertThat(Files.readString(wd.resolve(".git/config"))).isEqualTo("[core]\n");
        assertThat(exists(".git/hooks/pre-commit")).isFalse();
        assertThat(Files.readString(wd.resolve(".git/hooks/pre-push.sample")))
                .isEqualTo("#!/bin/sh\n");
        assertThat(exists("lib/.git/hooks/post-checkout")).isFalse();
        assertThat(Files.readString(wd.resolve(".csl/commands.json")))
                .isEqualTo("{\"allowed\": [\"make\"]}\n");
    }

    @Test
    void removePlanted_settingsUnchanged_null() throws IOException {
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(wd.resolve(".csl/commands.json"), "{}\n");
        MetadataSnapshot snapshot = MetadataSnapshot.take(wd);
        Files.writeString(wd.resolve("src/b.txt"), "b\n");

        assertThat(snapshot.removePlanted("'python3 x.py'")).isNull();
    }
}
