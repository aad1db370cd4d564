package dev.csl.cli;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs csl's {@link Main} in a fresh JVM on a real pseudo-terminal: util-linux {@code script} makes
 * stdin and stdout a terminal, as when a person types the command.
 */
final class Terminal {
    private static final Path SCRIPT = Path.of("/usr/bin/script");

    private Terminal() {}

    /**
     * A process builder for {@code csl ARGS} on a terminal, with stderr merged; {@code suffix} is
     * shell text run after it (e.g. {@code "; echo exit=$?"}). Skips the test without script.
     */
    static ProcessBuilder csl(String suffix, String... args) {
        assumeTrue(Files.isExecutable(SCRIPT), "util-linux script missing");
        List<String> words = new ArrayList<>();
        words.add(ProcessHandle.current().info().command().orElse("java"));
        words.add("-cp");
        words.add(System.getProperty("java.class.path"));
        words.add(Main.class.getName());
        words.addAll(List.of(args));
        return new ProcessBuilder(
                        SCRIPT.toString(), "-qec", String.join(" ", words) + suffix, "/dev/null")
                .redirectErrorStream(true);
    }

    /** Runs {@code pb} with nothing typed and returns what the terminal showed. */
    static String output(ProcessBuilder pb) throws Exception {
        Process process = pb.start();
        process.getOutputStream().close();
        String output =
                new String(
                        process.getInputStream().readAllBytes(),
                        java.nio.charset.StandardCharsets.UTF_8);
        org.assertj.core.api.Assertions.assertThat(
                        process.waitFor(60, java.util.concurrent.TimeUnit.SECONDS))
                .isTrue();
        return output;
    }
}
