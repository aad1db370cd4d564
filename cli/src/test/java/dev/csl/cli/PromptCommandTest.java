package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.Run;
import dev.csl.grammar.Validator;
import dev.csl.grammar.antlr.AnswerParser;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.runner.ChangeRecorder;
import dev.csl.runner.RunRequest;
import dev.csl.runner.RunSession;
import dev.csl.runner.Runners;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.FlagSpec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code csl prompt} as a user sees it: the printed text, its examples, its command list. */
class PromptCommandTest {
    @TempDir Path tmp;

    private static Output prompt(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 1];
        all[0] = "prompt";
        System.arraycopy(args, 0, all, 1, args.length);
        int code =
                Main.newCommandLine()
                        .setOut(new PrintWriter(out))
                        .setErr(new PrintWriter(err))
                        .execute(all);
        return new Output(code, out.toString(), err.toString());
    }

    @Test
    void prompt_everyExample_parsesWithoutSyntaxOrValidationErrors() {
        Output output = prompt();

        assertThat(output.code).isZero();
        List<String> examples = PromptExamples.of(output.out);
        assertThat(examples).hasSizeGreaterThanOrEqualTo(8);
        for (String example : examples) {
            ParseResult result = AnswerParser.parse(example, Delimiters.DEFAULT);
            assertThat(result.syntaxErrors()).as(example).isEmpty();
            assertThat(Validator.validate(result.operations())).as(example).isEmpty();
        }
    }

    @Test
    void prompt_examplesAppliedInOrderToOneProject_allSucceed() {
        Interpreter interpreter = new Interpreter(Runners.standard());
        for (String example : PromptExamples.of(prompt().out)) {
            ApplyReport report = interpreter.apply(example, ApplyOptions.defaults(tmp));

            assertThat(report.ok()).as(example + "\n" + report).isTrue();
        }
        assertThat(tmp.resolve("src/greet.js"))
                .content()
                .contains("function welcome(name, mark = \"!\")")
                .contains("config: require(\"./config.json\")");
    }

    @Test
    void prompt_full_listsEveryCommandAndFlagOfTheTable() {
        String text = prompt("--full").out;

        for (CommandSpec command : CommandTable.builtins().commands()) {
            assertThat(text).contains("* `" + command.usage() + "`");
            for (FlagSpec flag : command.flags()) {
                assertThat(text).contains("`" + flag.synopsis() + "` " + flag.description());
            }
        }
        assertThat(text).contains("git " + String.join("|", CommandTable.READ_ONLY_GIT));
    }

    @Test
    void prompt_runExamples_useOnlyCommandsOfTheTable() {
        for (String example : PromptExamples.of(prompt().out)) {
            if (!(AnswerParser.parse(example, Delimiters.DEFAULT).operations().get(0)
                    instanceof Run run)) {
                continue;
            }
            if (run.attributes().has("lang")) {
                continue;
            }
            for (String line : run.content().split("\n")) {
                String command = line.split(" ")[0];
                assertThat(CommandTable.builtins().command(command)).as(line).isPresent();
            }
        }
    }

    @Test
    void prompt_runExample_runsCleanlyWithTheRealRunner() throws Exception {
        Files.createDirectories(tmp.resolve("src"));
        Files.writeString(tmp.resolve("src/greet.js"), "function welcome(name) {}\n");
        for (String example : PromptExamples.of(prompt().out)) {
            if (!(AnswerParser.parse(example, Delimiters.DEFAULT).operations().get(0)
                            instanceof Run run)
                    || run.attributes().has("lang")) {
                continue;
            }
            try (RunSession session = Runners.standard().open(RunnerConfig.defaults(tmp))) {
                RunOutcome outcome =
                        session.run(
                                new RunRequest(
                                        run.content(), null, null, null, ChangeRecorder.NONE));

                assertThat(outcome.failure()).as(run.content()).isNull();
                assertThat(outcome.commands()).hasSize(run.content().split("\n").length);
            }
        }
    }

    /**
     * A rough word-piece count (each whitespace-separated word costs one token per five
     * characters); it puts the full prompt near 2,800 and tracks a tokenizer's count closely enough
     * to keep the default prompt short.
     */
    private static int tokens(String text) {
        int n = 0;
        for (String word : text.split("\\s+")) {
            n += (word.length() + 4) / 5;
        }
        return n;
    }

    @Test
    void prompt_default_isUnder1500TokensAndNamesEveryBuiltin() {
        String text = prompt().out;

        assertThat(tokens(text)).isLessThan(1500);
        for (var command : CommandTable.builtins().commands()) {
            assertThat(text).contains("`" + command.name() + "`");
        }
        assertThat(text)
                .contains("the error lists the supported ones")
                .contains("git " + String.join("|", CommandTable.READ_ONLY_GIT));
    }

    @Test
    void prompt_full_addsEveryFlagOfEveryBuiltin() {
        String text = prompt("--full").out;

        assertThat(tokens(text)).isGreaterThan(tokens(prompt().out));
        assertThat(text).contains("Flags not listed here are refused.");
        for (var command : CommandTable.builtins().commands()) {
            assertThat(text).contains("`" + command.usage() + "`");
            for (var flag : command.flags()) {
                assertThat(text).as(command.name()).contains(flag.name());
            }
        }
    }

    @Test
    void prompt_customDelimiters_examplesUseThem() {
        Output output = prompt("--start-delimiter", "@[[[[", "--end-delimiter", "]]]]@");

        assertThat(output.code).isZero();
        for (String example : PromptExamples.of(output.out)) {
            ParseResult result = AnswerParser.parse(example, new Delimiters("@[[[[", "]]]]@"));
            assertThat(result.syntaxErrors()).as(example).isEmpty();
            assertThat(result.operations()).as(example).hasSize(1);
        }
    }

    @Test
    void prompt_onlyOneDelimiter_usageError() {
        Output output = prompt("--start-delimiter", "@[[");

        assertThat(output.code).isEqualTo(ExitCodes.USAGE);
        assertThat(output.err).contains("--end-delimiter");
        assertThat(output.out).isEmpty();
    }

    @Test
    void prompt_delimiterWithLineBreak_usageErrorNotAStackTrace() {
        Output output = prompt("--start-delimiter", "<\n", "--end-delimiter", ">");

        assertThat(output.code).isEqualTo(ExitCodes.USAGE);
        assertThat(output.err).isEqualTo("csl prompt: delimiters must not contain line breaks\n");
        assertThat(output.out).isEmpty();
    }

    record Output(int code, String out, String err) {}
}
