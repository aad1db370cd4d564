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
