package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Step 1 must not refuse ordinary names that merely look a little unusual. */
class PathSyntaxTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "Outer$Inner.class",
                "a$b",
                "price$5.txt",
                "$1.txt",
                "a/~b/c",
                "backup~",
                "file~1x.txt.bak",
                "notes:2024.txt",
                ".hidden",
                "..foo",
                "foo..bar",
                "a b.txt",
                "grüße/日本語.md",
                "100%.txt",
                "%20space",
                "console.log",
                "nullable.ts",
                "com10",
                "lpt.txt",
                "./a/./b/",
                "a//b",
                "/abs/inside"
            })
    void check_ordinaryName_accepted(String path) {
        assertThat(PathSyntax.check(path)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"~", "$HOME", "C:", "con", "a.", "x::$DATA", "GIT~1", "a\u200bb"})
    void check_hostileName_refusedWithReasonAndHint(String path) {
        var problem = PathSyntax.check(path);
        assertThat(problem).isPresent();
        assertThat(problem.get().reason()).isNotBlank();
        assertThat(problem.get().hint()).isNotBlank();
    }
}
