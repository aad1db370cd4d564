package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A RUN command's output reaches the terminal while it runs, and the report does not repeat it. */
class LiveOutputPtyTest {
    @TempDir Path wd;

    /** Applies answer.md on a terminal, every command approved, no sandbox, no colour. */
    private String applyApprovedOnTerminal() throws Exception {
        return Terminal.output(
                Terminal.csl(
                        "",
                        "apply",
                        "-C",
                        wd.resolve("work").toString(),
                        "--yes",
                        "--sandbox",
                        "off",
                        "--color",
                        "never",
                        wd.resolve("answer.md").toString()));
    }

    @Test
    void apply_externalCommandOnATerminal_outputStreamedOnceThenReported() throws Exception {
        Files.writeString(
                wd.resolve("answer.md"),
                "<---RUN--->\nprintf 'live-one\\nlive-two\\n'\n<---END--->\n");
        String output = applyApprovedOnTerminal();

        assertThat(output).contains("│ live-one", "│ live-two", "✔ 1 RUN printf");
        assertThat(output.lines().map(String::strip))
                .as("not repeated in the report")
                .doesNotContain("live-one");
        assertThat(output.indexOf("│ live-two")).isLessThan(output.indexOf("✔ 1 RUN"));
    }

    @Test
    void apply_longCommandOnATerminal_showsElapsedTimeThenWipesIt() throws Exception {
        Files.writeString(wd.resolve("answer.md"), "<---RUN--->\nsleep 2\n<---END--->\n");
        String output = applyApprovedOnTerminal();

        assertThat(output).contains("working… 1 s").contains("\r\u001B[K");
        assertThat(output.substring(output.lastIndexOf("\u001B[K"))).contains("✔ 1 RUN sleep 2");
    }
}
