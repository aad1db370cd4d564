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

/** The README's example of a failed SEARCH is what {@code csl apply} really prints. */
class ReadmeExampleTest {
    private static final Path EXAMPLE = Path.of("..", "testdata", "examples", "readme-search-miss");

    @TempDir Path tmp;

    @Test
    void readme_failedSearchExample_matchesApplyOutput() throws IOException {
        Files.copy(EXAMPLE.resolve("app.js"), tmp.resolve("app.js"));
        StringWriter out = new StringWriter();
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new StringWriter(), true));

        cli.execute("apply", EXAMPLE.resolve("answer.md").toString(), "-C", tmp.toString());

        assertThat(out.toString()).isEqualTo(readmeBlockAfter("A SEARCH that misses"));
        assertThat(tmp.resolve("app.js")).hasSameTextualContentAs(EXAMPLE.resolve("app.js"));
    }

    /** The first fenced block after the paragraph that contains {@code marker}. */
    private static String readmeBlockAfter(String marker) throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        int at = readme.indexOf(marker);
        assertThat(at).as("README paragraph '" + marker + "'").isNotNegative();
        int open = readme.indexOf("```\n", at) + 4;
        int close = readme.indexOf("```\n", open);
        return readme.substring(open, close);
    }
}
