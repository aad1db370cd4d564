package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A file's indentation style, and the replacement lines indented the other way. */
class IndentationStyleTest {
    private static final String SPACES =
            "class A {\n    int a;\n    int b;\n    void f() {\n        g();\n    }\n}\n";
    private static final String TABS =
            "class A {\n\tint a;\n\tint b;\n\tvoid f() {\n\t\tg();\n\t}\n}\n";

    @Test
    void of_spaceIndentedFile_spaces() {
        assertThat(IndentationStyle.of(SPACES)).isEqualTo(IndentationStyle.Style.SPACES);
    }

    @Test
    void of_tabIndentedFileWithJavadocMargins_tabs() {
        String text = "/**\n * Doc.\n */\n" + TABS;

        assertThat(IndentationStyle.of(text)).isEqualTo(IndentationStyle.Style.TABS);
    }

    @Test
    void of_fewOrMixedIndentedLines_unknown() {
        assertThat(IndentationStyle.of("a\n  b\n")).isEqualTo(IndentationStyle.Style.UNKNOWN);
        assertThat(IndentationStyle.of("a\n  b\n\tc\n  d\n\te\n"))
                .isEqualTo(IndentationStyle.Style.UNKNOWN);
    }

    @Test
    void unlike_tabLinesInASpaceFile_listedExceptCopiedOnes() {
        String replaced = "    void f() {\n\t\tlegacy();\n    }";
        String replacement = "    void f() {\n\t\tlegacy();\n\t\th();\n\t}";

        assertThat(IndentationStyle.unlike(replacement, replaced, IndentationStyle.Style.SPACES))
                .containsExactly(3, 4);
    }

    @Test
    void unlike_spaceLinesInATabFile_listed() {
        assertThat(
                        IndentationStyle.unlike(
                                "\tf();\n    g();", "\tf();", IndentationStyle.Style.TABS))
                .containsExactly(2);
    }

    @Test
    void applies_makefile_not() {
        assertThat(IndentationStyle.applies("sub/Makefile")).isFalse();
        assertThat(IndentationStyle.applies("rules.mk")).isFalse();
        assertThat(IndentationStyle.applies("src/a.py")).isTrue();
    }
}
