package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code csl watch --once} in process: each call is one save of FILE as watch sees it, so the
 * identity of an answer, the rewrite of FILE and the options are checked without timing.
 */
class WatchOnceTest {
    @TempDir Path tmp;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static final String BLOCKS =
            "<---WRITE file=\"log.txt\" append=\"true\"--->\nran\n<---END--->\n";

    private int watchOnce(Path file, Path project, String... extra) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        String[] args = new String[6 + extra.length];
        args[0] = "watch";
        args[1] = file.toString();
        args[2] = "-C";
        args[3] = project.toString();
        args[4] = "--once";
        args[5] = "--no-clipboard";
        System.arraycopy(extra, 0, args, 6, extra.length);
        return cli.execute(args);
    }

    private Path project() throws IOException {
        return Files.createDirectories(tmp.resolve("project"));
    }

    @Test
    void watch_proseLineInsertedAboveTheBlocks_nothingRunsAgain() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, "Here is the change.\n\n" + BLOCKS);
        assertThat(watchOnce(answer, project)).isZero();
        assertThat(project.resolve("log.txt")).hasContent("ran");

        String withSummary = Files.readString(answer);
        Files.writeString(
                answer,
                withSummary.replace(
                        "Here is the change.\n", "Here is the change.\nA second line of prose.\n"));
        assertThat(watchOnce(answer, project)).isZero();

        assertThat(out.toString()).contains("unchanged blocks in answer.md: nothing applied");
        assertThat(project.resolve("log.txt")).hasContent("ran");
    }

    private static final String APPEND_AND_SEARCH =
            BLOCKS + "<---SEARCH file=\"app.txt\"--->\nold\n<---REPLACE--->\nnew\n<---END--->\n";

    @Test
    void watch_sameAnswerSavedAgainAfterTheCauseIsFixed_onlyTheFailedBlockRuns()
            throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, APPEND_AND_SEARCH);
        watchOnce(answer, project);
        assertThat(out.toString()).contains("applied: 1 ok, 1 failed, 0 skipped");
        assertThat(project.resolve("log.txt")).hasContent("ran");

        Files.writeString(project.resolve("app.txt"), "old\n"); // the cause fixed
        Files.writeString(answer, Files.readString(answer)); // saved again, unchanged
        watchOnce(answer, project);

        assertThat(out.toString())
                .contains(
                        "same answer in answer.md: trying again what failed or was refused (1"
                                + " block); not run again: 1 block that succeeded before")
                .contains("applied: 1 ok, 0 failed, 0 skipped");
        assertThat(project.resolve("app.txt")).hasContent("new");
        assertThat(project.resolve("log.txt")).hasContent("ran");
        assertThat(Files.readString(answer))
                .contains("the blocks at line 7 (csl watch --force runs them again)")
                .contains("✔ 1 SEARCH app.txt");

        watchOnce(answer, project); // every block has succeeded now
        assertThat(out.toString())
                .contains(
                        "unchanged blocks in answer.md: nothing applied (each succeeded before;"
                                + " --force applies them again)");
        assertThat(project.resolve("log.txt")).hasContent("ran");
    }

    @Test
    void watch_refusedBlockAfterARestart_triedAgainOnceApproved() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, BLOCKS + "<---RUN--->\ntrue\n<---END--->\n");
        watchOnce(answer, project);
        assertThat(out.toString()).contains("applied: 1 ok, 1 failed, 0 skipped");

        // a new csl watch (the memory is in .csl/), the command approved meanwhile
        watchOnce(answer, project, "--allow", "true", "--timeout", "20");

        assertThat(out.toString()).contains("applied: 1 ok, 0 failed, 0 skipped");
        assertThat(project.resolve("log.txt")).hasContent("ran");
    }

    @Test
    void watch_force_appliesEveryBlockAgain() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, BLOCKS);
        watchOnce(answer, project);

        watchOnce(answer, project, "--force");

        assertThat(project.resolve("log.txt")).hasContent("ran\nran");
    }

    @Test
    void watch_memoryOfAnOlderCsl_itsAnswerCountsAsDone() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, BLOCKS);
        watchOnce(answer, project);
        Path state;
        try (var files = Files.list(project.resolve(".csl"))) {
            state =
                    files.filter(f -> f.getFileName().toString().startsWith("watch-"))
                            .findFirst()
                            .orElseThrow();
        }
        String hash = Files.readString(state).lines().findFirst().orElseThrow();
        Files.writeString(state, hash.substring("answer ".length()) + "\n"); // one bare hash

        watchOnce(answer, project);

        assertThat(out.toString()).contains("unchanged blocks in answer.md: nothing applied");
        assertThat(project.resolve("log.txt")).hasContent("ran");
    }

    /** The result section at the top of FILE, without its two marker lines. */
    private static String resultSection(Path answer) throws IOException {
        String text = Files.readString(answer);
        return text.substring(text.indexOf('\n') + 1, text.indexOf(WatchSummary.END));
    }

    @Test
    void watch_failedSearch_summaryHoldsTheClosestRegionAndWhatDiffers() throws IOException {
        Path project = project();
        Files.writeString(project.resolve("app.js"), "function add(a, b) {\n\treturn a + b;\n}\n");
        Path answer = tmp.resolve("answer.md");
        Files.writeString(
                answer,
                "<---SEARCH file=\"app.js\"--->\nfunction add(a, b) {\n    return a + b;\n}\n"
                        + "<---REPLACE--->\nx\n<---END--->\n");

        watchOnce(answer, project);

        assertThat(resultSection(answer))
                .contains("✘ 1 SEARCH app.js")
                .contains("Closest region: lines 1-3")
                .contains("tabs vs spaces")
                .contains("file:    →return·a·+·b;")
                .contains("pattern: ····return·a·+·b;")
                .contains("hint: Copy the pattern exactly");
    }

    @Test
    void watch_failedRun_summaryHoldsTheExitStatusAndTheTailOfItsOutput() throws IOException {
        Path project = project();
        StringBuilder big = new StringBuilder();
        for (int i = 1; i <= 100; i++) {
            big.append("line ").append(i).append('\n');
        }
        Files.writeString(project.resolve("big.txt"), big);
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, "<---RUN--->\ncat big.txt missing.txt\n<---END--->\n");

        watchOnce(answer, project);

        String section = resultSection(answer);
        assertThat(section)
                .contains("✘ 1 RUN")
                .contains("$ cat big.txt missing.txt (exit 1)")
                .contains("cat: missing.txt: No such file or directory")
                .contains("… 88 lines cut above")
                .contains("line 100")
                .doesNotContain("line 88\n");
        assertThat(section.lines().count()).isLessThanOrEqualTo(WatchResultText.MAX_LINES);
    }

    @Test
    void watch_manyFailures_summaryCutWithAPointerToTheOutputFile() throws IOException {
        Path project = project();
        Files.writeString(project.resolve("app.txt"), "alpha\nbeta\n");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 15; i++) {
            text.append("<---SEARCH file=\"app.txt\"--->\nalpha\nbeta ")
                    .append(i)
                    .append("\n<---REPLACE--->\nx\n<---END--->\n");
        }
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, text.toString());

        watchOnce(answer, project);

        String section = resultSection(answer);
        assertThat(section.lines().count()).isEqualTo(WatchResultText.MAX_LINES);
        assertThat(section)
                .contains("more lines: see answer.md.out")
                .endsWith("0 ok, 15 failed, 0 skipped.\n");
        assertThat(Files.readString(tmp.resolve("answer.md.out"))).contains("✘ 15 SEARCH");
    }

    @Test
    void watch_onceOnAMissingFile_saysSoAsAUsageError() throws IOException {
        Path project = project();

        int code = watchOnce(tmp.resolve("missing.md"), project);

        assertThat(code).isEqualTo(2);
        assertThat(err.toString())
                .contains(
                        "csl watch: "
                                + tmp.resolve("missing.md")
                                + " does not exist: nothing to apply (save an answer into it"
                                + " first)");
    }

    @Test
    void watch_sameBlocksWithAnotherAttributeValue_runsAgain() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, BLOCKS);
        watchOnce(answer, project);
        Files.writeString(answer, BLOCKS.replace("log.txt", "other.txt"));

        watchOnce(answer, project);

        assertThat(project.resolve("other.txt")).hasContent("ran");
    }

    @Test
    void watch_crlfBomInvalidBytesAndMode0644_keptOutsideTheSummary() throws IOException {
        Path project = project();
        for (Path answer : new Path[] {tmp.resolve("outside.md"), project.resolve("inside.md")}) {
            byte[] user =
                    concat(
                            new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                            "Prose \r\n".getBytes(UTF_8),
                            new byte[] {(byte) 0xFF, '\r', '\n'},
                            BLOCKS.replace("\n", "\r\n")
                                    .replace("log.txt", answer.getFileName() + ".log")
                                    .getBytes(UTF_8));
            Files.write(answer, user);
            Files.setPosixFilePermissions(answer, PosixFilePermissions.fromString("rw-r--r--"));

            watchOnce(answer, project);
            byte[] once = Files.readAllBytes(answer);
            Files.writeString(project.resolve("other.txt"), "x"); // no effect on the answer
            Files.write(answer, concat(once, "More prose.\r\n".getBytes(UTF_8)));
            watchOnce(answer, project);
            byte[] twice = Files.readAllBytes(answer);

            String text = new String(once, UTF_8);
            assertThat(text).startsWith("\uFEFF" + WatchSummary.START + "\r\n");
            assertThat(text).contains(WatchSummary.END + "\r\n\r\n");
            assertThat(Arrays.copyOfRange(once, once.length - (user.length - 3), once.length))
                    .isEqualTo(Arrays.copyOfRange(user, 3, user.length));
            assertThat(twice).hasSize(once.length + "More prose.\r\n".length());
            assertThat(new String(twice, UTF_8)).containsOnlyOnce(WatchSummary.START);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(answer)))
                    .isEqualTo("rw-r--r--");
            assertThat(
                            PosixFilePermissions.toString(
                                    Files.getPosixFilePermissions(
                                            answer.resolveSibling(answer.getFileName() + ".out"))))
                    .isNotEqualTo("rw-------");
            try (var names = Files.list(answer.getParent())) {
                assertThat(names.map(n -> n.getFileName().toString()))
                        .noneMatch(n -> n.contains("tmp"));
            }
        }
        assertThat(project.resolve("outside.md.log")).hasContent("ran");
        assertThat(project.resolve("inside.md.log")).hasContent("ran");
    }

    @Test
    void watch_fileChangedBetweenReadAndRewrite_theChangeWinsAndNothingIsLost() throws IOException {
        Path project = project();
        Path answer = project.resolve("answer.md");
        // The answer itself changes FILE while it is applied: the same moment a save of the
        // user's would land between csl's read and its rewrite.
        String text =
                "Prose.\n"
                        + "<---WRITE file=\"answer.md\" append=\"true\"--->\n"
                        + "Added while csl applied.\n<---END--->\n";
        Files.writeString(answer, text);

        watchOnce(answer, project);

        assertThat(out.toString())
                .contains("answer.md changed meanwhile: its new content is processed next");
        assertThat(Files.readString(answer))
                .isEqualTo(text + "Added while csl applied.\n")
                .doesNotContain(WatchSummary.START);
    }

    @Test
    void watch_noSummaryAndNoOutputFile_fileUntouchedAndNoCompanion() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, BLOCKS);

        watchOnce(answer, project, "--no-summary", "--no-output-file");

        assertThat(project.resolve("log.txt")).hasContent("ran");
        assertThat(answer).hasContent(BLOCKS);
        assertThat(tmp.resolve("answer.md.out")).doesNotExist();
        assertThat(out.toString()).contains("applied: 1 ok").doesNotContain("(");
    }

    @Test
    void watch_unapprovedRunWithoutATerminal_refusedWithTheHintInTheSummary() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, "<---RUN--->\ntrue\n<---END--->\n");

        watchOnce(answer, project);

        assertThat(Files.readString(answer))
                .contains("✘ 1 RUN")
                .contains("'true' is not approved to run in this project")
                .contains("hint: approve it with `csl allow 'true'`");
        assertThat(out.toString()).contains("applied: 0 ok, 1 failed, 0 skipped");
    }

    @Test
    void watch_allowOption_approvesTheCommand() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, "<---RUN--->\ntrue\n<---END--->\n");

        watchOnce(answer, project, "--allow", "true", "--timeout", "20");

        assertThat(Files.readString(answer)).contains("✔ 1 RUN");
        assertThat(out.toString()).contains("applied: 1 ok, 0 failed, 0 skipped");
    }

    @Test
    void watch_otherDelimitersAndStrict_takenAsApplyTakesThem() throws IOException {
        Path project = project();
        Path answer = tmp.resolve("answer.md");
        Files.writeString(
                answer, "@[[[[WRITE file=\"notes.md\"]]]]@\n```\nfenced\n```\n@[[[[END]]]]@\n");

        watchOnce(
                answer,
                project,
                "--start-delimiter",
                "@[[[[",
                "--end-delimiter",
                "]]]]@",
                "--strict");

        assertThat(project.resolve("notes.md")).doesNotExist();
        assertThat(Files.readString(answer))
                .contains("↷ 1 WRITE notes.md", "Refused because of --strict");
    }

    @Test
    void watch_badFuzzyValue_usageErrorInApplysWords() throws IOException {
        int code = watchOnce(tmp.resolve("answer.md"), project(), "--fuzzy", "lots");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("csl watch: --fuzzy must be off or whitespace, not 'lots'\n");
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] all = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }
}
