package dev.csl.runner.approval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.Prompter.Answer;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TerminalPrompterTest {

    @ParameterizedTest
    @CsvSource({"y,YES", "yes,YES", "n,NO", "a,ALWAYS", "Always,ALWAYS", "v,NEVER", "never,NEVER"})
    void ask_answer_isUnderstood(String typed, Answer expected) {
        StringWriter screen = new StringWriter();

        Answer answer =
                new TerminalPrompter(new StringReader(typed + "\n"), new PrintWriter(screen))
                        .ask("npm test");

        assertThat(answer).isEqualTo(expected);
        assertThat(screen.toString()).isEqualTo("Allow 'npm test'? [y]es/[n]o/[a]lways/ne[v]er ");
    }

    @ParameterizedTest
    @CsvSource({"'maybe\ny\n',YES", "'',NO", "'x\nx\nx\n',NO"})
    void ask_unclearOrNoAnswer_asksAgainThenNo(String typed, Answer expected) {
        StringWriter screen = new StringWriter();

        Answer answer =
                new TerminalPrompter(new StringReader(typed), new PrintWriter(screen)).ask("make");

        assertThat(answer).isEqualTo(expected);
    }
}
