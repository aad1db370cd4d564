package dev.csl.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class AnswerTextTest {
    @Test
    void decode_validUtf8WithAReplacementCharacter_noInvalidLines() {
        AnswerText text = AnswerText.decode("a\nb \uFFFD c\n".getBytes(StandardCharsets.UTF_8));

        assertThat(text.text()).isEqualTo("a\nb \uFFFD c\n");
        assertThat(text.invalidLines()).isEmpty();
    }

    @Test
    void decode_validMultiByteText_decodedWholeWithNoInvalidLines() {
        String answer = "caf\u00e9 \u2014 \uD83D\uDE80\n".repeat(1000);

        AnswerText text = AnswerText.decode(answer.getBytes(StandardCharsets.UTF_8));

        assertThat(text.text()).isEqualTo(answer);
        assertThat(text.invalidLines()).isEmpty();
    }

    @Test
    void decode_answerBigEnoughForTwoThreads_sameTextAsOneDecoding() {
        String line = "caf\u00e9 \u2014 \uD83D\uDE80 " + "x".repeat(60) + "\n";
        String answer = line.repeat(2 * AnswerText.HALVES_FROM / line.length());

        AnswerText text = AnswerText.decode(answer.getBytes(StandardCharsets.UTF_8));

        assertThat(text.text()).isEqualTo(answer);
        assertThat(text.invalidLines()).isEmpty();
    }

    @Test
    void decode_bigAnswerWithBadBytesInBothHalves_namesTheirLines() {
        String line = "caf\u00e9 " + "y".repeat(70) + "\n";
        int lines = 2 * AnswerText.HALVES_FROM / line.length();
        byte[] bytes = line.repeat(lines).getBytes(StandardCharsets.UTF_8);
        int lineBytes = line.getBytes(StandardCharsets.UTF_8).length;
        bytes[10 * lineBytes + 3] = (byte) 0xFF; // line 11
        bytes[(lines - 5) * lineBytes + 4] =
                (byte) 0xC3; // a lead byte before a space: line lines-4

        AnswerText text = AnswerText.decode(bytes);

        assertThat(text.invalidLines()).containsExactly(11, lines - 4);
        assertThat(text.text()).isEqualTo(new String(bytes, StandardCharsets.UTF_8));
    }

    @Test
    void decode_encodedSurrogateOnLineThree_isInvalidThere() {
        byte[] bytes = {'a', '\n', 'b', '\n', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '\n'};

        AnswerText text = AnswerText.decode(bytes);

        assertThat(text.invalidLines()).containsExactly(3);
        assertThat(text.text()).startsWith("a\nb\n\uFFFD");
    }

    @Test
    void decode_malformedBytesOnTwoLines_namesEachLineOnceAndReplacesEachSequence() {
        byte[] bytes = {
            'o',
            'k',
            '\n',
            'c',
            'a',
            'f',
            (byte) 0xE9,
            '\n',
            '\n',
            (byte) 0xFF,
            (byte) 0xFE,
            'x',
            (byte) 0xC3
        };

        AnswerText text = AnswerText.decode(bytes);

        assertThat(text.invalidLines()).containsExactly(2, 4);
        assertThat(text.text()).isEqualTo("ok\ncaf\uFFFD\n\n\uFFFD\uFFFDx\uFFFD");
    }
}
