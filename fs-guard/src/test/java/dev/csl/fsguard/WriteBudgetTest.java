package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The write budget of an apply, spent through a guard (Jimfs: Unix, Windows, macOS-like). */
class WriteBudgetTest {
    static Stream<Arguments> systems() {
        return Stream.of(
                Arguments.of("unix", Configuration.unix()),
                Arguments.of("windows", Configuration.windows()),
                Arguments.of("macos", Configuration.osX()));
    }

    private static Path project(FileSystem fs) throws Exception {
        Path root = fs.getRootDirectories().iterator().next();
        return Files.createDirectories(root.resolve("p"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void copyRecursive_treeOverTheBytes_refusedBeforeAnythingIsCopied(
            String name, Configuration config) throws Exception {
        try (FileSystem fs = Jimfs.newFileSystem(JimfsCorpusTest.withLinks(config))) {
            Path p = project(fs);
            Files.createDirectories(p.resolve("t/u"));
            Files.write(p.resolve("t/a.bin"), new byte[600]);
            Files.write(p.resolve("t/u/b.bin"), new byte[600]);
            WriteBudget budget = new WriteBudget(1000, 100, 0, null, 0, 0);
            GuardedFiles files = GuardedFiles.open(p).withBudget(budget);

            assertThatThrownBy(() -> files.copy("t", "t2", true))
                    .isInstanceOfSatisfying(
                            GuardException.class,
                            e -> {
                                assertThat(e.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
                                assertThat(e.getMessage())
                                        .contains("1.2 KiB")
                                        .contains("budget of 1000 bytes");
                                assertThat(e.hint()).contains("\"written\"");
                            });
            assertThat(Files.exists(p.resolve("t2"))).isFalse();
            assertThat(budget.spentBytes()).isZero();
            assertThat(budget.refusal()).isNotNull();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void writeAtomic_manyEmptyFiles_stoppedAtTheFilesBudget(String name, Configuration config)
            throws Exception {
        try (FileSystem fs = Jimfs.newFileSystem(JimfsCorpusTest.withLinks(config))) {
            Path p = project(fs);
            WriteBudget budget = new WriteBudget(Long.MAX_VALUE, 10, 0, null, 0, 0);
            GuardedFiles files = GuardedFiles.open(p).withBudget(budget);
            int written = 0;
            GuardException refused = null;
            for (int i = 0; i < 20 && refused == null; i++) {
                try {
                    files.writeAtomic("f" + i, new byte[0]);
                    written++;
                } catch (GuardException e) {
                    refused = e;
                }
            }

            assertThat(written).isEqualTo(10);
            assertThat(refused.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
            assertThat(refused.getMessage()).contains("over its budget of 10");
            assertThat(refused.hint()).contains("\"files\"");
            assertThat(Files.exists(p.resolve("f10"))).isFalse();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void createDirectories_countsEachMissingDirectory(String name, Configuration config)
            throws Exception {
        try (FileSystem fs = Jimfs.newFileSystem(JimfsCorpusTest.withLinks(config))) {
            Path p = project(fs);
            Files.createDirectories(p.resolve("a"));
            WriteBudget budget = new WriteBudget(Long.MAX_VALUE, 100, 0, null, 0, 0);
            GuardedFiles.open(p).withBudget(budget).createDirectories("a/b/c");

            assertThat(budget.spentFiles()).isEqualTo(2);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void restoreFile_overTheBudget_stillPutsTheFileBack(String name, Configuration config)
            throws Exception {
        try (FileSystem fs = Jimfs.newFileSystem(JimfsCorpusTest.withLinks(config))) {
            Path p = project(fs);
            WriteBudget budget = new WriteBudget(0, 0, 0, null, 0, 0);
            GuardedFiles.open(p).withBudget(budget).restoreFile("back.txt", new byte[10], -1);

            assertThat(Files.size(p.resolve("back.txt"))).isEqualTo(10);
        }
    }

    @Test
    void spend_afterAWorkerSpentPart_continuesFromWhatWasSpent() {
        WriteBudget budget = new WriteBudget(100, 10, 0, null, 0, 0);
        budget.spent(90, 9);

        assertThatThrownBy(() -> budget.spend("'x'", 20, 1))
                .hasMessageContaining("90 bytes written so far");
        assertThat(budget.spentBytes()).isEqualTo(90);
    }
}
