package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.antlr.AnswerParser;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class StreamedParseJsonTest {
    /** Thousands of operations of every kind, non-ASCII text and a validation error. */
    private static String bigAnswer() {
        StringBuilder answer = new StringBuilder();
        for (int i = 0; i < 3000; i++) {
            answer.append("Step ").append(i).append(": caf\u00e9 \u2014 \uD83D\uDE80\n");
            answer.append("<---WRITE file=\"src/f").append(i).append(".js\"--->\n");
            answer.append("const s").append(i).append(" = \"\\\"quoted\\\" \u00fc\";\n");
            answer.append("<---END--->\n");
            answer.append("<---SEARCH file=\"src/f").append(i).append(".js\" count=\"all\"--->\n");
            answer.append("s")
                    .append(i)
                    .append("\n<---TO--->\n;\n<---REPLACE--->\nt\t")
                    .append(i)
                    .append("\n<---END--->\n");
            if (i % 100 == 0) {
                answer.append("<---TASKS--->\n<---RUN timeout=\"0\"--->\nls\n<---END--->\n");
                answer.append("<---WRITE file=\"x\"--->\n\n<---END--->\n<---END--->\n");
            }
        }
        return answer.toString();
    }

    private static String streamed(String answer) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StreamedParseJson.write(answer, Delimiters.DEFAULT, out);
        return out.toString(StandardCharsets.US_ASCII);
    }

    @Test
    void write_bigAnswer_sameBytesAsTheTreeWriter() throws IOException {
        String answer = bigAnswer();

        String streamed = streamed(answer);

        assertThat(streamed).contains("\"validationErrors\":[{\"line\":");
        assertThat(streamed)
                .isEqualTo(ParseJson.write(ParseJson.toJson(AnswerParser.parse(answer))));
    }

    @Test
    void write_syntaxErrorAfterThousandsOfOperations_onlyTheSyntaxErrorDocument()
            throws IOException {
        String answer = bigAnswer() + "<---WRIET file=\"late.txt\"--->\nx\n<---END--->\n";

        String streamed = streamed(answer);

        assertThat(streamed).startsWith("{\"ok\":false,\"syntaxErrors\":[").doesNotContain("ast");
        assertThat(streamed)
                .isEqualTo(ParseJson.write(ParseJson.toJson(AnswerParser.parse(answer))));
    }
}
