package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Naming what differs between a file line and a pattern line, and finding the closest region. */
class ClosestTest {

    @ParameterizedTest(name = "{2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "'    return x;'|'\treturn x;'|tabs vs spaces",
                "'    return x;'|'  return x;'|indentation",
                "'return x;'|'return x;   '|trailing spaces",
                "'return x;\r'|'return x;'|CR (\\r) at line end",
                "'a\u00A0b'|'a b'|non-breaking space",
                "'Return X;'|'return x;'|case",
                "'return y;'|'return x;'|changed line"
            })
    void classify_lineDifference_namesTheKind(String file, String pattern, String kind) {
        assertThat(Closest.classify(file, pattern)).isEqualTo(kind);
    }

    @Test
    void visible_whitespace_isShownWithMarks() {
        assertThat(Closest.visible(" \t\r\u00A0x")).isEqualTo("·→␍⍽x");
    }

    @Test
    void find_regionWithOneChangedLine_reportsItsLinesAndSimilarity() {
        String text = "a\nb\nfunction f() {\n    return 1;\n}\nz\n";
        Closest.Region region = Closest.find(text, "function f() {\n    return 2;\n}", false);
        assertThat(region).isNotNull();
        assertThat(region.startLine()).isEqualTo(3);
        assertThat(region.endLine()).isEqualTo(5);
        assertThat(region.similarity()).isBetween(0.9, 1.0);
        assertThat(region.differences())
                .singleElement()
                .satisfies(
                        d -> {
                            assertThat(d.line()).isEqualTo(4);
                            assertThat(d.kind()).isEqualTo("changed line");
                        });
    }

    @Test
    void find_patternWithAnInventedLine_locatesItBetweenItsNeighboursAlone() {
        String text = "x\nint a = 1;\nint b = 2;\nint c = 3;\nint d = 4;\nreturn a + b;\n}\n";
        Closest.Region region =
                Closest.find(
                        text, "int a = 1;\nint b = 2;\nlog(b);\nint c = 3;\nint d = 4;", false);

        assertThat(region.startLine()).isEqualTo(2);
        assertThat(region.endLine()).isEqualTo(5);
        assertThat(region.differences())
                .singleElement()
                .satisfies(
                        d -> {
                            assertThat(d.kind()).isEqualTo("line not in the file");
                            assertThat(d.pattern()).isEqualTo("log(b);");
                            assertThat(d.before()).isEqualTo(4);
                        });
    }

    @Test
    void find_patternStartingWithAnInventedLine_regionStartsAtTheFirstRealOne() {
        String text = "x\nint a = 1;\nint b = 2;\nint c = 3;\nint d = 4;\nreturn a + b;\n";
        Closest.Region region =
                Closest.find(text, "// the sum\nint a = 1;\nint b = 2;\nint c = 3;", false);

        assertThat(region.startLine()).isEqualTo(2);
        assertThat(region.endLine()).isEqualTo(4);
        assertThat(region.differences())
                .singleElement()
                .satisfies(d -> assertThat(d.before()).isEqualTo(2));
    }

    @Test
    void find_whitespaceDifference_carriesTheRawLinesBesideTheVisibleOnes() {
        String text = "function f() {\n\treturn 1;\n}\n";
        Closest.Region region = Closest.find(text, "function f() {\n    return 1;\n}", false);

        Closest.Difference d = region.differences().get(0);
        assertThat(d.file()).isEqualTo("→return·1;");
        assertThat(d.pattern()).isEqualTo("····return·1;");
        assertThat(d.fileText()).isEqualTo("\treturn 1;");
        assertThat(d.patternText()).isEqualTo("    return 1;");
    }

    @Test
    void closestRegionJson_differences_holdDisplayAndRawText() {
        SearchDetails.ClosestRegion region =
                new SearchDetails.ClosestRegion(
                        1,
                        1,
                        0.9,
                        java.util.List.of("tabs vs spaces"),
                        java.util.List.of(
                                new SearchDetails.Difference(
                                        1, "tabs vs spaces", "→x", "··x", "\tx", "  x")));

        assertThat(region.fields().get("differences"))
                .isEqualTo(
                        java.util.List.of(
                                java.util.Map.of(
                                        "line", 1,
                                        "kind", "tabs vs spaces",
                                        "file", "→x",
                                        "pattern", "··x",
                                        "fileText", "\tx",
                                        "patternText", "  x")));
    }

    @Test
    void find_nothingAlike_returnsNull() {
        assertThat(Closest.find("alpha\nbeta\n", "zzzz qqqq xxxx", false)).isNull();
    }

    @Test
    void lineEndings_dominantStyle_isTheMajority() {
        assertThat(
                        LineEndings.of(
                                        "a\r\nb\r\nc\n"
                                                .getBytes(java.nio.charset.StandardCharsets.UTF_8))
                                .dominant())
                .isEqualTo("\r\n");
        assertThat(
                        LineEndings.of("a\nb\n".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                                .dominant())
                .isEqualTo("\n");
        assertThat(
                        LineEndings.of("a\rb\r".getBytes(java.nio.charset.StandardCharsets.UTF_8))
                                .dominant())
                .isEqualTo("\r");
        assertThat(LineEndings.of(new byte[0]).dominant()).isEqualTo("\n");
        assertThat(LineEndings.of("a\r\nb\n").mixed()).isTrue();
    }
}
