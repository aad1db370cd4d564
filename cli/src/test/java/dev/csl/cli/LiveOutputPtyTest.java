package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A RUN command's output reaches the terminal while it runs, and the report does not repeat it. */
class LiveOutputPtyTest {
    @TempDir Path wd;

    @Test
    void apply_externalCommandOnATerminal_outputStreamedOnceThenReported() throws Exception {
        Files.writeString(
                wd.resolve("answer.md"),
                "<---RUN--->\nprintf 'live-one\\nlive-two\\n'\n<---END--->\n");
        Process process =
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
                                wd.resolve("answer.md").toString())
                        .start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(output).contains("│ live-one", "│ live-two", "✔ 1 RUN printf");
        assertThat(output.lines().map(String::strip))
                .as("not repeated in the report")
                .doesNotContain("live-one");
        assertThat(output.indexOf("│ live-two")).isLessThan(output.indexOf("✔ 1 RUN"));
    }

    @Test
    void apply_longCommandOnATerminal_showsElapsedTimeThenWipesIt() throws Exception {
        Files.writeString(wd.resolve("answer.md"), "<---RUN--->\nsleep 2\n<---END--->\n");
        Process process =
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
                                wd.resolve("answer.md").toString())
                        .start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(output).contains("working… 1 s").contains("\r\u001B[K");
        assertThat(output.substring(output.lastIndexOf("\u001B[K"))).contains("✔ 1 RUN sleep 2");
    }
}
