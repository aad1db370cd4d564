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

/** {@code csl apply --atomic} as a user sees it, through picocli and the fast path alike. */
class AtomicApplyCommandTest {
    @TempDir Path tmp;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static final String HALF_RIGHT =
            "<---WRITE file=\"src/util.js\"--->\nexport const x = 1;\n<---END--->\n"
                    + "<---SEARCH file=\"src/app.js\"--->\nnot in the file\n<---REPLACE--->\n"
                    + "x\n<---END--->\n";

    private int picocli(String... args) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private Path project() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work/src"));
        Files.writeString(work.resolve("app.js"), "const a = 1;\n");
        return work.getParent();
    }

    private Path answer() throws IOException {
        Path file = tmp.resolve("answer.md");
        Files.writeString(file, HALF_RIGHT);
        return file;
    }

    @Test
    void apply_atomicWithAFailure_humanOutputSaysEverythingWasRolledBack() throws IOException {
        Path work = project();

        int code = picocli("apply", answer().toString(), "-C", work.toString(), "--atomic");

        assertThat(code).isEqualTo(1);
        assertThat(out.toString())
                .contains("↷ 1 WRITE src/util.js (rolled back)")
                .contains("✘ 2 SEARCH src/app.js — 0 matches")
                .contains(
                        "✘ Operation 2 failed, so the whole answer was withdrawn (--atomic): none"
                                + " of its file changes remains applied.")
                .contains("0 ok, 1 failed, 0 skipped, 1 rolled back.");
        assertThat(work.resolve("src/util.js")).doesNotExist();
    }

    @Test
    void apply_atomicFastPathJson_sameWithdrawalWithFailedTask() throws IOException {
        Path work = project();

        int code =
                FastApply.tryRun(
                        new String[] {
                            "apply",
                            answer().toString(),
                            "-C",
                            work.toString(),
                            "--atomic",
                            "--json"
                        },
                        new PrintWriter(out, true),
                        new PrintWriter(err, true));

        assertThat(code).isEqualTo(1);
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.at("/results/0/status").asText()).isEqualTo("rolled_back");
        assertThat(doc.at("/error/code").asText()).isEqualTo("match_count_mismatch");
        assertThat(doc.at("/error/failedTask").asText()).isEqualTo("2");
        assertThat(work.resolve("src/util.js")).doesNotExist();
    }

    @Test
    void apply_withoutAtomic_theWriteStays() throws IOException {
        Path work = project();

        picocli("apply", answer().toString(), "-C", work.toString());

        assertThat(work.resolve("src/util.js")).exists();
    }
}
