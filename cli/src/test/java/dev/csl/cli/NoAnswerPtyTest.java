package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
        String[] args =
                command.equals("apply")
                        ? new String[] {"apply", "-C", wd.toString()}
                        : new String[] {"parse"};
        // The typed input is never closed: a csl that read stdin would wait until the timeout.
        Process process = Terminal.csl("; echo exit=$?", args).start();
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
