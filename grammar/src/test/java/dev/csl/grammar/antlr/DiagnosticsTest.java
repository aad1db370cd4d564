package dev.csl.grammar.antlr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.SyntaxError;
import org.junit.jupiter.api.Test;

/** Hints say what to do, with the delimiters of the parse. */
class DiagnosticsTest {

    private static SyntaxError only(String answer, Delimiters delimiters) {
        var errors = AnswerParser.parse(answer, delimiters).syntaxErrors();
        assertThat(errors).hasSize(1);
        return errors.get(0);
    }

    @Test
    void hint_spaceAfterStartDelimiter_saysRemoveTheSpace() {
        SyntaxError error = only("<--- RUN--->\nls\n<---END--->\n", Delimiters.DEFAULT);
        assertThat(error.error()).isEqualTo("Line 1: Malformed marker");
        assertThat(error.hint())
                .startsWith("write the operation name right after <--- with no space");
    }

    @Test
    void hint_inventedOperation_namesTheCslWay() {
        SyntaxError error = only("<---DELETE file=\"a\"--->\n", Delimiters.DEFAULT);
        assertThat(error.hint()).contains("rm PATH");
    }

    @Test
    void hint_customDelimiters_usedInTheExample() {
        SyntaxError error =
                only(
                        "@[[[[SEARCH file=\"a\"]]]]@\nx\n@[[[[END]]]]@\n",
                        new Delimiters("@[[[[", "]]]]@"));
        assertThat(error.error()).isEqualTo("Line 3: SEARCH operation has no REPLACE section");
        assertThat(error.hint()).contains("@[[[[REPLACE]]]]@").doesNotContain("<---");
    }

    @Test
    void hint_unterminatedWithLookalike_pointsAtThatLine() {
        SyntaxError error = only("<---RUN--->\nls\n <---END--->\n", Delimiters.DEFAULT);
        assertThat(error.hint()).contains("line 3 looks like a closing marker");
    }

    @Test
    void hint_endAfterTo_explainsItIsPartOfTheRange() {
        SyntaxError error =
                only(
                        "<---SEARCH file=\"a\"--->\nx\n<---TO--->\ny\n<---END--->\n",
                        Delimiters.DEFAULT);
        assertThat(error.error()).isEqualTo("Line 1: Unterminated SEARCH operation");
        assertThat(error.hint()).contains("is part of the range end");
    }
}
