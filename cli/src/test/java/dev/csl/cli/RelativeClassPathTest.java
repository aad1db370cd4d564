package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar cli/target/csl.jar apply ...} from the checkout: a class path written relative
 * to the directory csl was started in must still start the built-in worker, which runs in the
 * working directory (inside the sandbox, where the relative jar once named nothing: every RUN of a
 * built-in failed with ClassNotFoundException).
 */
class RelativeClassPathTest {
    @TempDir Path tmp;

    @Test
    void apply_classPathRelativeToCslsDirectory_builtInRunsInTheSandbox() throws Exception {
        Path here = Path.of("").toAbsolutePath();
        List<String> relative = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            relative.add(here.relativize(Path.of(entry).toAbsolutePath()).toString());
        }
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path answer =
                Files.writeString(tmp.resolve("answer.md"), "<---RUN--->\necho hi\n<---END--->\n");
        List<String> command =
                List.of(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        String.join(File.pathSeparator, relative),
                        Main.class.getName(),
                        "apply",
                        answer.toString(),
                        "-C",
                        work.toString(),
                        "--json");
        Process p = new ProcessBuilder(command).directory(here.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(out).contains("\"stdout\":\"hi\\n\"").contains("\"status\":\"ok\"");
    }
}
