package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The diff a real apply shows, and csl undo's ids, dry run, list and kept copies. */
class AppliedDiffCommandTest {
    @TempDir Path tmp;
    private StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        out = new StringWriter();
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private Path answer(String name, String text) throws IOException {
        Path file = tmp.resolve(name);
        Files.writeString(file, text);
        return file;
    }

    private Path project() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Files.writeString(work.resolve("app.js"), "const a = 1;\n");
        return work;
    }

    private static final String EDIT =
            "<---SEARCH file=\"app.js\"--->\nconst a = 1;\n<---REPLACE--->\nconst a = 2;\n"
                    + "<---END--->\n";

    @Test
    void apply_real_showsTheDiffBeforeTheSummaryAndJsonCarriesOnlyTheId() throws IOException {
        Path work = project();
        Path a = answer("answer.md", EDIT);

        run("apply", a.toString(), "-C", work.toString());
        String human = out.toString();
        run("undo", "-C", work.toString());
        run("apply", a.toString(), "-C", work.toString(), "--json");
        JsonNode doc = new ObjectMapper().readTree(out.toString());

        assertThat(human)
                .contains("Changes of apply 000001:\n    --- a/app.js\n    +++ b/app.js\n")
                .contains("    -const a = 1;\n    +const a = 2;\n");
        assertThat(human.indexOf("Changes of apply")).isLessThan(human.indexOf("1 ok, 0 failed"));
        assertThat(doc.path("applyId").asText()).isEqualTo("000002");
        assertThat(doc.at("/results/0/diff").isMissingNode()).isTrue();
    }

    @Test
    void apply_noDiff_showsNone() throws IOException {
        Path work = project();

        run("apply", answer("answer.md", EDIT).toString(), "-C", work.toString(), "--no-diff");

        assertThat(out.toString()).doesNotContain("Changes of apply").doesNotContain("+const");
    }

    @Test
    void apply_longDiff_cutTo200LinesSayingHowManyAreLeftAndWhere() throws IOException {
        Path work = project();
        String content = "line\n".repeat(500);

        run(
                "apply",
                answer("answer.md", "<---WRITE file=\"big.txt\"--->\n" + content + "<---END--->\n")
                        .toString(),
                "-C",
                work.toString());

        assertThat(out.toString())
                .contains("… 303 more diff lines not shown: csl undo --dry-run shows all of it")
                .contains("--full-diff shows it whole");
        assertThat(out.toString().lines().filter(l -> l.equals("    +line")).count())
                .isEqualTo(197);
    }

    @Test
    void undo_dryRunIdListAndForce_asAUserSeesThem() throws IOException {
        Path work = project();
        run("apply", answer("one.md", EDIT).toString(), "-C", work.toString());
        run(
                "apply",
                answer("two.md", "<---WRITE file=\"b.txt\"--->\nb\n<---END--->\n").toString(),
                "-C",
                work.toString());

        run("undo", "--list", "-C", work.toString());
        String list = out.toString();
        run("undo", "1", "--dry-run", "-C", work.toString());
        String preview = out.toString();
        Files.writeString(work.resolve("app.js"), "edited by hand\n");
        int refused = run("undo", "1", "-C", work.toString());
        int forced = run("undo", "1", "--force", "-C", work.toString());
        String forcedText = out.toString();
        int notAnId = run("undo", "latest", "-C", work.toString());

        assertThat(list)
                .containsPattern(
                        "000002  next    \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  cli .*two.md  1"
                                + " path: b.txt")
                .containsPattern("000001 +\\d{4}-.*  cli .*one.md  1 path: app.js");
        assertThat(preview)
                .contains("Dry run: undoing apply 000001 would restore 1 path")
                .contains("    -const a = 2;\n    +const a = 1;");
        assertThat(refused).isEqualTo(1);
        assertThat(forced).isZero();
        assertThat(forcedText).contains("were kept in .csl/discarded/000001/");
        assertThat(work.resolve(".csl/discarded/000001/app.js")).hasContent("edited by hand");
        assertThat(work.resolve("app.js")).hasContent("const a = 1;");
        assertThat(notAnId).isEqualTo(2);
        assertThat(err.toString()).contains("'latest' is not an apply id");
    }
}
