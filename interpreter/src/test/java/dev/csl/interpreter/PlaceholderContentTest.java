package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A WRITE that would cut a file down to an elision comment, and a REPLACE that would put one where
 * its pattern matched code, are refused and change nothing; look-alikes are written.
 */
class PlaceholderContentTest {
    private static final String APP = "function a() {}\nfunction b() {}\nfunction c() {}\n";
    private static final String PY =
            "def a():\n    return 1\n\n\ndef b():\n    x = 2\n    return x\n";

    @TempDir Path work;

    private ApplyReport apply(String answer) {
        return new Interpreter(new FakeRunners(), GuardedFiles::open)
                .apply(answer, ApplyOptions.defaults(work));
    }

    private ApplyReport write(String file, String content) {
        return apply("<---WRITE file=\"" + file + "\"--->\n" + content + "\n<---END--->\n");
    }

    private ApplyReport replace(String file, String pattern, String replacement) {
        return apply(
                "<---SEARCH file=\""
                        + file
                        + "\"--->\n"
                        + pattern
                        + "\n<---REPLACE--->\n"
                        + replacement
                        + "\n<---END--->\n");
    }

    @Nested
    class Write {
        @ParameterizedTest
        @ValueSource(
                strings = {
                    "// ... rest of the file unchanged ...",
                    "// ... rest unchanged ...",
                    "    # ... existing code ...",
                    "/* ... remaining methods unchanged ... */",
                    "<!-- … rest of the page … -->",
                    "// (rest of the code stays the same...)",
                    "// rest of the file remains the same",
                    "// [existing code]",
                    "# (remaining functions omitted for brevity)",
                    "// other functions unchanged",
                    "// ...",
                })
        void write_replacingAFileWithAnElision_refusedFileKept(String elision) throws IOException {
            Files.writeString(work.resolve("app.js"), APP);

            ApplyReport report = write("app.js", "function a() { return 1; }\n" + elision);

            ErrorInfo error = report.results().get(0).error();
            assertThat(error.code()).isEqualTo(ErrorCode.PLACEHOLDER_CONTENT);
            assertThat(error.message()).contains(elision.strip());
            assertThat(error.hint()).contains("SEARCH/REPLACE");
            assertThat(error.details()).containsEntry("line", 3);
            assertThat(work.resolve("app.js")).hasContent(APP.strip());
        }

        @Test
        void write_newFileWithAnElision_created() {
            ApplyReport created = write("new.js", "// ... rest of the file unchanged ...");

            assertThat(created.ok()).isTrue();
            assertThat(work.resolve("new.js")).hasContent("// ... rest of the file unchanged ...");
        }

        @Test
        void write_appendingAnElision_appended() throws IOException {
            Files.writeString(work.resolve("app.js"), APP);

            ApplyReport report =
                    apply(
                            "<---WRITE file=\"app.js\" append=\"true\"--->\n// rest unchanged\n"
                                    + "<---END--->\n");

            assertThat(report.ok()).as(report.toString()).isTrue();
        }

        @Test
        void write_loneEllipsisInContentAsLongAsTheFile_written() throws IOException {
            Files.writeString(work.resolve("app.js"), APP);
            String content = "function a() {\n  // ...\n}\nfunction b() {}\nfunction c() {}";

            ApplyReport report = write("app.js", content);

            assertThat(report.ok()).as(report.toString()).isTrue();
            assertThat(work.resolve("app.js")).hasContent(content);
        }

        @Test
        void write_elisionTheFileAlreadyHolds_written() throws IOException {
            Files.writeString(work.resolve("doc.js"), "// ... existing code ...\nlet a = 1;\n");

            ApplyReport report = write("doc.js", "// ... existing code ...\nlet a = 2;");

            assertThat(report.ok()).as(report.toString()).isTrue();
        }

        @Test
        void write_lookAlikes_writtenAsIs() throws IOException {
            Files.writeString(work.resolve("b.py"), "x = 1\n");
            Files.writeString(work.resolve("c.js"), APP);
            Files.writeString(work.resolve("README.md"), "# Old\n\ntext\n");
            String py =
                    "# Loads the existing config...\n# TODO: more\n"
                            + "def stub(self): ...\nx = ...\nprint(\"... rest unchanged ...\")";
            String js = "const f = (...args) => g(...args);\nconst o = {\n  ...rest,\n};";
            String md =
                    "# Existing code\n\nKeep the rest of the file as before.\n\n```js\n"
                            + "// ... existing code ...\n```";

            ApplyReport report =
                    apply(
                            "<---WRITE file=\"b.py\"--->\n"
                                    + py
                                    + "\n<---END--->\n<---WRITE file=\"c.js\"--->\n"
                                    + js
                                    + "\n<---END--->\n<---WRITE file=\"README.md\"--->\n"
                                    + md
                                    + "\n<---END--->\n");

            assertThat(report.ok()).as(report.toString()).isTrue();
            assertThat(work.resolve("b.py")).hasContent(py);
            assertThat(work.resolve("c.js")).hasContent(js);
            assertThat(work.resolve("README.md")).hasContent(md);
        }
    }

    @Nested
    class Replace {
        @ParameterizedTest
        @ValueSource(
                strings = {
                    "    # ... existing code ...",
                    "    # rest of the function unchanged",
                    "    # ...",
                    "    pass  # placeholder\n    # (remaining lines omitted for brevity)",
                })
        void replace_elisionWhereCodeWas_refusedFileKept(String elision) throws IOException {
            Files.writeString(work.resolve("m.py"), PY);

            ApplyReport report =
                    replace("m.py", "def b():\n    x = 2\n    return x", "def b():\n" + elision);

            ErrorInfo error = report.results().get(0).error();
            assertThat(error.code()).isEqualTo(ErrorCode.PLACEHOLDER_CONTENT);
            assertThat(error.message()).contains("lines 5-7", "REPLACE for 'm.py'");
            assertThat(work.resolve("m.py")).hasContent(PY.strip());
        }

        @Test
        void replace_elisionTheReplacedTextHeld_applied() throws IOException {
            Files.writeString(work.resolve("e.js"), "// ... existing code ...\nlet a = 1;\n");

            ApplyReport report =
                    replace(
                            "e.js",
                            "// ... existing code ...\nlet a = 1;",
                            "// ... existing code ...\nlet a = 2;");

            assertThat(report.ok()).as(report.toString()).isTrue();
            assertThat(work.resolve("e.js")).hasContent("// ... existing code ...\nlet a = 2;");
        }

        @Test
        void replace_loneEllipsisInALongerReplacement_applied() throws IOException {
            Files.writeString(work.resolve("m.py"), PY);

            ApplyReport report =
                    replace("m.py", "    return 1", "    # ...\n    y = 1\n    return y");

            assertThat(report.ok()).as(report.toString()).isTrue();
        }

        @Test
        void replace_spreadAndEllipsisBody_applied() throws IOException {
            Files.writeString(work.resolve("m.py"), PY);

            ApplyReport report = replace("m.py", "def a():\n    return 1", "def a(): ...");

            assertThat(report.ok()).as(report.toString()).isTrue();
            assertThat(work.resolve("m.py")).content().startsWith("def a(): ...\n");
        }
    }
}
