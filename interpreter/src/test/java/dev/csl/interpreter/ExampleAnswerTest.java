package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's first command applies testdata/examples/hello/answer.md to a missing directory. */
class ExampleAnswerTest {
    private static final Path ANSWER = Path.of("..", "testdata", "examples", "hello", "answer.md");

    @Test
    void apply_helloExampleOnMissingDirectory_createsItAndSucceeds(@TempDir Path tmp)
            throws IOException {
        Path demo = tmp.resolve("csl-demo");
        Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);

        ApplyReport report =
                interpreter.apply(Files.readString(ANSWER), ApplyOptions.defaults(demo));

        assertThat(report.ok()).as(report.toString()).isTrue();
        assertThat(report.results())
                .extracting(OperationResult::type)
                .containsExactly("WRITE", "WRITE", "SEARCH", "TASKS");
        assertThat(demo.resolve("src/greet.js"))
                .content()
                .contains("function greet(name = \"world\")");
        assertThat(demo.resolve("test/greet.test.js")).exists();
    }

    @Test
    void apply_helloExampleTwice_secondRunStillSucceeds(@TempDir Path tmp) throws IOException {
        Path demo = tmp.resolve("csl-demo");
        Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);
        String answer = Files.readString(ANSWER);
        interpreter.apply(answer, ApplyOptions.defaults(demo));

        ApplyReport again = interpreter.apply(answer, ApplyOptions.defaults(demo));

        assertThat(again.ok()).as(again.toString()).isTrue();
    }
}
