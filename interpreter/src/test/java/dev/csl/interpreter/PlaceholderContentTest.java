package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A WRITE that would cut a file down to an elision comment is refused. */
class PlaceholderContentTest {
    @TempDir Path work;

    private ApplyReport write(String file, String content) {
        return new Interpreter(new FakeRunners(), GuardedFiles::open)
                .apply(
                        "<---WRITE file=\"" + file + "\"--->\n" + content + "\n<---END--->\n",
                        ApplyOptions.defaults(work));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "// ... rest of the file unchanged ...",
                "    # ... existing code ...",
                "/* ... remaining methods unchanged ... */",
                "<!-- … rest of the page … -->",
                "// (rest of the code stays the same...)"
            })
    void write_replacingAFileWithAnElision_refusedFileKept(String elision) throws IOException {
        Files.writeString(work.resolve("app.js"), "function a() {}\nfunction b() {}\n");

        ApplyReport report = write("app.js", "function a() { return 1; }\n" + elision);

        assertThat(report.results().get(0).error().code()).isEqualTo(ErrorCode.PLACEHOLDER_CONTENT);
        assertThat(report.results().get(0).error().hint()).contains("SEARCH/REPLACE");
        assertThat(work.resolve("app.js")).hasContent("function a() {}\nfunction b() {}");
    }

    @Test
    void write_newFileOrOrdinaryComments_nearMissesWrittenAsIs() throws IOException {
        Files.writeString(work.resolve("b.py"), "x = 1\n");

        ApplyReport created = write("new.js", "// ... rest of the file unchanged ...");
        ApplyReport replaced = write("b.py", "# Loads the existing config...\n# TODO: more\nx = 2");

        assertThat(created.ok()).isTrue();
        assertThat(replaced.ok()).as(replaced.toString()).isTrue();
        assertThat(work.resolve("b.py"))
                .hasContent("# Loads the existing config...\n# TODO: more\nx = 2");
    }
}
