package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * When a SEARCH counts as applied already (docs/language.md, "How SEARCH matches"), and when it
 * must not.
 */
class ReApplyTest {

    private static boolean stands(String text, String replacement, long expected) {
        return ReApply.replacementStands(TextDoc.of(text), replacement, expected, false);
    }

    @Test
    void replacementStands_longReplacementExactlyCountTimes_true() {
        assertThat(stands("pkg.new.fold(1)\npkg.new.fold(2)\n", "pkg.new.fold", 2)).isTrue();
        assertThat(stands("pkg.new.fold(1)\npkg.new.fold(2)\n", "pkg.new.fold", 3)).isFalse();
        assertThat(stands("pkg.new.fold(1)\n", "pkg.new.fold", -1)).isTrue();
    }

    @Test
    void replacementStands_shortWordWithCountTwoOrMore_countedAsWholeWordsOnly() {
        String text = "total = 0\nreturn total\nsubtotal = 1\n";

        assertThat(stands(text, "total", 2)).isTrue();
        assertThat(stands(text + "totally\n", "total", 2)).isTrue();
        assertThat(stands(text + "total\n", "total", 2)).isFalse();
    }

    @Test
    void replacementStands_shortReplacementWithDefaultOrAllCount_provesNothing() {
        assertThat(stands("total\n", "total", 1)).isFalse();
        assertThat(stands("total\n", "total", -1)).isFalse();
        assertThat(stands("}\n}\n", "}", 2)).isFalse();
        assertThat(stands("ab\nab\n", "ab", 2)).isFalse();
        assertThat(stands("\n\n", "", 2)).isFalse();
    }

    private static ReApply.Range range(String text, String pattern, String to, String repl) {
        TextDoc doc = TextDoc.of(text);
        Matches m = ExactMatcher.find(doc, pattern, to, false);
        return ReApply.range(doc, m, pattern, to, repl);
    }

    @Test
    void range_replacementStandsAndTheRangeEndsInsideIt_applied() {
        String repl = "def f():\n    y = 1\n    return y";

        assertThat(range(repl + "\n", "def f():", "    return y", repl))
                .isEqualTo(ReApply.Range.APPLIED);
    }

    @Test
    void range_replacementStandsAndTheRangeRunsIntoTheNextBlock_applied() {
        String repl = "def f():\n    y = 1\n    return y";
        String text = repl + "\n\ndef g():\n    return x\n";

        assertThat(range(text, "def f():", "    return x", repl)).isEqualTo(ReApply.Range.APPLIED);
    }

    @Test
    void range_replacementStandsAndTheRangeRunsOnInsideItsBlock_overrun() {
        String repl = "def f():\n    y = 1";
        String text = repl + "\n    z = 2\n    return x\n";

        assertThat(range(text, "def f():", "    return x", repl)).isEqualTo(ReApply.Range.OVERRUN);
    }

    @Test
    void range_replacementNotThere_fresh() {
        String text = "def f():\n    return x\n";

        assertThat(range(text, "def f():", "    return x", "def f():\n    return 2"))
                .isEqualTo(ReApply.Range.FRESH);
    }
}
