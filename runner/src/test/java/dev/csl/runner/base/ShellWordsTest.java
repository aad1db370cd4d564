package dev.csl.runner.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ShellWordsTest {
    static List<List<String>> vectors() {
        return List.of(
                List.of("npm", "test"),
                List.of("python3", "-c", "import todo; print(todo.VERSION)"),
                List.of("echo", "it's"),
                List.of("echo", "it's \"$HOME\" `x` \\ !"),
                List.of("echo", "", "a  b", "\t"),
                List.of("echo", "*"),
                List.of("printf", "%s\n", "ünïcode"),
                List.of("~/bin/x", "#c", "a=b"));
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void join_anyArgumentVector_splitsBackToTheSameWords(List<String> argv) {
        ShellWords.Split split = ShellWords.split(ShellWords.join(argv));

        assertThat(split.words()).isEqualTo(argv);
        assertThat(split.prefix()).isFalse();
    }

    @Test
    void join_wordWithSpaces_isQuotedAsAPersonWouldType() {
        assertThat(ShellWords.join(List.of("python3", "-c", "import todo; print(todo.VERSION)")))
                .isEqualTo("python3 -c 'import todo; print(todo.VERSION)'");
        assertThat(ShellWords.join(List.of("echo", "it's"))).isEqualTo("echo \"it's\"");
        assertThat(ShellWords.join(List.of("npm", "run", "build"))).isEqualTo("npm run build");
    }

    @Test
    void split_unquotedLastStar_isAPrefix() {
        assertThat(ShellWords.split("npm run *"))
                .isEqualTo(new ShellWords.Split(List.of("npm", "run"), true));
        assertThat(ShellWords.split("npm run '*'").prefix()).isFalse();
        assertThat(ShellWords.split("*")).isEqualTo(new ShellWords.Split(List.of(), true));
    }

    @Test
    void cite_lineWithQuotes_inBackticks() {
        assertThat(ShellWords.cite("npm test")).isEqualTo("'npm test'");
        assertThat(ShellWords.cite("python3 -c 'import os'")).isEqualTo("`python3 -c 'import os'`");
    }

    @Test
    void split_unbalancedQuote_fallsBackToWhiteSpace() {
        assertThat(ShellWords.split("echo it's").words()).containsExactly("echo", "it's");
    }

    @Test
    void entryOfArguments_severalArgumentsAreTheWords_oneIsALine() {
        assertThat(ShellWords.entryOfArguments(List.of("python3", "-c", "import os")))
                .isEqualTo("python3 -c 'import os'");
        assertThat(ShellWords.entryOfArguments(List.of("python3 -c \"import os\"")))
                .isEqualTo("python3 -c 'import os'");
        assertThat(ShellWords.entryOfArguments(List.of("npm", "run", "*"))).isEqualTo("npm run *");
        assertThat(ShellWords.entryOfArguments(List.of("  npm   run  * "))).isEqualTo("npm run *");
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void allowArguments_givenToCslAllowByAShell_makeAnEntryForExactlyThatVector(List<String> argv) {
        String arguments = ShellWords.allowArguments(argv);
        List<String> shellSplit = ShellWords.split(arguments).words();
        if (!shellSplit.isEmpty() && shellSplit.get(0).equals("--")) {
            shellSplit = shellSplit.subList(1, shellSplit.size());
        }

        ShellWords.Split entry = ShellWords.split(ShellWords.entryOfArguments(shellSplit));

        assertThat(entry.words()).isEqualTo(argv);
        assertThat(entry.prefix()).isFalse();
    }

    @Test
    void allowArguments_plainWords_oneQuotedLine() {
        assertThat(ShellWords.allowArguments(List.of("mvn", "-q", "test")))
                .isEqualTo("'mvn -q test'");
    }

    @Test
    void allowArguments_wordsThatNeedQuotes_theWordsAfterDoubleDash() {
        assertThat(ShellWords.allowArguments(List.of("python3", "-c", "import os")))
                .isEqualTo("-- python3 -c 'import os'");
        assertThat(ShellWords.allowArguments(List.of("node", "a b.js"))).isEqualTo("node 'a b.js'");
    }
}
