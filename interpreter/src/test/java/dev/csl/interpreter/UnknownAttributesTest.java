package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.Operation;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.antlr.AnswerParser;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnknownAttributesTest {

    private static List<Warning> warnings(String marker) {
        Operation op = AnswerParser.parse(marker + "\nx\n<---END--->\n").operations().get(0);
        return UnknownAttributes.check(op);
    }

    @ParameterizedTest(name = "{0} on {1} → {2}")
    @CsvSource({
        "apend, WRITE, append",
        "Append, WRITE, append",
        "path, WRITE, file",
        "filename, WRITE, file",
        "cnt, SEARCH, count",
        "counts, SEARCH, count",
        "cwd, RUN, dir",
        "workdir, RUN, dir",
        "timout, RUN, timeout",
        "timeuot, RUN, timeout",
        "language, RUN, lang",
        "lng, RUN, lang"
    })
    void probablyMeant_typoOrAlias_namesTheKnownAttribute(String name, String type, String meant) {
        List<String> known =
                switch (type) {
                    case "WRITE" -> List.of("file", "append");
                    case "SEARCH" -> List.of("file", "count");
                    default -> List.of("dir", "lang", "timeout");
                };
        assertThat(UnknownAttributes.probablyMeant(known, name)).isEqualTo(meant);
    }

    @Test
    void probablyMeant_nothingClose_null() {
        assertThat(UnknownAttributes.probablyMeant(List.of("dir", "lang", "timeout"), "id"))
                .isNull();
        assertThat(UnknownAttributes.probablyMeant(List.of("file", "append"), "x".repeat(100_000)))
                .isNull();
    }

    @Test
    void check_misspeltAppend_oneWarningNamingBoth() {
        List<Warning> warnings = warnings("<---WRITE file=\"a.txt\" apend=\"true\"--->");

        assertThat(warnings).hasSize(1);
        Warning w = warnings.get(0);
        assertThat(w.code()).isEqualTo(Warning.Code.UNKNOWN_ATTRIBUTE);
        assertThat(w.line()).isEqualTo(1);
        assertThat(w.message())
                .isEqualTo(
                        "The WRITE of 'a.txt' at line 1 has the attribute apend=\"true\", which"
                                + " WRITE does not know, so it had no effect.");
        assertThat(w.hint())
                .isEqualTo(
                        "If you meant append=\"true\", spell it so (WRITE knows file and append).");
    }

    @Test
    void check_attributeOfAnotherOperation_saysWhose() {
        List<Warning> warnings = warnings("<---RUN append=\"true\" note=\"x\"--->");

        assertThat(warnings)
                .extracting(Warning::hint)
                .containsExactly(
                        "append is an attribute of WRITE, not RUN; RUN knows dir, lang and timeout.",
                        "Remove it: RUN knows dir, lang and timeout.");
    }

    @Test
    void check_onlyKnownAttributes_noWarning() {
        assertThat(warnings("<---WRITE file=\"a\" append=\"false\"--->")).isEmpty();
        assertThat(warnings("<---RUN dir=\"s\" lang=\"node\" timeout=\"9\"--->")).isEmpty();
    }

    @Test
    void check_tasks_notChecked() {
        Operation tasks =
                AnswerParser.parse("<---TASKS atomic=\"no\"--->\n<---END--->\n")
                        .operations()
                        .get(0);

        assertThat(tasks).isInstanceOf(Tasks.class);
        assertThat(UnknownAttributes.check(tasks)).isEmpty();
    }

    @Test
    void aliasesOf_file_theNamesAMissingFileIsExplainedWith() {
        assertThat(UnknownAttributes.aliasesOf("file")).startsWith("path", "filename");
    }
}
