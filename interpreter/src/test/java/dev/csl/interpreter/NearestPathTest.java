package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** A SEARCH of a path that is not there names the file that is, instead of a guess. */
class NearestPathTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);

    private static String search(String file) {
        return "<---SEARCH file=\"" + file + "\"--->\nold\n<---REPLACE--->\nnew\n<---END--->\n";
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void search_pathFromOutsideTheProject_hintNamesTheFileInside(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.createDirectories(work.resolve("src"));
        Files.writeString(work.resolve("src/error.rs"), "old\n");

        ApplyReport report =
                interpreter.apply(
                        search("../semver-1.0.14/src/error.rs"), ApplyOptions.defaults(work));

        ErrorInfo e = report.results().get(0).error();
        assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(e.hint()).contains("src/error.rs").contains("file=\"src/error.rs\"");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void write_pathFromOutsideTheProject_hintNamesTheFileInside(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.createDirectories(work.resolve("src"));
        Files.writeString(work.resolve("src/error.rs"), "old\n");

        ApplyReport report =
                interpreter.apply(
                        "<---WRITE file=\"../semver-1.0.14/src/error.rs\"--->\nnew\n<---END--->\n",
                        ApplyOptions.defaults(work));

        ErrorInfo e = report.results().get(0).error();
        assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(e.hint()).contains("file=\"src/error.rs\"").doesNotContain("drop the leading");
        assertThat(Files.readString(work.resolve("src/error.rs"))).isEqualTo("old\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void search_missingFileOfAName_hintNamesTheOneElsewhereAndNoWrite(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.createDirectories(work.resolve("toolz"));
        Files.writeString(work.resolve("toolz/itertoolz.py"), "old\n");

        ApplyReport report = interpreter.apply(search("itertoolz.py"), ApplyOptions.defaults(work));

        ErrorInfo e = report.results().get(0).error();
        assertThat(e.code()).isEqualTo(ErrorCode.FILE_NOT_FOUND);
        assertThat(e.hint()).contains("toolz/itertoolz.py").doesNotContain("WRITE");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void search_missingFileWithNoneOfItsName_hintSaysHowToFindIt(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);

        ApplyReport report =
                interpreter.apply(search("lib/nothing.py"), ApplyOptions.defaults(work));

        assertThat(report.results().get(0).error().hint())
                .isEqualTo(
                        "Check the path (RUN find . -name nothing.py); SEARCH edits a file that"
                                + " exists.");
    }
}
