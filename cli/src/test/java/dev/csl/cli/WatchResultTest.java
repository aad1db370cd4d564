package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * What {@code csl watch --once} puts at the top of FILE for a person to copy back into the chat:
 * what a successful RUN printed (bounded, escaped), line numbers that count in FILE as it is after
 * the result was put on top, and a missing END counted as a failure.
 */
class WatchResultTest {
    @TempDir Path tmp;
    private final StringWriter out = new StringWriter();

    private int watchOnce(Path file, String... extra) throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        List<String> args =
                new java.util.ArrayList<>(
                        List.of(
                                "watch",
                                file.toString(),
                                "-C",
                                project.toString(),
                                "--once",
                                "--no-clipboard"));
        args.addAll(List.of(extra));
        return cli.execute(args.toArray(String[]::new));
    }

    @Test
    void watch_runSucceeded_resultShowsWhatItPrinted() throws IOException {
        Path answer = tmp.resolve("answer.md");
        Files.writeString(
                answer,
                "Show me the file first.\n<---RUN--->\nprintf 'one\\ntwo\\n'\n<---END--->\n");

        watchOnce(answer, "--allow", "printf *", "--timeout", "20");

        assertThat(Files.readString(answer))
                .contains("✔ 1 RUN\n    $ printf ")
                .contains("\n      one\n      two\nApplied: 1 ok");
    }

    @Test
    void watch_runPrintedMuch_cutInTheMiddleWithWhereTheWholeOutputIs() throws IOException {
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, "<---RUN--->\nseq 1 50\n<---END--->\n");

        watchOnce(answer, "--allow", "seq *", "--timeout", "20");

        // 51 lines ($ seq 1 50 and 50 numbers): the first 20 and the last 10 are shown.
        assertThat(Files.readString(answer))
                .contains(
                        "    $ seq 1 50\n      1\n",
                        "      19\n    … 21 lines of output cut here (the whole output is in"
                                + " answer.md.out)\n      41\n",
                        "      50\nApplied: 1 ok")
                .doesNotContain("      20\n");
        assertThat(Files.readString(tmp.resolve("answer.md.out"))).contains("\n    20\n");
    }

    @Test
    void watch_runPrintedEscapes_neutralisedInTheResult() throws IOException {
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, "<---RUN--->\nprintf 'a\\033]52;c;eA==\\007b\\n'\n<---END--->\n");

        watchOnce(answer, "--allow", "printf *", "--timeout", "20");

        assertThat(Files.readString(answer))
                .contains("\n      a\\e]52;c;eA==\\x07b\nApplied: 1 ok")
                .doesNotContain("\u001b");
    }

    @Test
    void watch_syntaxError_lineNumbersCountInTheFileWithItsResultOnTop() throws IOException {
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, "Prose.\n\n<---WRITE file=\"b.txt\"--->\nnever\n");

        watchOnce(answer);

        List<String> lines = Files.readAllLines(answer);
        int write = lines.indexOf("<---WRITE file=\"b.txt\"--->") + 1;
        assertThat(write).isEqualTo(9);
        assertThat(lines).contains("✘ Line 9: Unterminated WRITE operation");
        assertThat(Files.readString(tmp.resolve("answer.md.out")))
                .contains("✘ Line 9: Unterminated WRITE operation");
    }

    @Test
    void watch_syntaxErrorWithNoSummary_linesCountInTheFileAsItIs() throws IOException {
        Path answer = tmp.resolve("answer.md");
        Files.writeString(
                answer,
                WatchSummary.START
                        + "\nold result\n"
                        + WatchSummary.END
                        + "\n\n<---WRITE file=\"b.txt\"--->\nnever\n");

        watchOnce(answer, "--no-summary");

        assertThat(Files.readString(tmp.resolve("answer.md.out")))
                .contains("✘ Line 5: Unterminated WRITE operation");
    }

    @Test
    void watch_missingEnd_countedAsFailedAndTheReadableBlocksAsSkipped() throws IOException {
        Path answer = tmp.resolve("answer.md");
        Files.writeString(
                answer,
                "<---WRITE file=\"a.txt\"--->\nx\n<---END--->\n<---WRITE file=\"b.txt\"--->\ny\n");

        watchOnce(answer);

        assertThat(out.toString())
                .contains("syntax error: nothing applied: 0 ok, 1 failed, 1 skipped");
        assertThat(Files.readString(answer))
                .contains("Syntax error: nothing applied: 0 ok, 1 failed, 1 skipped.");
        assertThat(tmp.resolve("project/a.txt")).doesNotExist();
    }

    @Test
    void watch_onceOnADirectory_saysWhatItIs() throws IOException {
        Path answer = Files.createDirectory(tmp.resolve("answer.md"));

        assertThat(watchOnce(answer)).isEqualTo(2);
        assertThat(out.toString()).contains("must be a file in an existing directory");
    }
}
