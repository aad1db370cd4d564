package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replacement that unbalances its brackets or is indented unlike the file is applied with a
 * warning ({@code unbalanced_replacement}, {@code indentation_style}); {@code --strict} refuses it
 * and changes nothing.
 */
class ReplacementChecksTest {
    private static final String JAVA =
            "class A {\n"
                    + "    void f() {\n"
                    + "        a();\n"
                    + "    }\n"
                    + "\n"
                    + "    void g() {\n"
                    + "        b();\n"
                    + "    }\n"
                    + "}\n";

    @TempDir Path work;

    private ApplyReport replace(String file, String pattern, String replacement, boolean strict) {
        return new Interpreter(new FakeRunners(), GuardedFiles::open)
                .apply(
                        "<---SEARCH file=\""
                                + file
                                + "\"--->\n"
                                + pattern
                                + "\n<---REPLACE--->\n"
                                + replacement
                                + "\n<---END--->\n",
                        ApplyOptions.defaults(work).withTolerance(strict, false));
    }

    private static List<Warning.Code> codes(ApplyReport report) {
        List<Warning> warnings = report.results().get(0).warnings();
        return warnings == null ? List.of() : warnings.stream().map(Warning::code).toList();
    }

    @Nested
    class Brackets {
        @Test
        void replace_droppingAClosingBrace_appliedWithAWarning() throws IOException {
            Files.writeString(work.resolve("A.java"), JAVA);

            ApplyReport report =
                    replace(
                            "A.java",
                            "    void f() {\n        a();\n    }",
                            "    void f() {\n        a();\n        c();",
                            false);

            assertThat(report.ok()).isTrue();
            assertThat(codes(report)).containsExactly(Warning.Code.UNBALANCED_REPLACEMENT);
            Warning w = report.results().get(0).warnings().get(0);
            assertThat(w.message())
                    .contains(
                            "lines 2-4 held as many '{' as '}'",
                            "the replacement 1 '{' more than '}'",
                            "lines 2-4 now");
            assertThat(w.hint()).contains("RUN cat -n A.java");
            assertThat(w.line()).isEqualTo(1);
            assertThat(Files.readString(work.resolve("A.java"))).contains("c();\n\n    void g()");
        }

        @Test
        void replace_droppingAClosingBraceUnderStrict_refusedFileKept() throws IOException {
            Files.writeString(work.resolve("A.java"), JAVA);

            ApplyReport report = replace("A.java", "        a();\n    }", "        a();", true);

            assertThat(report.results().get(0).error().code())
                    .isEqualTo(ErrorCode.UNBALANCED_REPLACEMENT);
            assertThat(report.results().get(0).error().message())
                    .contains("--strict", "nothing was changed")
                    .doesNotContain("It was applied");
            assertThat(work.resolve("A.java")).hasContent(JAVA.strip());
        }

        @Test
        void replace_balancedEditsAndBracketsInStringsOrComments_noWarning() throws IOException {
            Files.writeString(work.resolve("A.java"), JAVA);

            ApplyReport report =
                    replace(
                            "A.java",
                            "    void f() {\n        a();\n    }",
                            "    void f() { // {\n        a(\"(\", '[');\n        if (x) {\n"
                                    + "            y();\n        }\n    }",
                            false);

            assertThat(report.ok()).isTrue();
            assertThat(codes(report)).isEmpty();
        }

        @Test
        void replace_patternOpeningABlockReplacedByOneThatStillOpensIt_noWarning()
                throws IOException {
            Files.writeString(work.resolve("A.java"), JAVA);

            ApplyReport report = replace("A.java", "    void g() {", "    void g(int n) {", false);

            assertThat(codes(report)).isEmpty();
        }

        @Test
        void replace_unbalancedInALanguageWithoutThoseBrackets_noWarning() throws IOException {
            Files.writeString(work.resolve("run.sh"), "case $1 in\n  a) echo a ;;\nesac\n");

            ApplyReport report = replace("run.sh", "  a) echo a ;;", "  a) echo b ;;\n  b)", false);

            assertThat(codes(report)).isEmpty();
        }
    }

    @Nested
    class Indentation {
        @Test
        void replace_tabIndentedInASpaceFile_appliedWithAWarning() throws IOException {
            Files.writeString(work.resolve("A.java"), JAVA);

            ApplyReport report = replace("A.java", "        a();", "\t\ta();\n\t\tc();", false);

            assertThat(report.ok()).isTrue();
            assertThat(codes(report)).containsExactly(Warning.Code.INDENTATION_STYLE);
            Warning w = report.results().get(0).warnings().get(0);
            assertThat(w.message())
                    .contains(
                            "indented with tabs (2 lines)",
                            "file is indented with spaces",
                            "lines 3-4 now");
            assertThat(w.hint()).contains("with spaces", "cat -A A.java");
        }

        @Test
        void replace_spaceIndentedInATabFile_refusedUnderStrict() throws IOException {
            String tabs = JAVA.replace("        ", "\t\t").replace("    ", "\t");
            Files.writeString(work.resolve("A.java"), tabs);

            ApplyReport report = replace("A.java", "\t\ta();", "        a2();", true);

            assertThat(report.results().get(0).error().code())
                    .isEqualTo(ErrorCode.INDENTATION_STYLE);
            assertThat(work.resolve("A.java")).hasContent(tabs.strip());
        }

        @Test
        void replace_indentedAsTheFile_noWarning() throws IOException {
            Files.writeString(work.resolve("A.java"), JAVA);

            ApplyReport report =
                    replace("A.java", "        a();", "        a();\n        c();", false);

            assertThat(codes(report)).isEmpty();
        }

        @Test
        void replace_tabRecipeInAMakefile_noWarning() throws IOException {
            Files.writeString(
                    work.resolve("Makefile"), "A = 1\nB = 2\nall:\n    x\n    y\n    z\n");

            ApplyReport report = replace("Makefile", "    z", "\tz2", false);

            assertThat(codes(report)).isEmpty();
        }
    }
}
