package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A missed SEARCH says when --fuzzy=whitespace would have applied it, and only then. */
class FuzzySuggestionTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);

    @TempDir Path work;

    private static final String REINDENTED =
            "<---SEARCH file=\"a.py\"--->\nif x:\n  return 1\n<---REPLACE--->\nif x:\n  return 2\n"
                    + "<---END--->\n";

    @Test
    void apply_patternDiffersOnlyInIndentation_hintSuggestsFuzzyWhitespaceWithTheLines()
            throws IOException {
        Files.writeString(work.resolve("a.py"), "def f():\n    if x:\n        return 1\n");

        ApplyReport report = interpreter.apply(REINDENTED, ApplyOptions.defaults(work));

        ErrorInfo error = report.results().get(0).error();
        assertThat(error.code()).isEqualTo(ErrorCode.MATCH_COUNT_MISMATCH);
        assertThat(error.hint())
                .contains("if lines 2-3 are the place, apply again with --fuzzy=whitespace");

        ApplyReport fuzzy =
                interpreter.apply(
                        REINDENTED, ApplyOptions.defaults(work).withTolerance(false, true));
        assertThat(fuzzy.ok()).isTrue();
        assertThat(work.resolve("a.py")).content().contains("    if x:\n      return 2");
    }

    @Test
    void apply_patternDiffersInCode_noFuzzySuggestion() throws IOException {
        Files.writeString(work.resolve("a.py"), "def f():\n    if y:\n        return 1\n");

        ApplyReport report = interpreter.apply(REINDENTED, ApplyOptions.defaults(work));

        assertThat(report.results().get(0).error().hint()).doesNotContain("--fuzzy");
    }
}
