package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Colour on a real pseudo-terminal (util-linux {@code script}), and NO_COLOR switching it off. */
class ColourPtyTest {
    @TempDir Path wd;

    private String applyOnTerminal(String noColor) throws Exception {
        Files.writeString(
                wd.resolve("answer.md"), "<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n");
        ProcessBuilder pb =
                Terminal.csl(
                        "",
                        "apply",
                        "-C",
                        wd.resolve("work").toString(),
                        wd.resolve("answer.md").toString());
        pb.environment().remove("NO_COLOR");
        pb.environment().put("TERM", "xterm");
        if (noColor != null) {
            pb.environment().put("NO_COLOR", noColor);
        }
        return Terminal.output(pb);
    }

    @Test
    void apply_onATerminal_coloured() throws Exception {
        assertThat(applyOnTerminal(null)).contains("\u001B[32m✔");
    }

    @Test
    void apply_onATerminalWithNoColor_plain() throws Exception {
        assertThat(applyOnTerminal("1")).contains("✔ 1 WRITE a.txt").doesNotContain("\u001B[3");
    }
}
