package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Deleting lines deletes them (docs/language.md): a whole-line match replaced by nothing goes with
 * its line break, and a block's trailing empty lines are blank lines of the file where it has them.
 * On every file system, LF and CRLF.
 */
class DeletingLinesTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);

    private String applyTo(Fixtures.Fs fs, Path tmp, String before, String answer)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("f.txt"), before);
        ApplyReport report = interpreter.apply(answer, ApplyOptions.defaults(work));
        assertThat(report.ok()).as(report.toString()).isTrue();
        return Files.readString(work.resolve("f.txt"));
    }

    private static String search(String pattern, String replacement) {
        return "<---SEARCH file=\"f.txt\"--->\n"
                + pattern
                + "\n<---REPLACE--->\n"
                + replacement
                + (replacement.isEmpty() ? "" : "\n")
                + "<---END--->\n";
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_twoWholeLinesBetweenBlankLines_noBlankLineLeft(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String after = applyTo(fs, tmp, "x\n\na\nb\n\nc\n", search("a\nb", ""));

        assertThat(after).isEqualTo("x\n\n\nc\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_crlfFile_lineGoesWithItsBreak(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String after = applyTo(fs, tmp, "x\r\n\r\na\r\nb\r\n\r\nc\r\n", search("a\nb", ""));

        assertThat(after).isEqualTo("x\r\n\r\n\r\nc\r\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_methodAndItsTrailingBlankLine_bothGone(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String before =
                """
                class A {
                    void a() {
                    }

                    void b() {
                    }

                    void c() {
                    }
                }
                """;
        String after = applyTo(fs, tmp, before, search("    void b() {\n    }\n", ""));

        assertThat(after)
                .isEqualTo(
                        """
                        class A {
                            void a() {
                            }

                            void c() {
                            }
                        }
                        """);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_methodAndBlankLineCrlf_bothGone(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String before = "a() {\r\n}\r\n\r\nb() {\r\n}\r\n\r\nc\r\n";

        String after = applyTo(fs, tmp, before, search("b() {\n}\n", ""));

        assertThat(after).isEqualTo("a() {\r\n}\r\n\r\nc\r\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_trailingEmptyLineWhereFileHasNoBlankLine_olderReading(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        String after = applyTo(fs, tmp, "keep\nremove me\nkeep too\n", search("remove me\n", ""));

        assertThat(after).isEqualTo("keep\nkeep too\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_blankLineReadingPreferredWhenItFitsTheCount(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        // The two lines stand twice, followed by a blank line once: that reading fits count 1.
        String before = "f() {\n    a;\n}\n\ng() {\n    a;\n}\nh\n";

        String after = applyTo(fs, tmp, before, search("    a;\n}\n", ""));

        assertThat(after).isEqualTo("f() {\ng() {\n    a;\n}\nh\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_lastLineOfFileWithoutFinalNewline_breakBeforeGoes(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String after = applyTo(fs, tmp, "x\ny\nlast", search("last", ""));

        assertThat(after).isEqualTo("x\ny");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_lastLinesOfFileWithFinalNewline_finalNewlineKept(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String after = applyTo(fs, tmp, "x\ny\nlast\n", search("y\nlast", ""));

        assertThat(after).isEqualTo("x\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_inLine_unaffected(Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        String after =
                applyTo(
                        fs,
                        tmp,
                        "keep this remove this keep this\nnext\n",
                        search("remove this ", ""));

        assertThat(after).isEqualTo("keep this keep this\nnext\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void delete_countAll_eachOccurrenceWithItsBreak(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String answer =
                "<---SEARCH file=\"f.txt\" count=\"all\"--->\n    log();\n<---REPLACE--->\n"
                        + "<---END--->\n";

        String after = applyTo(fs, tmp, "a\n    log();\nb\n    log();\n", answer);

        assertThat(after).isEqualTo("a\nb\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void range_toEndingWithEmptyLine_deletesTheBlankLineAfterIt(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String before =
                """
                def a():
                    if x:
                        pass

                    return 1

                def b():
                    return 2
                """;
        String answer =
                "<---SEARCH file=\"f.txt\"--->\ndef a():\n<---TO--->\n    return 1\n\n"
                        + "<---REPLACE--->\n<---END--->\n";

        String after = applyTo(fs, tmp, before, answer);

        assertThat(after).isEqualTo("def b():\n    return 2\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void replace_patternHeldItsBreak_replacementStaysALine(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String after = applyTo(fs, tmp, "a\nold\nc\n", search("old\n", "new"));

        assertThat(after).isEqualTo("a\nnew\nc\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void replace_methodAndBlankLineWithMethodAlone_blankLineGone(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        String after = applyTo(fs, tmp, "a() {\n}\n\nb\n", search("a() {\n}\n", "a2() {\n}"));

        assertThat(after).isEqualTo("a2() {\n}\nb\n");
    }
}
