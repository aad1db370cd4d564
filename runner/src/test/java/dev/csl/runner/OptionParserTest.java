package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.FlagSpec;
import dev.csl.runner.worker.Invocation;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class OptionParserTest {
    private static final CommandTable TABLE = CommandTable.builtins();

    private static OptionParser.Parsed parse(String line) {
        List<String> words = WordSplitter.split(line).lines().get(0).words();
        return OptionParser.parse(TABLE.command(words.get(0)).orElseThrow(), words, line);
    }

    private static Invocation ok(String line) {
        OptionParser.Parsed p = parse(line);
        assertThat(p.failure()).as(line).isNull();
        return p.invocation();
    }

    private static RunFailure refused(String line) {
        OptionParser.Parsed p = parse(line);
        assertThat(p.failure()).as(line).isNotNull();
        return p.failure();
    }

    @Test
    void parse_clusteredFlags_splitIntoCanonicalFlags() {
        Invocation inv = ok("ls -laR src");
        assertThat(inv.options())
                .extracting(Invocation.Option::flag)
                .containsExactly("-l", "-a", "-R");
        assertThat(inv.operands()).containsExactly("src");
    }

    @Test
    void parse_longFlagsAndAliases_mapToTheCanonicalName() {
        Invocation inv = ok("grep --recursive --ignore-case --regexp=foo --include '*.js' .");
        assertThat(inv.has("-r")).isTrue();
        assertThat(inv.has("-i")).isTrue();
        assertThat(inv.values("-e")).containsExactly("foo");
        assertThat(inv.values("--include")).containsExactly("*.js");
        assertThat(inv.operands()).containsExactly(".");
    }

    @ParameterizedTest
    @CsvSource({
        "head -n 5 a, 5",
        "head -n5 a, 5",
        "head -5 a, 5",
        "head --lines=5 a, 5",
        "head -n -5 a, -5"
    })
    void parse_headCountSpellings_giveTheSameValue(String line, String value) {
        assertThat(ok(line).value("-n", null)).isEqualTo(value);
    }

    @Test
    void parse_tailPlusCount_accepted() {
        assertThat(ok("tail -n +3 a").value("-n", null)).isEqualTo("+3");
    }

    @Test
    void parse_operandsAfterDoubleDash_areNotFlags() {
        assertThat(ok("rm -- -x").operands()).containsExactly("-x");
    }

    @Test
    void parse_flagsAfterOperands_stillFlags() {
        Invocation inv = ok("grep foo src -rn");
        assertThat(inv.has("-r")).isTrue();
        assertThat(inv.operands()).containsExactly("foo", "src");
    }

    @Test
    void parse_unknownFlag_refusedWithTheSupportedList() {
        RunFailure f = refused("tail -f log.txt");
        assertThat(f.code()).isEqualTo(ErrorCode.UNKNOWN_FLAG);
        assertThat(f.message()).contains("-f").contains("-n, --lines N").contains("-c, --bytes N");
        assertThat(f.details()).containsEntry("flag", "-f");
        @SuppressWarnings("unchecked")
        List<String> supported = (List<String>) f.details().get("supported");
        assertThat(supported).hasSize(4);
    }

    @Test
    void parse_unknownLongFlag_refused() {
        assertThat(refused("ls --colour=always").code()).isEqualTo(ErrorCode.UNKNOWN_FLAG);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "head -n x a",
                "head -n 1.5 a",
                "tail -n ++3 a",
                "find . -type q",
                "find . -maxdepth -1",
                "tree -L two",
                "grep -A x y z",
                "diff -U x a b"
            })
    void parse_badFlagValue_invalidFlagValue(String line) {
        assertThat(refused(line).code()).isEqualTo(ErrorCode.INVALID_FLAG_VALUE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"head -n", "grep foo x -e", "find . -name"})
    void parse_missingFlagValue_invalidFlagValue(String line) {
        RunFailure f = refused(line);
        assertThat(f.code()).isEqualTo(ErrorCode.INVALID_FLAG_VALUE);
        assertThat(f.message()).contains("needs a value");
    }

    @Test
    void parse_switchWithValue_invalidFlagValue() {
        assertThat(refused("ls --all=yes").code()).isEqualTo(ErrorCode.INVALID_FLAG_VALUE);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "cat",
                "head -n 3",
                "cp a",
                "mv a",
                "diff a",
                "diff a b c",
                "pwd x",
                "grep foo",
                "mkdir",
                "rm -rf",
                "basename a b c",
                "dirname"
            })
    void parse_wrongOperandCount_wrongArgumentCount(String line) {
        RunFailure f = refused(line);
        assertThat(f.code()).isEqualTo(ErrorCode.WRONG_ARGUMENT_COUNT);
        assertThat(f.hint()).startsWith("usage: ").contains(line.split(" ")[0]);
    }

    @Test
    void parse_refusals_detailsInTheOrderTheJsonPrintsOnEveryRun() {
        // Map.of iterates in an order that changes from one JVM to the next; the JSON of the same
        // refusal must not.
        assertThat(refused("ls --frobnicate").details().keySet())
                .containsExactly("command", "flag", "supported");
        assertThat(refused("diff a b c").details().keySet())
                .containsExactly("command", "expected", "found");
        assertThat(refused("head -n x a").details().keySet())
                .containsExactly("command", "flag", "value");
    }

    @Test
    void parse_grepWithoutFiles_hintSuggestsRecursion() {
        assertThat(refused("grep foo").hint()).contains("grep -r PATTERN .");
    }

    @Test
    void parse_grepRecursiveWithoutFiles_accepted() {
        assertThat(ok("grep -r foo").operands()).containsExactly("foo");
    }

    @Test
    void parse_grepWithE_takesNoPatternOperand() {
        assertThat(ok("grep -e foo a.txt").operands()).containsExactly("a.txt");
    }

    @Test
    void parse_findExpression_keepsPrimariesInOrder() {
        Invocation inv = ok("find src docs -name '*.js' -o ! -type d");
        assertThat(inv.operands()).containsExactly("src", "docs");
        assertThat(inv.options())
                .extracting(Invocation.Option::flag)
                .containsExactly("-name", "-o", "-not", "-type");
    }

    @Test
    void parse_findPathAfterExpression_refused() {
        assertThat(refused("find -name x src").code()).isEqualTo(ErrorCode.WRONG_ARGUMENT_COUNT);
    }

    @Test
    void parse_findUnknownPrimary_refusedWithTheList() {
        RunFailure f = refused("find . -exec rm x");
        assertThat(f.code()).isEqualTo(ErrorCode.UNKNOWN_FLAG);
        assertThat(f.message()).contains("-maxdepth");
    }

    @Test
    void parse_echoUnknownFlag_printedAsText() {
        Invocation inv = ok("echo -n -x hello");
        assertThat(inv.has("-n")).isTrue();
        assertThat(inv.operands()).containsExactly("-x", "hello");
    }

    /** "ls -l", "ls --all", "head -n 1", ... for every spelling of every getopt-style flag. */
    static List<String> everyFlagOfEveryCommand() {
        List<String> lines = new ArrayList<>();
        for (CommandSpec spec : TABLE.commands()) {
            if (spec.syntax() != CommandSpec.Syntax.GETOPT) {
                continue;
            }
            for (FlagSpec f : spec.flags()) {
                List<String> spellings = new ArrayList<>(f.aliases());
                spellings.add(f.name());
                for (String spelling : spellings) {
                    lines.add(spec.name() + " " + spelling + (f.takesValue() ? " 1" : ""));
                }
            }
        }
        return lines;
    }

    @ParameterizedTest
    @MethodSource("everyFlagOfEveryCommand")
    void parse_everySpellingInTheTable_isAccepted(String commandAndFlag) {
        CommandSpec spec = TABLE.command(commandAndFlag.split(" ")[0]).orElseThrow();
        int operands = spec.name().equals("grep") ? 2 : Math.max(spec.operands().min(), 1);
        if (spec.operands().max() >= 0) {
            operands = Math.min(operands, spec.operands().max());
        }
        String line = commandAndFlag + " x".repeat(operands);
        List<String> words = List.of(line.split(" "));
        assertThat(OptionParser.parse(spec, words, line).failure()).as(line).isNull();
    }

    @Test
    void help_listsEveryCommandAndFlag() {
        String help = TABLE.help();
        for (CommandSpec spec : TABLE.commands()) {
            assertThat(help).contains(spec.usage());
            for (FlagSpec f : spec.flags()) {
                assertThat(help).contains(f.synopsis());
            }
        }
        assertThat(help).contains("git status|diff|log|show|branch|ls-files");
    }
}
