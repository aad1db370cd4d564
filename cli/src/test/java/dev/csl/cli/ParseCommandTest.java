package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ParseCommandTest {
    @TempDir Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    private Path answer(String text) throws IOException {
        Path file = dir.resolve("answer.md");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    @Test
    void parseJson_validAnswer_exactDocumentAndExit0() throws IOException {
        Path file =
                answer(
                        "<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n"
                                + "<---SEARCH file=\"b.txt\"--->\nx\n<---TO--->\ny\n<---REPLACE--->\nz\n<---END--->\n");

        int exit = run("parse", "--json", file.toString());

        assertThat(exit).isZero();
        assertThat(out.toString())
                .isEqualTo(
                        "{\"ok\":true,\"ast\":[{\"type\":\"WRITE\",\"line\":1,\"attributes\":{\"file\":\"a.txt\"},"
                                + "\"content\":\"hi\"},{\"type\":\"SEARCH\",\"line\":4,\"attributes\":"
                                + "{\"file\":\"b.txt\"},\"pattern\":\"x\",\"to\":\"y\",\"replacement\":\"z\"}],"
                                + "\"validationErrors\":[]}"
                                + System.lineSeparator());
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void parseJson_validationErrorInTasks_fieldAndParentLineAndExit1() throws IOException {
        Path file =
                answer(
                        "<---TASKS--->\n<---RUN timeout=\"0\"--->\nls\n<---END--->\n<---RUN--->\n<---END--->\n<---END--->\n");

        int exit = run("parse", "--json", file.toString());

        assertThat(exit).isEqualTo(1);
        assertThat(out.toString())
                .contains(
                        "\"validationErrors\":[{\"line\":2,\"operation\":\"RUN\",\"error\":\"Invalid"
                                + " value for 'timeout': must be a positive whole number of seconds\","
                                + "\"field\":\"timeout\",\"parentTaskLine\":1},"
                                + "{\"line\":5,\"operation\":\"RUN\",\"error\":\"Empty content not"
                                + " allowed for RUN operation\",\"parentTaskLine\":1}]}");
    }

    @Test
    void parseJson_syntaxError_onlyOkAndSyntaxErrorsAndExit3() throws IOException {
        Path file = answer("<---write file=\"a\"--->\nx\n<---END--->\n");

        int exit = run("parse", "--json", file.toString());

        assertThat(exit).isEqualTo(3);
        assertThat(out.toString())
                .isEqualTo(
                        "{\"ok\":false,\"syntaxErrors\":[{\"line\":1,\"code\":\"syntax_error\","
                                + "\"message\":\"Line 1: Unknown operation: write\","
                                + "\"error\":\"Line 1: Unknown"
                                + " operation: write\",\"hint\":\"operation names are upper case:"
                                + " WRITE\"}]}"
                                + System.lineSeparator());
    }

    @Test
    void parseJson_nonAscii_escapedSoAnyTerminalShowsIt() throws IOException {
        Path file = answer("<---WRITE file=\"é.txt\"--->\n日本\n<---END--->\n");

        run("parse", "--json", file.toString());

        assertThat(out.toString())
                .contains("\"file\":\"\\u00E9.txt\"", "\"content\":\"\\u65E5\\u672C\"");
    }

    @Test
    void parse_humanSyntaxErrors_fileLineMessageAndHint() throws IOException {
        Path file = answer("prose\n<---END--->\n<---RUN--->\nls\n");

        int exit = run("parse", file.toString());

        assertThat(exit).isEqualTo(3);
        assertThat(out.toString().lines())
                .containsExactly(
                        file + ":2: Unexpected END marker",
                        "    hint: no block is open here, so there is nothing to close: remove"
                                + " this line or add the opening marker it belongs to",
                        file + ":3: Unterminated RUN operation",
                        "    hint: the answer looks cut off inside this RUN block: if its last"
                                + " line, 'ls', is where the block ends, add <---END---> on its"
                                + " own line after the RUN block; otherwise send the block again"
                                + " whole (nothing was applied)",
                        "2 syntax errors; nothing would be applied.");
    }

    @Test
    void parse_humanValid_oneLinePerOperationAndSummary() throws IOException {
        Path file =
                answer(
                        "<---TASKS--->\n<---WRITE file=\"a\" append=\"true\"--->\nx\ny\n<---END--->\n<---END--->\n<---RUN--->\n<---END--->\n");

        int exit = run("parse", file.toString());

        assertThat(exit).isEqualTo(1);
        assertThat(out.toString().lines())
                .containsExactly(
                        file + ":1: TASKS (1 operation)",
                        file + ":2:   WRITE a (append, 2 lines)",
                        file + ":7: RUN (empty)",
                        file + ":7: Empty content not allowed for RUN operation",
                        "    hint: put at least one command line between the RUN marker and END",
                        "2 operations (1 of them in 1 TASKS block), 1 validation error; operations with errors would be"
                                + " skipped.");
    }

    @Test
    void parse_customDelimitersStartingWithAt_notReadAsArgumentFile() throws IOException {
        Path file = answer("@[[[[RUN]]]]@\nls\n@[[[[END]]]]@\n");

        int exit =
                run(
                        "parse",
                        "--json",
                        "--start-delimiter",
                        "@[[[[",
                        "--end-delimiter",
                        "]]]]@",
                        file.toString());

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("\"type\":\"RUN\"", "\"content\":\"ls\"");
    }

    @Test
    void parse_stdinDash_readsStandardInput() {
        InputStream saved = System.in;
        try {
            System.setIn(
                    new ByteArrayInputStream(
                            "<---RUN--->\r\npwd\r\n<---END--->\r\n"
                                    .getBytes(StandardCharsets.UTF_8)));
            int exit = run("parse", "--json", "-");
            assertThat(exit).isZero();
            assertThat(out.toString()).contains("\"content\":\"pwd\"");
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void parse_missingFile_usageErrorExit2WithMessage() {
        Path missing = dir.resolve("nope.md");

        int exit = run("parse", missing.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(out.toString()).isEmpty();
        assertThat(err.toString())
                .isEqualTo(
                        "csl parse: cannot read "
                                + missing
                                + ": no such file"
                                + System.lineSeparator());
    }

    @Test
    void parse_directory_usageErrorExit2() {
        int exit = run("parse", dir.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("is a directory");
    }

    @Test
    void parse_emptyDelimiter_usageErrorExit2() throws IOException {
        Path file = answer("x\n");

        int exit = run("parse", "--start-delimiter", "", file.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("delimiters must not be empty");
    }

    @Test
    void parse_unknownOption_usageErrorExit2() {
        int exit = run("parse", "--jsn");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown option: '--jsn'");
    }

    @Test
    void parse_help_listsOptionsAndExitCodes() {
        int exit = run("parse", "--help");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("--json", "--start-delimiter", "--end-delimiter", "3   CSL syntax error");
    }

    @Test
    void parse_answerWithTasks_countsOperationsAsApplyDoes() throws IOException {
        Path example = Path.of("..", "testdata", "examples", "hello", "answer.md");

        run("parse", example.toString());
        java.util.regex.Matcher parsed =
                java.util.regex.Pattern.compile(
                                "(\\d+) operations \\((\\d+) of them in 1 TASKS block\\)")
                        .matcher(out.toString());
        out.getBuffer().setLength(0);
        Path work = Files.createDirectories(dir.resolve("work"));
        run("apply", "--dry-run", example.toString(), "-C", work.toString());
        java.util.regex.Matcher applied =
                java.util.regex.Pattern.compile("Dry run: (\\d+) ok, 0 failed, 0 skipped")
                        .matcher(out.toString());

        assertThat(parsed.find()).as(out.toString()).isTrue();
        assertThat(applied.find()).as(out.toString()).isTrue();
        assertThat(parsed.group(1)).isEqualTo(applied.group(1));
    }
}
