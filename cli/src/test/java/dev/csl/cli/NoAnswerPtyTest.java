package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code csl apply} / {@code csl parse} with no FILE typed at a real terminal (util-linux {@code
 * script} gives a pseudo-terminal): usage at once instead of a silent wait for typing.
 */
class NoAnswerPtyTest {
    @TempDir Path wd;

    @ParameterizedTest
    @ValueSource(strings = {"apply", "parse"})
    void command_noFileAndStdinATerminal_printsUsageAndExits2(String command) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/script")), "util-linux script missing");
        String java = ProcessHandle.current().info().command().orElse("java");
        String line =
                String.join(
                        " ",
                        List.of(
                                java,
                                "-cp",
                                System.getProperty("java.class.path"),
                                Main.class.getName(),
                                command,
                                "-C",
                                wd.toString()));
        if (command.equals("parse")) {
            line = line.replace(" -C " + wd, "");
        }
        // The typed input is never closed: a csl that read stdin would wait until the timeout.
        Process process =
                new ProcessBuilder("/usr/bin/script", "-qec", line + "; echo exit=$?", "/dev/null")
                        .redirectErrorStream(true)
                        .start();
        try {
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("csl waited for typing").isTrue();
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

            assertThat(output).contains("csl " + command + ": no answer given").contains("exit=2");
        } finally {
            process.destroyForcibly();
        }
    }
}
