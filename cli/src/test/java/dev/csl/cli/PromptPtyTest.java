package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The approval prompt on a real pseudo-terminal: {@code csl apply} runs under util-linux {@code
 * script}, so stdin and stdout are a terminal, and the answer is typed into it.
 */
class PromptPtyTest {
    @TempDir Path wd;

    @BeforeEach
    void setUp() throws IOException {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "util-linux script missing");
        Files.writeString(wd.resolve("answer.md"), "<---RUN--->\nprintf hello\n<---END--->\n");
    }

    private String applyOnTerminal(String typed) throws Exception {
        Process process =
                Terminal.csl("", "apply", "-C", wd.toString(), wd.resolve("answer.md").toString())
                        .start();
        process.getOutputStream().write(typed.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return output;
    }

    /** The command's own output is a line of its own: "hello" alone. */
    private static boolean ranPrintf(String output) {
        return output.lines().map(String::strip).anyMatch("hello"::equals);
    }

    @Test
    void apply_answeredAlways_runsAndSavesSoTheNextApplyDoesNotAsk() throws Exception {
        String first = applyOnTerminal("a\n");
        String second = applyOnTerminal("");

        assertThat(first)
                .contains("Allow 'printf hello'? [y]es/[n]o/[a]lways/ne[v]er (default: no)")
                .contains("hello");
        assertThat(Files.readString(wd.resolve(".csl/commands.json"))).contains("\"printf hello\"");
        assertThat(second).doesNotContain("Allow 'printf hello'?").contains("hello");
    }

    @Test
    void apply_answeredNever_blockedAndSaved() throws Exception {
        String output = applyOnTerminal("v\n");

        assertThat(output).contains("Allow 'printf hello'?").contains("command_blocked");
        assertThat(ranPrintf(output)).isFalse();
        assertThat(Files.readString(wd.resolve(".csl/commands.json")))
                .contains("\"blocked\" : [ \"printf hello\" ]");
    }
}
