package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An answer without a single CSL operation is a failure that says what the answer holds. */
class NoOperationsTest {
    @TempDir Path work;

    private ApplyReport apply(String answer) {
        return new Interpreter(new FakeRunners(), GuardedFiles::open)
                .apply(answer, ApplyOptions.defaults(work));
    }

    @Test
    void apply_proseOnly_noOperationsNotOkExit1() {
        ApplyReport report = apply("Sure! I would change the greeting to say hello.\n");

        assertThat(report.ok()).isFalse();
        assertThat(report.exitCode()).isEqualTo(1);
        assertThat(report.error().code()).isEqualTo(ErrorCode.NO_OPERATIONS);
        assertThat(report.error().hint()).contains("<---WRITE file=");
    }

    @Test
    void apply_aiderSearchReplace_hintNamesItAndShowsTheEditInCsl() throws IOException {
        Files.writeString(work.resolve("app.py"), "def greet():\n    return 'hi'\n");
        ApplyReport report =
                apply(
                        "app.py\n```python\n<<<<<<< SEARCH\n    return 'hi'\n=======\n"
                                + "    return 'hello'\n>>>>>>> REPLACE\n```\n");

        assertThat(report.error().code()).isEqualTo(ErrorCode.NO_OPERATIONS);
        assertThat(report.error().hint())
                .contains("Aider")
                .contains(
                        "<---SEARCH file=\"app.py\"--->\n    return 'hi'\n<---REPLACE--->\n"
                                + "    return 'hello'\n<---END--->");
        assertThat(work.resolve("app.py")).hasContent("def greet():\n    return 'hi'");
    }

    @Test
    void apply_unifiedDiff_hintShowsTheFirstHunkAsSearchReplace() {
        ApplyReport report =
                apply(
                        "--- a/src/a.js\n+++ b/src/a.js\n@@ -1,3 +1,3 @@\n const a = 1;\n"
                                + "-const b = 2;\n+const b = 3;\n const c = 4;\n");

        assertThat(report.error().hint())
                .contains("unified diff")
                .contains(
                        "<---SEARCH file=\"src/a.js\"--->\nconst a = 1;\nconst b = 2;\nconst c = 4;\n"
                                + "<---REPLACE--->\nconst a = 1;\nconst b = 3;\nconst c = 4;\n"
                                + "<---END--->");
    }

    @Test
    void apply_beginPatch_hintNamesItAndShowsTheChangeInCsl() {
        ApplyReport report =
                apply(
                        "*** Begin Patch\n*** Update File: lib/x.py\n@@ def f():\n-    return 1\n"
                                + "+    return 2\n*** End Patch\n");

        assertThat(report.error().hint())
                .contains("*** Begin Patch")
                .contains(
                        "<---SEARCH file=\"lib/x.py\"--->\n    return 1\n<---REPLACE--->\n"
                                + "    return 2\n<---END--->");
    }

    @Test
    void apply_markdownAnswerWithOneWrite_nearMissAppliesCleanly() {
        ApplyReport report =
                apply(
                        "Here is the file:\n```\n<---WRITE file=\"notes.md\"--->\n# Notes\n"
                                + "<---END--->\n```\n");

        assertThat(report.ok()).isTrue();
        assertThat(report.error()).isNull();
    }

    @Test
    void apply_writeWithPathInsteadOfFile_hintNamesTheAttributeItProbablyMeant() {
        ApplyReport report = apply("<---WRITE path=\"src/a.js\"--->\nx\n<---END--->\n");

        ErrorInfo error = report.results().get(0).error();
        assertThat(error.code()).isEqualTo(ErrorCode.VALIDATION_ERROR);
        assertThat(error.hint())
                .contains("unknown attribute path=\"src/a.js\": did you mean file=\"src/a.js\"?");
        assertThat(work.resolve("src/a.js")).doesNotExist();
    }
}
