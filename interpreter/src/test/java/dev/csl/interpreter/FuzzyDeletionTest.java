package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Deleting lines deletes them when the match was found loosely too: a whole-line match that only
 * --fuzzy=whitespace or the trailing-whitespace step finds, replaced by nothing, goes with its line
 * break, and a pattern's trailing empty line is a blank line of the file, as for an exact match.
 */
class FuzzyDeletionTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);

    private static final String FILE =
            "class A {\n    int x;\n\n    void a() {\n        go();\n    }\n\n    void b() {\n"
                    + "    }\n}\n";

    private static String deletion(String pattern) {
        return "<---SEARCH file=\"A.java\"--->\n" + pattern + "<---REPLACE--->\n<---END--->\n";
    }

    private ApplyReport fuzzy(Path work, String answer) {
        return interpreter.apply(answer, ApplyOptions.defaults(work).withTolerance(false, true));
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void fuzzyIndentation_wholeLinesDeleted_noBlankLineLeft(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("A.java"), FILE);

        ApplyReport report = fuzzy(work, deletion("void a() {\n    go();\n}\n"));

        assertThat(report.results().get(0).status()).isEqualTo(Status.OK);
        assertThat(report.results().get(0).warnings())
                .extracting(w -> w.code().wireName())
                .contains("whitespace_adjusted");
        assertThat(Files.readString(work.resolve("A.java")))
                .isEqualTo("class A {\n    int x;\n\n\n    void b() {\n    }\n}\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void fuzzyIndentation_patternEndingInEmptyLine_takesTheBlankLineAlong(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("A.java"), FILE);

        fuzzy(work, deletion("void a() {\n    go();\n}\n\n"));

        assertThat(Files.readString(work.resolve("A.java")))
                .isEqualTo("class A {\n    int x;\n\n    void b() {\n    }\n}\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void fuzzyIndentation_crlfFile_deletedWithItsCrlf(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.write(
                work.resolve("A.java"),
                FILE.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8));

        fuzzy(work, deletion("void a() {\n    go();\n}\n\n"));

        assertThat(Files.readString(work.resolve("A.java")))
                .isEqualTo(
                        "class A {\n    int x;\n\n    void b() {\n    }\n}\n"
                                .replace("\n", "\r\n"));
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void fuzzyIndentation_lastLinesOfFileWithoutFinalBreak_deletedWithTheBreakBefore(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("a.py"), "x = 1\n  y = 2\n  z = 3");

        fuzzy(work, "<---SEARCH file=\"a.py\"--->\ny = 2\nz = 3\n<---REPLACE--->\n<---END--->\n");

        assertThat(Files.readString(work.resolve("a.py"))).isEqualTo("x = 1");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void fuzzyIndentation_emptyLastLineWhereTheFileHasNoBlankLine_isTheLineBreak(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("a.py"), "x = 1\n  y = 2\n  z = 3\nw = 4\n");

        fuzzy(work, "<---SEARCH file=\"a.py\"--->\ny = 2\nz = 3\n\n<---REPLACE--->\n<---END--->\n");

        assertThat(Files.readString(work.resolve("a.py"))).isEqualTo("x = 1\nw = 4\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void trailingWhitespace_wholeLinesDeleted_noBlankLineLeft(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("a.py"), "a = 1\n\nb = 2  \nc = 3\n\nd = 4\n");

        ApplyReport report =
                interpreter.apply(
                        "<---SEARCH file=\"a.py\"--->\nb = 2\nc = 3\n<---REPLACE--->\n<---END--->\n",
                        ApplyOptions.defaults(work));

        assertThat(report.results().get(0).status()).isEqualTo(Status.OK);
        assertThat(Files.readString(work.resolve("a.py"))).isEqualTo("a = 1\n\n\nd = 4\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void trailingWhitespace_patternEndingInEmptyLine_takesTheBlankLineAlong(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("a.py"), "a = 1\n\nb = 2  \nc = 3\n\nd = 4\n");

        interpreter.apply(
                "<---SEARCH file=\"a.py\"--->\nb = 2\nc = 3\n\n<---REPLACE--->\n<---END--->\n",
                ApplyOptions.defaults(work));

        assertThat(Files.readString(work.resolve("a.py"))).isEqualTo("a = 1\n\nd = 4\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void fuzzyIndentation_nonEmptyReplacement_linesStayLines(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("A.java"), FILE);

        fuzzy(
                work,
                "<---SEARCH file=\"A.java\"--->\nvoid a() {\n    go();\n}\n<---REPLACE--->\n"
                        + "void a() {\n    stop();\n}\n<---END--->\n");

        assertThat(Files.readString(work.resolve("A.java")))
                .isEqualTo(FILE.replace("go();", "stop();"));
    }
}
