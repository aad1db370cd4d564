package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Brackets are counted outside strings, character literals and comments, by the file's language.
 */
class BracketBalanceTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(
            delimiter = '|',
            quoteCharacter = '~',
            value = {
                // file | text | net {} () []
                "A.java | void f() {                            | 1 0 0",
                "A.java | }                                     | -1 0 0",
                "A.java | s = \"{(\"; c = '}';                  | 0 0 0",
                "A.java | // }                                  | 0 0 0",
                "A.java | /* { ( */ x[0]                        | 0 0 0",
                "A.java | char c = '\\''; if (c) {              | 1 0 0",
                "a.rs   | fn f<'a>(x: &'a str) -> &'a str {     | 1 0 0",
                "a.js   | const s = `${a}{`; f('(')             | 0 0 0",
                "a.js   | const re = /\\(/; g(                  | 0 1 0",
                "a.ts   | let x = \"unclosed {                  | 1 0 0",
                "a.py   | def f(x):  # {                        | 0 0 0",
                "a.py   | d = {'a': \"]\"                       | 1 0 0",
                "a.py   | s = \"\"\"{ ( [\"\"\" + [              | 0 0 1",
                "q.sql  | select f(a -- )                       | 0 1 0",
                "a.clj  | (defn f [x] ; )                       | 0 1 0",
                "a.clj  | (str \\( \"(\")                       | 0 0 0",
                "doc.tex| \\{ {x} % {                          | 0 0 0",
            })
    void net_text_countsCodeBracketsOnly(String file, String text, String expected) {
        BracketBalance.Syntax syntax = BracketBalance.of(file.strip());
        int[] net = BracketBalance.net(text.strip(), syntax);

        assertThat(net[0] + " " + net[1] + " " + net[2]).isEqualTo(expected.strip());
    }

    @ParameterizedTest
    @CsvSource({"README.md", "config.yaml", "page.html", "run.sh", "Makefile", "notes"})
    void of_fileOfALanguageWithoutThoseBrackets_none(String file) {
        assertThat(BracketBalance.of(file)).isNull();
    }

    @ParameterizedTest
    @CsvSource({"src/A.java", "lib/x.TS", "m.py", "q.sql", "core.clj"})
    void of_fileOfABracketLanguage_aSyntax(String file) {
        assertThat(BracketBalance.of(file)).isNotNull();
    }
}
