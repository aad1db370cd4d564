package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** csl's own {@code .csl} through the guard, on Jimfs Unix and Windows. */
class StateDirectoryTest {
    static Stream<Configuration> fileSystems() {
        return Stream.of(
                JimfsCorpusTest.withLinks(Configuration.unix()),
                JimfsCorpusTest.withLinks(Configuration.windows()));
    }

    private static Path project(FileSystem fs) throws IOException {
        Path top = fs.getRootDirectories().iterator().next();
        Files.createDirectories(top.resolve("outside"));
        return Files.createDirectories(top.resolve("work"));
    }

    @ParameterizedTest
    @MethodSource("fileSystems")
    void open_missing_createsRealDirectoryWithGitignore(Configuration config) throws IOException {
        try (FileSystem fs = Jimfs.newFileSystem(config)) {
            Path work = project(fs);

            StateDirectory state = StateDirectory.open(work);
            state.createDirectories("history/000001");
            state.append("history/000001/journal.jsonl", "a\n".getBytes(UTF_8));
            state.append("history/000001/journal.jsonl", "b\n".getBytes(UTF_8));

            assertThat(Files.readString(work.resolve(".csl/.gitignore"))).isEqualTo("*\n");
            assertThat(Files.readString(work.resolve(".csl/history/000001/journal.jsonl")))
                    .isEqualTo("a\nb\n");
            assertThat(state.list("history")).containsExactly("000001");
            assertThat(state.list("nothing-here")).isEmpty();
        }
    }

    @ParameterizedTest
    @MethodSource("fileSystems")
    void open_cslIsSymlinkOrFile_refusedAsProtectedPath(Configuration config) throws IOException {
        try (FileSystem fs = Jimfs.newFileSystem(config)) {
            Path work = project(fs);
            Path outside = work.resolveSibling("outside");
            Files.createSymbolicLink(work.resolve(".csl"), outside);

            assertThatThrownBy(() -> StateDirectory.open(work))
                    .isInstanceOf(GuardException.class)
                    .hasMessageContaining("a symlink")
                    .extracting(e -> ((GuardException) e).code())
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            Files.delete(work.resolve(".csl"));
            Files.writeString(work.resolve(".csl"), "x");
            assertThatThrownBy(() -> StateDirectory.openIfExists(work))
                    .hasMessageContaining("not a directory");
            try (Stream<Path> list = Files.list(outside)) {
                assertThat(list).isEmpty();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("fileSystems")
    void write_throughSymlinkInsideCslToOutside_refusedAsPathEscape(Configuration config)
            throws IOException {
        try (FileSystem fs = Jimfs.newFileSystem(config)) {
            Path work = project(fs);
            Path outside = work.resolveSibling("outside");
            StateDirectory state = StateDirectory.open(work);
            Files.createSymbolicLink(work.resolve(".csl/history"), outside);

            assertThatThrownBy(() -> state.write("history/commit.json", new byte[] {1}))
                    .isInstanceOf(GuardException.class)
                    .extracting(e -> ((GuardException) e).code())
                    .isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(state.list(".")).contains("history");
            try (Stream<Path> list = Files.list(outside)) {
                assertThat(list).isEmpty();
            }
        }
    }
}
