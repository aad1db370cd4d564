package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunFailure;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class WordSplitterTest {

    private static List<List<String>> words(String block) {
        WordSplitter.Result r = WordSplitter.split(block);
        assertThat(r.failure()).as("failure").isNull();
        return r.lines().stream().map(WordSplitter.SplitLine::words).toList();
    }

    private static RunFailure refusal(String block) {
        WordSplitter.Result r = WordSplitter.split(block);
        assertThat(r.failure()).as("refusal of %s", block).isNotNull();
        return r.failure();
    }

    @Nested
    class Splitting {
        @Test
        void split_plainWords_oneCommandPerLine() {
            assertThat(words("ls -la src\ncat a.txt\n"))
                    .containsExactly(List.of("ls", "-la", "src"), List.of("cat", "a.txt"));
        }

        @Test
        void split_singleQuotes_keepEverythingLiteral() {
            assertThat(words("grep 'a | b; $HOME *' x"))
                    .containsExactly(List.of("grep", "a | b; $HOME *", "x"));
        }

        @Test
        void split_doubleQuotes_backslashEscapesOnlyShellSpecials() {
            assertThat(words("echo \"a \\\"b\\\" \\n c\""))
                    .containsExactly(List.of("echo", "a \"b\" \\n c"));
        }

        @Test
        void split_backslashOutsideQuotes_escapesTheNextCharacter() {
            assertThat(words("cat my\\ file.txt \\*"))
                    .containsExactly(List.of("cat", "my file.txt", "*"));
        }

        @Test
        void split_adjacentQuotedParts_joinIntoOneWord() {
            assertThat(words("echo 'a'\"b\"c")).containsExactly(List.of("echo", "abc"));
        }

        @Test
        void split_emptyQuotes_giveAnEmptyWord() {
            assertThat(words("grep '' a.txt")).containsExactly(List.of("grep", "", "a.txt"));
        }

        @Test
        void split_trailingBackslash_continuesOnTheNextLine() {
            WordSplitter.Result r = WordSplitter.split("grep -rn \\\n  foo src\nls");
            assertThat(r.lines()).hasSize(2);
            assertThat(r.lines().get(0).words()).containsExactly("grep", "-rn", "foo", "src");
            assertThat(r.lines().get(1).line()).isEqualTo(3);
        }

        @Test
        void split_openQuote_continuesOnTheNextLine() {
            assertThat(words("echo 'one\ntwo'\npwd"))
                    .containsExactly(List.of("echo", "one\ntwo"), List.of("pwd"));
        }

        @Test
        void split_blankLinesAndComments_areSkipped() {
            assertThat(words("\n# list files\n  \nls # all of them\n"))
                    .containsExactly(List.of("ls"));
        }

        @Test
        void split_hashInsideAWord_isLiteral() {
            assertThat(words("grep a#b x")).containsExactly(List.of("grep", "a#b", "x"));
        }

        @Test
        void split_dollarNotFollowedByAName_isLiteral() {
            assertThat(words("echo 5$ a$")).containsExactly(List.of("echo", "5$", "a$"));
        }

        @Test
        void split_lonelyBracket_isLiteral() {
            assertThat(words("echo [ x")).containsExactly(List.of("echo", "[", "x"));
        }
    }

    @Nested
    class Refusals {
        @ParameterizedTest
        @CsvSource(
                delimiter = '!',
                value = {
                    "ls | grep x ! |",
                    "ls || pwd ! ||",
                    "ls && pwd ! &&",
                    "ls & ! &",
                    "ls; pwd ! ;",
                    "ls > out.txt ! >",
                    "cat < a.txt ! <",
                    "ls 2>/dev/null ! >",
                    "echo $HOME ! $",
                    "echo ${HOME} ! $",
                    "echo \"$HOME\" ! $",
                    "echo $(pwd) ! $(",
                    "echo `pwd` ! `",
                    "echo \"`pwd`\" ! `",
                    "cat *.js ! *",
                    "ls src/?.js ! ?",
                    "ls [ab].txt ! [",
                    "(cd src) ! (",
                    "echo {a,b} ! {",
                })
        void split_shellSyntax_refusedAsShellOperatorWithAHint(String block, String operator) {
            RunFailure f = refusal(block.strip());
            assertThat(f.code()).isEqualTo(ErrorCode.SHELL_OPERATOR);
            assertThat(f.details()).containsEntry("operator", operator.strip());
            assertThat(f.message()).contains(block.strip()).contains("no shell");
            assertThat(f.hint()).isNotBlank();
        }

        @Test
        void split_pipe_hintSaysOneLinePerCommand() {
            assertThat(refusal("ls; pwd").hint()).contains("one RUN line per command");
            assertThat(refusal("cd toolz && grep -n curry itertoolz.py").hint())
                    .startsWith(
                            "to run a command in toolz, give the block dir=\"toolz\""
                                    + " (<---RUN dir=\"toolz\"--->) and write the command alone"
                                    + " on its line: grep -n curry itertoolz.py");
            assertThat(refusal("cd src; ls").hint()).contains("dir=\"src\"");
            assertThat(refusal("ls && pwd").hint()).doesNotContain("dir=");
        }

        @Test
        void split_glob_hintShowsHowToQuote() {
            assertThat(refusal("find . -name *.js").hint()).contains("find . -name '*.js'");
        }

        @ParameterizedTest
        @ValueSource(strings = {"echo 'abc", "echo \"abc", "echo \"a\nb"})
        void split_unbalancedQuote_invalidShellSyntax(String block) {
            RunFailure f = refusal(block);
            assertThat(f.code()).isEqualTo(ErrorCode.INVALID_SHELL_SYNTAX);
            assertThat(f.message()).contains("unterminated");
        }

        @Test
        void split_backslashAtTheVeryEnd_invalidShellSyntax() {
            assertThat(refusal("ls \\").code()).isEqualTo(ErrorCode.INVALID_SHELL_SYNTAX);
        }

        @Test
        void split_redirectionAndPipe_refusalNamesBoth() {
            RunFailure f = refusal("npm test 2>&1 | tail -n 20");
            assertThat(f.message())
                    .startsWith(
                            "Command line 1 uses a redirection (>) and a pipe (|), but no shell")
                    .doesNotContain("background");
            assertThat(f.details()).containsEntry("operator", ">");
            assertThat(f.details().get("operators")).isEqualTo(List.of(">", "|"));
            assertThat(f.hint()).contains("instead of a pipe").contains("WRITE operation");
        }

        @Test
        void split_threeOperators_eachKindNamedOnceInOrder() {
            RunFailure f = refusal("cat $(ls src) *.js > out.txt && echo `pwd`");
            assertThat(f.message())
                    .contains(
                            "uses command substitution $(...) ($(), an unquoted glob (*), a"
                                    + " redirection (>), the operator && (&&) and command"
                                    + " substitution with backticks (`)");
            assertThat(f.message()).doesNotContain("subshell");
        }

        @Test
        void split_operatorThenOperatorInsideDoubleQuotes_bothNamed() {
            RunFailure f = refusal("ls | grep \"$HOME\"");
            assertThat(f.details().get("operators")).isEqualTo(List.of("|", "$"));
        }

        @Test
        void split_twoRefusedLines_eachNamesItsOwnOperators() {
            WordSplitter.Result r = WordSplitter.split("ls > a; pwd\ncat a | head\nls");
            assertThat(r.failures()).hasSize(2);
            assertThat(r.failures().get(0).details().get("operators")).isEqualTo(List.of(">", ";"));
            assertThat(r.failures().get(1).details()).containsEntry("operator", "|");
            assertThat(r.failures().get(1).details()).doesNotContainKey("operators");
            assertThat(r.lines()).hasSize(1);
        }

        @Test
        void split_refusal_namesTheLineOfTheBlock() {
            RunFailure f = refusal("ls\npwd\ncat a | head");
            assertThat(f.details()).containsEntry("line", 3);
            assertThat(f.message()).startsWith("Command line 3 ");
        }
    }
}
