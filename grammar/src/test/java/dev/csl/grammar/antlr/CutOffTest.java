package dev.csl.grammar.antlr;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.SyntaxError;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An answer that ends inside a block is called cut off; when the block's text stops mid-way, the
 * hint sends the block again whole instead of advising an END that would land the truncated text.
 */
class CutOffTest {

    private static SyntaxError only(String answer) {
        List<SyntaxError> errors = AnswerParser.parse(answer).syntaxErrors();
        assertThat(errors).hasSize(1);
        return errors.get(0);
    }

    @Test
    void writeEndingInUnfinishedLine_calledCutOffAndNoEndAdvised() {
        SyntaxError error =
                only(
                        "<---WRITE file=\"a.py\"--->\nx = 1\n<---END--->\n"
                                + "<---WRITE file=\"tests/test_app.py\"--->\n"
                                + "from app import greet\n\ndef test_greet():");

        assertThat(error.error()).isEqualTo("Line 4: Unterminated WRITE operation");
        assertThat(error.hint())
                .startsWith("the answer looks cut off: it ends inside this WRITE block")
                .contains(
                        "its last line, 'def test_greet():', looks unfinished",
                        "would write a truncated block",
                        "Nothing was applied, not even the block before line 4, which is"
                                + " complete",
                        "send the answer again with this WRITE whole, closed by <---END--->")
                .doesNotContain("add <---END--->");
    }

    @Test
    void writeLeavingBracketsOpen_cutOff() {
        SyntaxError error =
                only("<---WRITE file=\"A.java\"--->\nclass A {\n    void f() {\n        g();");

        assertThat(error.hint())
                .contains("2 brackets it opens are never closed", "Nothing was applied:")
                .doesNotContain("add <---END--->");
    }

    @Test
    void cutOffInsideTasks_namesTheTasksEndToo() {
        SyntaxError error =
                only(
                        "<---TASKS--->\n<---RUN--->\nls\n<---END--->\n"
                                + "<---WRITE file=\"b.txt\"--->\nsome text \"quoted");

        assertThat(error.line()).isEqualTo(5);
        assertThat(error.hint())
                .contains(
                        "leaves a quote open",
                        "not even the block before line 5",
                        "(and the TASKS block of line 1 closed by its own <---END--->)");
    }

    @Test
    void writeStoppingAfterItsMarker_cutOff() {
        SyntaxError error = only("<---WRITE file=\"a.txt\"--->\n");

        assertThat(error.hint()).contains("it stops right after its opening marker");
    }

    @Test
    void lastLineLooksComplete_endOfferedIfThatIsWhereItEnds() {
        SyntaxError error = only("<---RUN--->\nls\n");

        assertThat(error.hint())
                .isEqualTo(
                        "the answer looks cut off inside this RUN block: if its last line, 'ls',"
                                + " is where the block ends, add <---END---> on its own line after"
                                + " the RUN block; otherwise send the block again whole (nothing"
                                + " was applied)");
    }

    @Test
    void searchCutInItsReplacement_sentAgainWhole() {
        SyntaxError error =
                only("<---SEARCH file=\"a.py\"--->\nx = 1\n<---REPLACE--->\nx = compute(1,");

        assertThat(error.hint())
                .contains("its last line, 'x = compute(1,', looks unfinished", "this SEARCH whole")
                .doesNotContain("add <---END--->");
    }

    @Test
    void searchReplacementOpeningABracket_notCalledUnfinishedForThat() {
        SyntaxError error =
                only("<---SEARCH file=\"a.c\"--->\nint f() {\n<---REPLACE--->\nint g() {\n  h();");

        assertThat(error.hint()).startsWith("the answer looks cut off inside this SEARCH block");
    }

    @Test
    void searchCutInItsPattern_sentAgainWhole() {
        SyntaxError error = only("<---SEARCH file=\"a.py\"--->\ndef f(x):\n    return");

        assertThat(error.hint())
                .contains("it stops before its <---REPLACE---> section", "this SEARCH whole");
    }

    @Test
    void rangeClosedByEndWithoutReplace_notCutOff() {
        SyntaxError error = only("<---SEARCH file=\"a\"--->\nx\n<---TO--->\ny\n<---END--->\n");

        assertThat(error.hint()).contains("is part of the range end").doesNotContain("cut off");
    }

    @Test
    void endLookalike_notCutOff() {
        SyntaxError error = only("<---WRITE file=\"a\"--->\nf(\n<---end--->\n");

        assertThat(error.hint())
                .contains("line 3 looks like a closing marker")
                .doesNotContain("cut off");
    }
}
