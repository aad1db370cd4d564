package dev.csl.runner.worker;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class GlobTest {
    private static final List<String> NAMES =
            List.of(
                    "",
                    "a",
                    ".hidden",
                    "mod0.py",
                    "mod01234.py",
                    "mod1.py",
                    "mod0.pyc",
                    "xmod0.py",
                    "src/app.js",
                    "app.js",
                    "a.js.js",
                    "abcabc",
                    "aXbXc",
                    "*star*",
                    "ab",
                    "é-名.txt");

    private static final List<String> GLOBS =
            List.of(
                    "*",
                    "**",
                    "mod0*.py",
                    "*.js",
                    "*.js*",
                    "a*b*c",
                    "abc*abc",
                    "a*a",
                    "*a*",
                    "ab",
                    "",
                    "*/*.js",
                    "*.*",
                    ".*",
                    "é*.txt",
                    "a?",
                    "[a-m]*",
                    "\\*star*",
                    "*X*X*");

    @Test
    void matcher_anyGlobAndName_agreesWithTheRegularExpression() {
        for (String glob : GLOBS) {
            for (boolean ignoreCase : new boolean[] {false, true}) {
                var fast = Glob.matcher(glob, ignoreCase);
                var regex = Glob.compile(glob, ignoreCase);
                for (String name : NAMES) {
                    assertThat(fast.test(name))
                            .as("%s against %s", glob, name)
                            .isEqualTo(regex.matcher(name).matches());
                }
            }
        }
    }

    @Test
    void matcher_starsAndPlainCharacters_matchByPieces() {
        var g = Glob.matcher("mod0*.py", false);
        assertThat(g.test("mod0.py")).isTrue();
        assertThat(g.test("mod01234.py")).isTrue();
        assertThat(g.test("mod0.pyc")).isFalse();
        assertThat(g.test("mod.py")).isFalse();
        assertThat(Glob.matcher("abc*abc", false).test("abcabc")).isTrue();
        assertThat(Glob.matcher("abc*abc", false).test("abcab")).isFalse();
        assertThat(Glob.matcher("a*a", false).test("a")).isFalse();
    }
}
