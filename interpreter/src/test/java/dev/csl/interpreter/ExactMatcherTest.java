package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Range ends at whole lines (docs/language.md, "How SEARCH matches"), checked against a
 * plain-string model of the rule.
 */
class ExactMatcherTest {

    private static Matches find(String text, String pattern, String to) {
        return ExactMatcher.find(TextDoc.of(text), pattern, to, false);
    }

    private static String range(String text, String pattern, String to) {
        Matches m = find(text, pattern, to);
        assertThat(m.count()).as("matches").isEqualTo(1);
        return text.substring(m.starts()[0], m.ends()[0]);
    }

    @Test
    void find_toInsideLongerLine_skippedForTheWholeLine() {
        String text =
                "    add(item) {\n      const c = () => {\n        v();\n      };\n      }\n    }\n";

        assertThat(range(text, "    add(item) {", "    }")).endsWith("      }\n    }");
    }

    @Test
    void find_toOnTheMatchLine_endsInLine() {
        String text = "<li><b>one</b> first</li>\n</li>\n";

        assertThat(range(text, "<li><b>one</b>", "</li>")).isEqualTo("<li><b>one</b> first</li>");
    }

    @Test
    void find_patternEndingInLineFeed_onlyWholeLinesEndIt() {
        String text = "start\nx </li>\n</li>\n";

        assertThat(range(text, "start\n", "</li>")).isEqualTo("start\nx </li>\n</li>");
    }

    @Test
    void find_toOfSeveralLines_firstLineMustBeginALine() {
        String text = "f() {\n  g();  }\n}\n  }\n}\n";

        assertThat(range(text, "f() {", "  }\n}")).isEqualTo(text.substring(0, text.length() - 1));
    }

    @Test
    void find_crlfText_wholeLinesEndBeforeCr() {
        String text = "a {\r\n  x };\r\n  }\r\n";

        assertThat(range(text, "a {", "  }")).isEqualTo("a {\r\n  x };\r\n  }");
    }

    @Test
    void find_tabs_deeperTabLineSkipped() {
        String text = "\tfor {\n\t\tif {\n\t\t}\n\t}\n";

        assertThat(range(text, "\tfor {", "\t}")).isEqualTo("\tfor {\n\t\tif {\n\t\t}\n\t}");
    }

    @Test
    void find_onlyLongerLinesHoldTheTo_danglingAndFirstSkippedNamed() {
        String text = "a {\n    };\n";

        Matches m = find(text, "a {", "  }");

        assertThat(m.count()).isZero();
        assertThat(m.danglingStart()).isZero();
        assertThat(m.skippedTo()).isEqualTo(text.indexOf("    };") + 2);
    }

    @Test
    void find_lineBeginningWithToAndClosers_ambiguousNotRunOn() {
        String text = "{\n  \"a\": {\n  },\n  \"b\": {\n  }\n}\n";

        Matches m = find(text, "  \"a\": {", "  }");

        assertThat(m.count()).isZero();
        assertThat(m.skippedTo()).isEqualTo(text.indexOf("  },"));
        assertThat(m.ambiguousEnd()).isEqualTo(text.lastIndexOf("  }\n}"));
    }

    /**
     * Many random documents larger than a segment, so that lines, matches and TO occurrences fall
     * on segment boundaries: the matcher on a {@link TextDoc} agrees with the rule on a string.
     */
    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
    void find_randomMultiSegmentDocuments_agreesWithModel(long seed) {
        Random random = new Random(seed);
        String[] vocabulary = {
            "  }",
            "    }",
            "  },",
            "  } else {",
            "start {",
            "x start {",
            "body();",
            "",
            "  }  ",
            "}"
        };
        for (int round = 0; round < 20; round++) {
            StringBuilder sb = new StringBuilder();
            String nl = random.nextBoolean() ? "\n" : "\r\n";
            while (sb.length() < 3 * TextDoc.TARGET) {
                sb.append(vocabulary[random.nextInt(vocabulary.length)]).append(nl);
            }
            String text = sb.toString();
            String to = random.nextBoolean() ? "  }" : "  }" + nl + "}";
            Matches actual = find(text, "start {", to);
            Matches expected = model(text, "start {", to);
            assertThat(actual.count())
                    .as("seed %d round %d", seed, round)
                    .isEqualTo(expected.count());
            assertThat(actual.starts()).isEqualTo(expected.starts());
            assertThat(actual.ends()).isEqualTo(expected.ends());
            assertThat(actual.danglingStart()).isEqualTo(expected.danglingStart());
            assertThat(actual.ambiguousEnd()).isEqualTo(expected.ambiguousEnd());
        }
    }

    /** The rule of docs/language.md, "How SEARCH matches", written the slow, obvious way. */
    private static Matches model(String text, String pattern, String to) {
        List<int[]> found = new ArrayList<>();
        int dangling = -1;
        int ambiguous = -1;
        int pos = 0;
        while (true) {
            int s = text.indexOf(pattern, pos);
            if (s < 0) {
                break;
            }
            int e = s + pattern.length();
            int lineEnd = e;
            while (lineEnd < text.length() && "\r\n".indexOf(text.charAt(lineEnd)) < 0) {
                lineEnd++;
            }
            int end = -1;
            boolean nearMiss = false;
            for (int t = text.indexOf(to, e); t >= 0; t = text.indexOf(to, t + 1)) {
                int te = t + to.length();
                boolean begins = t == 0 || "\r\n".indexOf(text.charAt(t - 1)) >= 0;
                boolean ends = te == text.length() || "\r\n".indexOf(text.charAt(te)) >= 0;
                if (te <= lineEnd || (begins && ends)) {
                    end = te;
                    if (nearMiss && te > lineEnd) {
                        ambiguous = t;
                    }
                    break;
                }
                if (begins && !to.contains("\n")) {
                    int le = te;
                    while (le < text.length() && "\r\n".indexOf(text.charAt(le)) < 0) {
                        le++;
                    }
                    String rest = text.substring(te, le).strip();
                    nearMiss |=
                            !rest.isEmpty() && rest.chars().allMatch(c -> ",;)]}".indexOf(c) >= 0);
                }
            }
            if (end < 0 || ambiguous >= 0) {
                dangling = s;
                break;
            }
            found.add(new int[] {s, end});
            pos = end;
        }
        return new Matches(
                found.stream().mapToInt(f -> f[0]).toArray(),
                found.stream().mapToInt(f -> f[1]).toArray(),
                found.size(),
                dangling,
                -1,
                ambiguous);
    }
}
