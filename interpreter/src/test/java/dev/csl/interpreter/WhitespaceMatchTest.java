package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** --fuzzy=whitespace: one region that matches once indentation and trailing blanks are ignored. */
class WhitespaceMatchTest {

    @Test
    void find_oneRegionDifferentlyIndented_foundAndReplacementReindented() {
        String text = "class A {\n    void f() {\n        g();\n    }\n}\n";

        WhitespaceMatch m =
                WhitespaceMatch.find(
                        text, "void f() {\n    g();\n}", "void h() {\n    k();\n}", "\n");

        assertThat(m).isNotNull();
        assertThat(m.firstLine()).isEqualTo(2);
        assertThat(m.lastLine()).isEqualTo(4);
        assertThat(m.replacement()).isEqualTo("    void h() {\n        k();\n    }");
    }

    @Test
    void find_twoSeparateRegions_null() {
        assertThat(WhitespaceMatch.find("  a\n  b\nx\na \nb\n", "a\nb", "c", "\n")).isNull();
    }

    @Test
    void find_overlappingOccurrences_countAsOneRegionFromTheLeft() {
        WhitespaceMatch m = WhitespaceMatch.find(" a\n a\n a\n", "a\na", "b\nb", "\n");

        assertThat(m).isNotNull();
        assertThat(m.firstLine()).isEqualTo(1);
        assertThat(m.lastLine()).isEqualTo(2);
    }

    @Test
    void find_thousandsOfBlankLinesAgainstBlankFile_answersWithoutComparingEveryPair() {
        String text = "\n".repeat(200_000) + "x\n";
        String pattern = "\n".repeat(20_000) + "y";

        assertThat(WhitespaceMatch.find(text, pattern, "z", "\n")).isNull();
        assertThat(WhitespaceMatch.find(text, "\n".repeat(20_000) + "  x", "z", "\n"))
                .isNotNull()
                .extracting(WhitespaceMatch::lastLine)
                .isEqualTo(200_001);
    }
}
