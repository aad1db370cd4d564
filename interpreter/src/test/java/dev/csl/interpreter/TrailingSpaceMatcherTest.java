package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Trailing whitespace tolerated where no exact match exists (docs/language.md, "How SEARCH
 * matches"), and nothing more.
 */
class TrailingSpaceMatcherTest {

    private static String only(String text, String pattern, String to) {
        Matches m = TrailingSpaceMatcher.find(text, pattern, to);
        assertThat(m.count()).as("matches").isEqualTo(1);
        return text.substring(m.starts()[0], m.ends()[0]);
    }

    @Test
    void find_blankLookingLineHoldingSpaces_matchesTheEmptyPatternLine() {
        String text = "a = 1\n    \nb = 2\n";

        assertThat(only(text, "a = 1\n\nb = 2", null)).isEqualTo("a = 1\n    \nb = 2");
    }

    @Test
    void find_fileLinesEndInSpacesAndTabs_matchedToTheirEnds() {
        String text = "x {  \n\ty;\t\n}\n";

        assertThat(only(text, "x {\n\ty;\n}", null)).isEqualTo("x {  \n\ty;\t\n}");
    }

    @Test
    void find_patternLineEndsInSpacesTheFileLacks_matched() {
        assertThat(only("f() {\n  g();\n}\n", "f() {   \n  g();", null)).isEqualTo("f() {\n  g();");
    }

    @Test
    void find_crlfFile_linesMatchAndTheMatchEndsBeforeTheTerminator() {
        String text = "one  \r\ntwo\r\nthree\r\n";

        assertThat(only(text, "one\ntwo", null)).isEqualTo("one  \r\ntwo");
    }

    @Test
    void find_leadingWhitespaceDiffers_noMatch() {
        assertThat(TrailingSpaceMatcher.find("  a  \n  b\n", "a\nb", null).count()).isZero();
        assertThat(TrailingSpaceMatcher.find("\ta \n\tb\n", "    a\n    b", null).count()).isZero();
    }

    @Test
    void find_singleLineWithoutTrailingWhitespace_leftToTheExactSearch() {
        assertThat(TrailingSpaceMatcher.find("a  \n", "a", null)).isSameAs(Matches.NONE);
    }

    @Test
    void find_singleLineEndingInSpaces_mustEndItsLine() {
        Matches m = TrailingSpaceMatcher.find("ab x\nab\n", "ab  ", null);

        assertThat(m.count()).isEqualTo(1);
        assertThat(m.starts()[0]).isEqualTo(5);
    }

    @Test
    void find_repeatedLines_matchesDoNotOverlap() {
        Matches m = TrailingSpaceMatcher.find("a \na \na \n", "a\na", null);

        assertThat(m.count()).isEqualTo(1);
    }

    @Test
    void find_everyLineBlank_noMatch() {
        assertThat(TrailingSpaceMatcher.find("  \n\n  \n", "\n", null)).isSameAs(Matches.NONE);
    }

    @Test
    void find_rangeWhoseToLineHasTrailingSpaces_endsAtThatWholeLine() {
        String text = "    add() {\n      x();\n      };\n    }  \n";

        assertThat(only(text, "    add() {", "    }"))
                .isEqualTo(text.substring(0, text.length() - 1));
    }

    @Test
    void find_rangePastALineBeginningWithToAndClosers_notMatched() {
        String text = "  \"a\": { \n  },\n  \"b\": {\n  }\n";

        Matches m = TrailingSpaceMatcher.find(text, "  \"a\": {", "  }");

        assertThat(m.count()).isZero();
        assertThat(m.danglingStart()).isZero();
    }
}
