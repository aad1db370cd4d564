package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.Validator;
import dev.csl.grammar.antlr.AnswerParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class PromptTextTest {
    private static final Delimiters CUSTOM = new Delimiters("@[[[[", "]]]]@");

    @Test
    void render_everyExample_parsesWithoutSyntaxOrValidationErrors() {
        List<String> examples = PromptExamples.of(PromptText.render(Delimiters.DEFAULT, "x"));

        assertThat(examples).hasSizeGreaterThanOrEqualTo(8);
        for (String example : examples) {
            ParseResult result = AnswerParser.parse(example, Delimiters.DEFAULT);
            assertThat(result.syntaxErrors()).as(example).isEmpty();
            assertThat(result.operations()).as(example).hasSize(1);
            assertThat(Validator.validate(result.operations())).as(example).isEmpty();
        }
    }

    @Test
    void render_customDelimiters_examplesParseWithThemAndNoDefaultMarkerIsLeft() {
        String prompt = PromptText.render(CUSTOM, "x");

        assertThat(prompt).doesNotContain("<---").doesNotContain("--->");
        for (String example : PromptExamples.of(prompt)) {
            ParseResult result = AnswerParser.parse(example, CUSTOM);
            assertThat(result.syntaxErrors()).as(example).isEmpty();
            assertThat(result.operations()).as(example).hasSize(1);
        }
    }

    @Test
    void render_examples_coverEveryOperationAndSearchForm() {
        List<String> examples = PromptExamples.of(PromptText.render(Delimiters.DEFAULT, "x"));
        String all = String.join("\n", examples);

        assertThat(all)
                .contains("<---WRITE file=")
                .contains("append=\"true\"")
                .contains("<---SEARCH file=")
                .contains("count=\"")
                .contains("<---TO--->")
                .contains("<---RUN--->")
                .contains("<---RUN lang=\"node\"--->")
                .contains("<---TASKS--->");
    }

    @Test
    void render_searchRules_sayHowPatternAndToMatch() {
        String prompt = PromptText.render(Delimiters.DEFAULT, "x").replaceAll("\\s+", " ");

        assertThat(prompt)
                .contains("matched as an exact substring")
                .contains("nearest following whole lines equal to the TO text")
                .contains("whole lines with their indentation")
                .contains("trailing spaces, also on blank-looking lines, are tolerated")
                .contains("a failed block leaves the others applied")
                .contains(
                        "put blocks that depend on each other (most multi-file edits do) in"
                                + " one TASKS");
    }

    @Test
    void render_builtins_replaceThePlaceholder() {
        String prompt = PromptText.render(Delimiters.DEFAULT, "* `cat FILE`: prints\n");

        assertThat(prompt).contains("* `cat FILE`: prints").doesNotContain("{{BUILTINS}}");
    }
}
