package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code csl apply} and {@code csl undo} as a user sees them: output lines, JSON, exit codes. */
class ApplyCommandTest {
    @TempDir Path tmp;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private Path answer(String text) throws IOException {
        Path file = tmp.resolve("answer.md");
        Files.writeString(file, text);
        return file;
    }

    @Test
    void apply_refusedBlock_countedAsFailedNotSkipped() throws IOException {
        Path work = tmp.resolve("work");
        Files.createDirectories(work);
        Files.writeString(work.resolve("a.py"), "a = 1\nb = 2\nc = 3\nd = 4\n");
        Path a =
                answer(
                        "<---WRITE file=\"a.py\"--->\na = 1\n# ... rest unchanged ...\n<---END--->\n");

        int code = run("apply", a.toString(), "-C", work.toString());

        assertThat(code).isEqualTo(1);
        assertThat(out.toString()).contains("placeholder_content", "0 ok, 1 failed, 0 skipped.");
        assertThat(work.resolve("a.py")).hasContent("a = 1\nb = 2\nc = 3\nd = 4\n");
    }

    @Test
    void apply_writeAndFailingSearch_printsOneLinePerOperationAndExits1() throws IOException {
        Path work = tmp.resolve("work");
        Path a =
                answer(
                        "<---WRITE file=\"src/a.js\"--->\nconst a = 1;\nconst b = 2;\n<---END--->\n"
                                + "<---SEARCH file=\"src/a.js\"--->\nconst c = 3;\n<---REPLACE--->\nx\n<---END--->\n");

        int code = run("apply", a.toString(), "-C", work.toString());

        assertThat(code).isEqualTo(1);
        String text = out.toString();
        assertThat(text).contains("✔ 1 WRITE src/a.js (created, 2 lines)");
        assertThat(text).contains("✘ 2 SEARCH src/a.js — 0 matches");
        assertThat(text).contains("    SEARCH found no match", "    hint: ");
        assertThat(text).contains("1 ok, 1 failed, 0 skipped.");
        assertThat(text).doesNotContain("\u001B[");
        assertThat(work.resolve("src/a.js")).hasContent("const a = 1;\nconst b = 2;\n");
    }

    @Test
    void apply_json_printsExactlyOneDocumentWithSpecFields() throws IOException {
        Path work = tmp.resolve("work");
        Path a = answer("<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n");

        int code = run("apply", a.toString(), "-C", work.toString(), "--json");

        assertThat(code).isZero();
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.get("ok").asBoolean()).isTrue();
        assertThat(doc.get("workingDir").asText()).isEqualTo(work.toAbsolutePath().toString());
        assertThat(doc.get("dryRun").asBoolean()).isFalse();
        assertThat(doc.get("results").get(0).get("task").asText()).isEqualTo("1");
        assertThat(doc.get("results").get(0).get("status").asText()).isEqualTo("ok");
        assertThat(doc.get("syntaxErrors").isArray()).isTrue();
        assertThat(out.toString().trim().lines().count()).isEqualTo(1);
    }

    @Test
    void apply_answerWithBytesThatAreNotUtf8_refusesThatOperationOnlyNamingTheLine()
            throws IOException {
        Path work = tmp.resolve("work");
        Path a = tmp.resolve("latin1.md");
        Files.write(
                a,
                ("<---WRITE file=\"menu.txt\"--->\ncaf\u00e9\n<---END--->\n"
                                + "<---WRITE file=\"ok.txt\"--->\nfine\n<---END--->\n")
                        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));

        int code = run("apply", a.toString(), "-C", work.toString(), "--json");

        assertThat(code).isEqualTo(1);
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.at("/results/0/error/code").asText()).isEqualTo("invalid_encoding");
        assertThat(doc.at("/results/0/error/line").asInt()).isEqualTo(2);
        assertThat(doc.at("/results/1/status").asText()).isEqualTo("ok");
        assertThat(work.resolve("menu.txt")).doesNotExist();
        assertThat(work.resolve("ok.txt")).hasContent("fine");
    }

    @Test
    void apply_fencedMarkdownWithStrict_refusedWithoutStrict_writtenWithWarningLine()
            throws IOException {
        Path work = tmp.resolve("work");
        Path a = answer("<---WRITE file=\"doc.md\"--->\n```\nx\n```\n<---END--->\n");

        int strict = run("apply", a.toString(), "-C", work.toString(), "--strict");
        boolean writtenUnderStrict = Files.exists(work.resolve("doc.md"));
        int plain = run("apply", a.toString(), "-C", work.toString());

        assertThat(strict).isEqualTo(1);
        assertThat(writtenUnderStrict).isFalse();
        assertThat(plain).isZero();
        assertThat(out.toString()).contains("⚠ The content of 'doc.md' is one markdown code block");
        assertThat(work.resolve("doc.md")).hasContent("```\nx\n```");
    }

    @Test
    void apply_sameAnswerTwice_secondTimeEveryEditIsNoOpAndExit0() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        ReApplyFixture.prepare(work);
        Path a = answer(ReApplyFixture.ANSWER);

        int first = run("apply", a.toString(), "-C", work.toString(), "--json");
        out.getBuffer().setLength(0);
        int second = run("apply", a.toString(), "-C", work.toString(), "--json");
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        out.getBuffer().setLength(0);
        int third = run("apply", a.toString(), "-C", work.toString());

        assertThat(first).isZero();
        assertThat(second).as(doc.toPrettyString()).isZero();
        assertThat(doc.get("ok").asBoolean()).isTrue();
        List<String> statuses = new ArrayList<>();
        for (JsonNode result : doc.get("results")) {
            statuses.add(result.get("status").asText());
            result.path("results").forEach(child -> statuses.add(child.get("status").asText()));
        }
        assertThat(statuses).containsExactly(ReApplyFixture.SECOND_STATUSES);
        assertThat(work.resolve("app.py")).hasContent(ReApplyFixture.APP_AFTER.strip());
        assertThat(third).isZero();
        assertThat(out.toString()).contains("already applied");
    }

    @Test
    void apply_unknownFuzzyMode_isAUsageError() throws IOException {
        Path a = answer("<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n");

        int code = run("apply", a.toString(), "-C", tmp.resolve("w").toString(), "--fuzzy=all");

        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("--fuzzy must be off or whitespace");
    }

    @Test
    void apply_syntaxError_exits3AndAppliesNothing() throws IOException {
        Path work = tmp.resolve("work");
        Files.createDirectories(work);
        Path a =
                answer(
                        "<---WRITE file=\"a.txt\"--->\nx\n<---END--->\n<---WRITE file=\"b.txt\"--->\n");

        int code = run("apply", a.toString(), "-C", work.toString());

        assertThat(code).isEqualTo(3);
        assertThat(out.toString())
                .contains(a + ":4: Unterminated WRITE operation", "nothing was applied");
        assertThat(work.resolve("a.txt")).doesNotExist();
    }

    @Test
    void apply_dryRun_printsDiffAndPlanHashAndChangesNothing() throws IOException {
        Path work = tmp.resolve("work");
        Files.createDirectories(work);
        Files.writeString(work.resolve("a.txt"), "old\n");
        Path a = answer("<---SEARCH file=\"a.txt\"--->\nold\n<---REPLACE--->\nnew\n<---END--->\n");

        int code = run("apply", a.toString(), "-C", work.toString(), "--dry-run");

        assertThat(code).isZero();
        assertThat(out.toString()).contains("-old", "+new", "Plan hash: ", "nothing was changed");
        assertThat(work.resolve("a.txt")).hasContent("old\n");
    }

    @Test
    void apply_unreadableAnswerOrBadOption_exits2() {
        assertThat(run("apply", tmp.resolve("missing.md").toString())).isEqualTo(2);
        assertThat(run("apply", "--sandbox", "sometimes")).isEqualTo(2);
        assertThat(err.toString()).contains("csl apply: cannot read", "--sandbox must be");
    }

    @Test
    void apply_externalRunsInAndAfterTasks_irreversibilitySaidOnce() throws IOException {
        Path work = tmp.resolve("work");
        Path a =
                answer(
                        "<---TASKS--->\n<---RUN--->\ntrue\n<---END--->\n<---RUN--->\ntrue\n"
                                + "<---END--->\n<---END--->\n<---RUN--->\ntrue\n<---END--->\n");

        int code =
                run(
                        "apply",
                        a.toString(),
                        "-C",
                        work.toString(),
                        "--allow",
                        "true",
                        "--sandbox",
                        "off");

        assertThat(code).isZero();
        String text = out.toString();
        assertThat(text).contains("note: Operations 1.1, 1.2 ran external commands");
        assertThat(text).doesNotContain("Irreversible");
    }

    @Test
    void apply_twoExternalRunBlocks_irreversibleNoteShownOnce() throws IOException {
        Path work = tmp.resolve("work");
        Path a = answer("<---RUN--->\ntrue\n<---END--->\n<---RUN--->\ntrue\n<---END--->\n");

        int code =
                run(
                        "apply",
                        a.toString(),
                        "-C",
                        work.toString(),
                        "--allow",
                        "true",
                        "--sandbox",
                        "off");

        assertThat(code).isZero();
        String text = out.toString();
        assertThat(text).contains("✔ 1 RUN true", "✔ 2 RUN true");
        assertThat(text.split("Irreversible", -1)).hasSize(2);
        // said plainly, once: nothing but csl's own guard confined the commands
        assertThat(text.split("ran with no OS sandbox \\(none: --sandbox off\\)", -1)).hasSize(2);
    }

    @Test
    void apply_runInASandbox_noWordOfNoSandbox() throws IOException {
        Path work = tmp.resolve("work");
        Path a = answer("<---RUN--->\npwd\n<---END--->\n");

        run("apply", a.toString(), "-C", work.toString());

        String text = out.toString();
        assertThat(text).contains("✔ 1 RUN pwd");
        boolean layer =
                dev.csl.runner.sandbox.SandboxProbe.machine().works()
                        || dev.csl.runner.sandbox.LandlockProbe.machine().works();
        assertThat(text.contains("ran with no OS sandbox")).isEqualTo(!layer);
    }

    @Test
    void apply_dryRunWithTwoRolledBackRunBlocks_notRunNoteShownOnce() throws IOException {
        Path work = tmp.resolve("work");
        String block =
                "<---TASKS--->\n<---RUN--->\npwd\n<---END--->\n"
                        + "<---SEARCH file=\"missing.txt\"--->\na\n<---REPLACE--->\nb\n<---END--->\n"
                        + "<---END--->\n";
        Path a = answer(block + block);
        Files.createDirectories(work);

        run("apply", a.toString(), "-C", work.toString(), "--dry-run");

        String text = out.toString();
        assertThat(text).contains("↷ 1.1 RUN", "↷ 2.1 RUN");
        assertThat(text.split("note: dry run: checked, not run", -1)).hasSize(2);
    }

    @Test
    void apply_dryRunOfSixBlocksTheRealApplyRefuses_reportsEachRefusalAsTheRealApply()
            throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Files.writeString(work.resolve("a.txt"), "a\n");
        Path a = answer(RefusedRunBlocks.ANSWER);

        int dry = run("apply", a.toString(), "-C", work.toString(), "--dry-run", "--json");
        JsonNode preview = new ObjectMapper().readTree(out.toString());
        out.getBuffer().setLength(0);
        int real = run("apply", a.toString(), "-C", work.toString(), "--json");
        JsonNode applied = new ObjectMapper().readTree(out.toString());

        assertThat(dry).isEqualTo(1);
        assertThat(real).isEqualTo(1);
        assertThat(preview.get("ok").asBoolean()).isFalse();
        for (int i = 0; i < RefusedRunBlocks.CODES.size(); i++) {
            assertThat(preview.at("/results/" + i + "/status").asText()).isEqualTo("error");
            assertThat(preview.at("/results/" + i + "/error/code").asText())
                    .isEqualTo(RefusedRunBlocks.CODES.get(i))
                    .isEqualTo(applied.at("/results/" + i + "/error/code").asText());
        }
        assertThat(preview.at("/results/5/error/message").asText())
                .contains("a redirection (>) and a pipe (|)");
    }

    @Test
    void apply_dryRunHuman_saysNeedsApprovalAndCheckedNotRun() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path a = answer("<---RUN--->\nsh -c true\n<---END--->\n<---RUN--->\nls\n<---END--->\n");

        run("apply", a.toString(), "-C", work.toString(), "--dry-run");

        assertThat(out.toString())
                .contains(
                        "✘ 1 RUN — command_not_approved",
                        "'sh -c true' is not approved to run in this project",
                        "✔ 2 RUN (dry run: checked, not run)");
    }

    @Test
    void apply_grepFindsNothingDiffFindsDifferences_okWithNotesExitZero() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Files.writeString(work.resolve("a.txt"), "a\n");
        Files.writeString(work.resolve("b.txt"), "b\n");
        Path a = answer(RefusedRunBlocks.GREP_AND_DIFF);

        int code = run("apply", a.toString(), "-C", work.toString());

        assertThat(code).isZero();
        assertThat(out.toString())
                .contains(
                        "✔ 1 RUN grep -rn nothing-like-this . (+2 more)",
                        "note: grep found no match (exit status 1): grep -rn nothing-like-this .;"
                                + " the files differ (exit status 1): diff a.txt b.txt",
                        "1 ok, 0 failed, 0 skipped.");
        assertThat(work.resolve("after")).isDirectory();

        out.getBuffer().setLength(0);
        Files.delete(work.resolve("after"));
        run("apply", a.toString(), "-C", work.toString(), "--json");
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        assertThat(doc.at("/results/0/status").asText()).isEqualTo("ok");
        assertThat(doc.at("/results/0/commands/0/exitCode").asInt()).isEqualTo(1);
        assertThat(doc.at("/results/0/commands/1/exitCode").asInt()).isEqualTo(1);
        assertThat(doc.at("/results/0/note").asText()).startsWith("grep found no match");
    }

    @Test
    void apply_timeoutAboveTheCeiling_refusedUnlessTimeoutOptionRaisesIt() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path a = answer("<---RUN timeout=\"2147483648\"--->\nmkdir made\n<---END--->\n");

        int refused = run("apply", a.toString(), "-C", work.toString(), "--json");
        JsonNode doc = new ObjectMapper().readTree(out.toString());
        out.getBuffer().setLength(0);
        Path b = answer("<---RUN timeout=\"900\"--->\nmkdir made\n<---END--->\n");
        int raised = run("apply", b.toString(), "-C", work.toString(), "--timeout", "900");

        assertThat(refused).isEqualTo(1);
        assertThat(doc.at("/results/0/status").asText()).isEqualTo("skipped");
        assertThat(doc.at("/results/0/error/code").asText()).isEqualTo("validation_error");
        assertThat(doc.at("/results/0/error/field").asText()).isEqualTo("timeout");
        assertThat(raised).as(out.toString()).isZero();
        assertThat(work.resolve("made")).isDirectory();
    }

    @Test
    void apply_truncatedAnswerWithAFencedWrite_bothErrorsAtOnceExit3() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path a =
                answer(
                        "<---TASKS--->\n<---WRITE file=\"src/app.py\"--->\n```python\nprint(1)\n```\n"
                                + "<---END--->\n<---WRITE file=\"src/b.py\"--->\nprint(");

        int code = run("apply", a.toString(), "-C", work.toString());
        String text = out.toString();
        out.getBuffer().setLength(0);
        int jsonCode = run("apply", a.toString(), "-C", work.toString(), "--json");
        JsonNode doc = new ObjectMapper().readTree(out.toString());

        assertThat(code).isEqualTo(3);
        assertThat(jsonCode).isEqualTo(3);
        assertThat(text)
                .contains(
                        "✘ " + a + ":7: Unterminated WRITE operation",
                        "✘ " + a + ":2: WRITE src/app.py — fenced_content: ",
                        "1 syntax error and 1 likely mistake in the blocks that could be read:"
                                + " nothing was applied.");
        assertThat(doc.get("ok").asBoolean()).isFalse();
        assertThat(doc.at("/syntaxErrors/0/line").asInt()).isEqualTo(7);
        assertThat(doc.at("/syntaxErrors/0/code").asText()).isEqualTo("syntax_error");
        assertThat(doc.at("/syntaxErrors/0/message").asText())
                .isEqualTo("Line 7: Unterminated WRITE operation");
        assertThat(doc.at("/likelyMistakes/0/code").asText()).isEqualTo("fenced_content");
        assertThat(doc.at("/likelyMistakes/0/line").asInt()).isEqualTo(2);
        assertThat(doc.at("/likelyMistakes/0/refused").asBoolean()).isTrue();
        assertThat(work.resolve("src")).doesNotExist();
    }

    @Test
    void apply_syntaxErrorOnly_noLikelyMistakesField() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path a = answer("<---WRITE file=\"a.txt\"--->\na\n");

        run("apply", a.toString(), "-C", work.toString(), "--json");

        assertThat(new ObjectMapper().readTree(out.toString()).has("likelyMistakes")).isFalse();
    }

    @Test
    void apply_colorOption_alwaysPaintsNeverDoesNotBadValueIsUsageError() throws IOException {
        Path work = tmp.resolve("work");
        Path a = answer("<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n");

        run("apply", a.toString(), "-C", work.toString(), "--color=always");
        String always = out.toString();
        out.getBuffer().setLength(0);
        run("apply", a.toString(), "-C", work.toString(), "--color=never");
        String never = out.toString();

        assertThat(always).contains("\u001B[32m✔");
        assertThat(never).contains("✔ 1 WRITE a.txt").doesNotContain("\u001B[");
        assertThat(run("apply", a.toString(), "--color=sometimes")).isEqualTo(2);
        assertThat(err.toString()).contains("--color must be auto, always or never");
    }

    @Test
    void apply_noColor_winsOverColorAlways() throws IOException {
        Path work = tmp.resolve("work");
        Path a = answer("<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n");

        run("apply", a.toString(), "-C", work.toString(), "--color=always", "--no-color");

        assertThat(out.toString()).contains("✔ 1 WRITE a.txt").doesNotContain("\u001B[");
    }

    @Test
    void apply_dryRunOfALongFile_diffShortenedUnlessFullDiff() throws IOException {
        Path work = Files.createDirectories(tmp.resolve("work"));
        StringBuilder content = new StringBuilder();
        for (int i = 1; i <= 500; i++) {
            content.append("line ").append(i).append('\n');
        }
        Path a = answer("<---WRITE file=\"big.txt\"--->\n" + content + "<---END--->\n");

        run("apply", a.toString(), "-C", work.toString(), "--dry-run");
        String shortened = out.toString();
        out.getBuffer().setLength(0);
        run("apply", a.toString(), "-C", work.toString(), "--dry-run", "--full-diff");
        String full = out.toString();
        out.getBuffer().setLength(0);
        run("apply", a.toString(), "-C", work.toString(), "--dry-run", "--json");
        String json = out.toString();

        // 3 header lines and 500 added lines; 200 shown.
        assertThat(shortened)
                .contains("+line 197")
                .doesNotContain("+line 198\n")
                .contains("… 303 more diff lines not shown (--full-diff shows them");
        assertThat(full).contains("+line 500").doesNotContain("more diff lines not shown");
        assertThat(json).contains("+line 500");
    }

    @Test
    void apply_missingAnswerFile_saysNoSuchFile() {
        Path missing = tmp.resolve("nope.md");

        assertThat(run("apply", missing.toString())).isEqualTo(2);

        assertThat(err.toString()).contains("csl apply: cannot read " + missing + ": no such file");
    }

    @Test
    void apply_missingWorkingDirectoryWhoseParentExists_createdAndSaid() throws IOException {
        Path work = tmp.resolve("new-project");
        int code =
                run(
                        "apply",
                        answer("<---WRITE file=\"a.txt\"--->\nx\n<---END--->\n").toString(),
                        "-C",
                        work.toString());
        assertThat(code).isZero();
        assertThat(work.resolve("a.txt")).hasContent("x\n");
        assertThat(out.toString()).contains("csl: created the working directory " + work);
    }

    @Test
    void apply_typoInCDeeperThanOneMissingDirectory_usageErrorAndNothingCreated()
            throws IOException {
        Path work = tmp.resolve("does/not/exist");
        int code =
                run(
                        "apply",
                        answer("<---WRITE file=\"a.txt\"--->\nx\n<---END--->\n").toString(),
                        "-C",
                        work.toString());
        assertThat(code).isEqualTo(2);
        assertThat(tmp.resolve("does")).doesNotExist();
    }

    @Test
    void undo_afterApply_restoresAndReportsPaths() throws IOException {
        Path work = tmp.resolve("work");
        Files.createDirectories(work);
        Files.writeString(work.resolve("a.txt"), "before\n");
        run(
                "apply",
                answer("<---WRITE file=\"a.txt\"--->\nafter\n<---END--->\n").toString(),
                "-C",
                work.toString());

        int code = run("undo", "-C", work.toString(), "--json");

        assertThat(code).isZero();
        assertThat(out.toString()).contains("\"restored\":[\"a.txt\"]");
        assertThat(work.resolve("a.txt")).hasContent("before\n");
        assertThat(run("undo", "-C", work.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("Nothing to undo");
    }

    @Test
    void everyCommand_workingDirIsFileSystemRoot_usageErrorAndNothingWritten() throws IOException {
        Path a = answer("<---WRITE file=\"x.txt\"--->\nx\n<---END--->\n");
        boolean cslAtRootBefore = Files.exists(Path.of("/.csl"));

        assertThat(run("apply", a.toString(), "-C", "/")).isEqualTo(2);
        assertThat(run("apply", a.toString(), "-C", "/tmp/..")).isEqualTo(2);
        assertThat(run("undo", "-C", "/")).isEqualTo(2);
        assertThat(run("allow", "npm test", "-C", "/")).isEqualTo(2);

        assertThat(err.toString()).contains("csl apply: -C / is the root of the file system");
        assertThat(Files.exists(Path.of("/x.txt"))).isFalse();
        assertThat(Files.exists(Path.of("/.csl"))).isEqualTo(cslAtRootBefore);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource(
            delimiter = '|',
            value = {
                "apply missing.md --json|missing.md: no such file",
                "apply answer.md --json --timeout abc|'--timeout'",
                "apply answer.md --json --bogus|Unknown option: '--bogus'",
                "parse missing.md --json|missing.md: no such file",
                "undo --json -C does/not/exist|does not exist"
            })
    void json_usageError_oneJsonDocumentOnStdoutWithUsageErrorCode(String line, String says)
            throws IOException {
        answer("<---WRITE file=\"a.txt\"--->\nx\n<---END--->\n");
        String[] args = line.split(" ");
        for (int i = 0; i < args.length; i++) {
            if (args[i].endsWith(".md") || args[i].startsWith("does/")) {
                args[i] = tmp.resolve(args[i]).toString();
            }
        }

        int code = run(args);

        assertThat(code).isEqualTo(2);
        var doc = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString());
        assertThat(doc.path("ok").asBoolean(true)).isFalse();
        assertThat(doc.path("error").path("code").asText()).isEqualTo("usage_error");
        assertThat(doc.path("error").path("message").asText()).contains(says);
        assertThat(err.toString()).contains(says);
    }
}
