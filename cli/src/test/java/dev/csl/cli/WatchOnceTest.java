package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code csl watch --once} in process: each call is one save of FILE as watch sees it, so the
 * identity of an answer, the rewrite of FILE and the options are checked without timing.
 */
class WatchOnceTest {
    @TempDir Path tmp;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static final String BLOCKS =
            "<---WRITE file=\"log.txt\" append=\"true\"--->\nran\n<---END--->\n";

    private int watchOnce(Path file, Path project, String... extra) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        String[] args = new String[6 + extra.length];
        args[0] = "watch";
        args[1] = file.toString();
        args[2] = "-C";
        args[3] = project.toString();
        args[4] = "--once";
        args[5] = "--no-clipboard";
        System.arraycopy(extra, 0, args, 6, extra.length);
        return cli.execute(args);
    }

    private Path project() throws IOException {
        return Files.createDirectories(tmp.resolve("project"));
    }

    @Test
    void watch_proseLineInsertedAboveTheBlocks_nothingRunsAgain() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, "Here is the change.\n\n" + BLOCKS);
        assertThat(watchOnce(answer, project)).isZero();
        assertThat(project.resolve("log.txt")).hasContent("ran");

        String withSummary = Files.readString(answer);
        Files.writeString(
                answer,
                withSummary.replace(
                        "Here is the change.\n", "Here is the change.\nA second line of prose.\n"));
        assertThat(watchOnce(answer, project)).isZero();

        assertThat(out.toString()).contains("unchanged blocks in answer.md: nothing applied");
        assertThat(project.resolve("log.txt")).hasContent("ran");
    }

    @Test
    void watch_sameBlocksWithAnotherAttributeValue_runsAgain() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, BLOCKS);
        watchOnce(answer, project);
        Files.writeString(answer, BLOCKS.replace("log.txt", "other.txt"));

        watchOnce(answer, project);

        assertThat(project.resolve("other.txt")).hasContent("ran");
    }
}
