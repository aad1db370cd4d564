package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The segmented document must behave exactly like one String, across segment boundaries. */
class TextDocTest {

    private static String randomText(Random rnd, int chars) {
        String[] words = {"foo", "bar", "a", "aa", "return x;", "  ", "\t", "é", "日本", "{", "}"};
        StringBuilder sb = new StringBuilder();
        while (sb.length() < chars) {
            int n = rnd.nextInt(8);
            for (int i = 0; i < n; i++) {
                sb.append(words[rnd.nextInt(words.length)]);
            }
            sb.append('\n');
        }
        return sb.toString();
    }

    private static List<Integer> naive(String text, String p) {
        List<Integer> out = new ArrayList<>();
        for (int i = text.indexOf(p); i >= 0; i = text.indexOf(p, i + p.length())) {
            out.add(i);
        }
        return out;
    }

    private static List<Integer> segmented(TextDoc doc, String p, boolean filter) {
        List<Integer> out = new ArrayList<>();
        for (int i = doc.indexOf(p, 0, filter);
                i >= 0;
                i = doc.indexOf(p, i + p.length(), filter)) {
            out.add(i);
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void indexOf_randomPatternsAcrossSegments_sameAsString(boolean filter) {
        Random rnd = new Random(42);
        String text = randomText(rnd, 200_000);
        TextDoc doc = TextDoc.of(text);
        assertThat(doc.toString()).isEqualTo(text);
        for (int k = 0; k < 300; k++) {
            int from = rnd.nextInt(text.length() - 1);
            int len = 1 + rnd.nextInt(k % 3 == 0 ? 40_000 : 60);
            String p = text.substring(from, Math.min(text.length(), from + len));
            assertThat(segmented(doc, p, filter))
                    .as("pattern at %d len %d", from, len)
                    .isEqualTo(naive(text, p));
        }
        for (String p : new String[] {"\n", "a\na", "zzz", "foo\nbar", "}\n{"}) {
            assertThat(segmented(doc, p, filter)).isEqualTo(naive(text, p));
        }
    }

    @Test
    void replace_manyEditsAcrossSegments_sameAsString() {
        Random rnd = new Random(7);
        String text = randomText(rnd, 150_000);
        TextDoc doc = TextDoc.of(text);
        for (int k = 0; k < 200 && text.length() > 100; k++) {
            int from = rnd.nextInt(text.length() - 1);
            int len = 1 + rnd.nextInt(k % 5 == 0 ? 50_000 : 30);
            String p = text.substring(from, Math.min(text.length(), from + len));
            String r =
                    k % 4 == 0
                            ? ""
                            : (k % 4 == 1
                                    ? "X\n"
                                    : "replacement " + k + (k % 2 == 0 ? "\nline" : ""));
            List<Integer> starts = naive(text, p);
            int[] s = starts.stream().mapToInt(Integer::intValue).toArray();
            int[] e = starts.stream().mapToInt(i -> i + p.length()).toArray();
            doc = doc.replace(s, e, r);
            text = replaceAllNonOverlapping(text, p, r);
            assertThat(doc.length()).isEqualTo(text.length());
            if (k % 20 == 0) {
                assertThat(doc.toString()).isEqualTo(text);
            }
            String probe = text.substring(rnd.nextInt(Math.max(1, text.length() - 20)));
            probe = probe.substring(0, Math.min(20, probe.length()));
            if (!probe.isEmpty()) {
                assertThat(segmented(doc, probe, true)).isEqualTo(naive(text, probe));
            }
        }
        assertThat(doc.toString()).isEqualTo(text);
    }

    private static String replaceAllNonOverlapping(String text, String p, String r) {
        StringBuilder sb = new StringBuilder();
        int pos = 0;
        for (int i = text.indexOf(p); i >= 0; i = text.indexOf(p, pos)) {
            sb.append(text, pos, i).append(r);
            pos = i + p.length();
        }
        return sb.append(text.substring(pos)).toString();
    }

    @Test
    void lineOf_positionsInLaterSegments_countsLineFeeds() {
        String text = randomText(new Random(3), 100_000);
        TextDoc doc = TextDoc.of(text);
        for (int pos : new int[] {0, 1, 16_383, 16_384, 40_000, text.length() - 1}) {
            long expected = 1 + text.substring(0, pos).chars().filter(c -> c == '\n').count();
            assertThat(doc.lineOf(pos)).isEqualTo((int) expected);
        }
    }

    @Test
    void replace_removingEverything_leavesEmptyDocument() {
        TextDoc doc = TextDoc.of("abc");
        TextDoc empty = doc.replace(new int[] {0}, new int[] {3}, "");
        assertThat(empty.toString()).isEmpty();
        assertThat(empty.indexOf("a", 0, false)).isEqualTo(-1);
        assertThat(empty.replace(new int[0], new int[0], "x").toString()).isEmpty();
    }

    /**
     * Patterns whose prefixes repeat themselves (blank lines then a letter, a run of one character)
     * are searched in linear time, and find what String finds, across segments.
     */
    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void indexOf_selfRepeatingPatternsInRepetitiveText_sameAsString(boolean filter) {
        String text =
                "\n".repeat(70_000)
                        + "a\n"
                        + "ab".repeat(30_000)
                        + "\n"
                        + "\n".repeat(40_000)
                        + "x".repeat(50_000)
                        + "a\n";
        TextDoc doc = TextDoc.of(text);
        for (String p :
                List.of(
                        "\n".repeat(500) + "a",
                        "\n".repeat(39_999) + "x",
                        "\n".repeat(70_001) + "a",
                        "ab".repeat(4_000) + "\n\n",
                        "x".repeat(20_000) + "a\n",
                        "\n".repeat(200) + "b",
                        "b".repeat(300))) {
            assertThat(Periodicity.workPerChar(Periodicity.borders(p)))
                    .as("a pattern of %d chars this repetitive needs the linear search", p.length())
                    .isGreaterThan(Periodicity.MAX_WORK);
            assertThat(segmented(doc, p, filter)).as(p.substring(0, 3)).isEqualTo(naive(text, p));
        }
    }

    @Test
    void workPerChar_codeLikePattern_staysWithTheFastSearch() {
        String code =
                "    public int size() {\n        return count;\n    }\n\n"
                        + "    public boolean isEmpty() {\n        return count == 0;\n    }\n";

        assertThat(Periodicity.workPerChar(Periodicity.borders(code.repeat(3))))
                .isLessThan(Periodicity.MAX_WORK);
    }
}
