package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * csl's own bookkeeping (undo, TASKS rollback) on the real disk, attacked the way issue 11 found: a
 * directory of the project is swapped for a symlink to a directory outside between the apply and
 * the restore. Nothing outside may change, and the refusal says why.
 */
class BookkeepingSideDoorsTest {
    @TempDir Path tmp;
    private Path work;
    private Path outside;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void dirs() throws IOException {
        work = Files.createDirectories(tmp.resolve("work"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("x.txt"), "outside x\n");
        Files.writeString(outside.resolve("y.txt"), "outside y\n");
        Files.createDirectories(work.resolve("sub"));
        Files.writeString(work.resolve("sub/x.txt"), "old x\n");
    }

    private int csl(String... args) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private Path answer(String text) throws IOException {
        return Files.writeString(tmp.resolve("answer.md"), text);
    }

    private Map<String, String> outsideTree() throws IOException {
        Map<String, String> tree = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(outside)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                tree.put(
                        outside.relativize(p).toString(),
                        Files.isRegularFile(p) ? Files.readString(p) : "dir");
            }
        }
        return tree;
    }

    private void swapSubForOutwardSymlink() throws IOException {
        Files.move(work.resolve("sub"), work.resolve("sub.moved"));
        Files.createSymbolicLink(work.resolve("sub"), outside);
    }

    @Test
    void undo_forcedAfterDirectorySwappedForOutwardSymlink_refusedAndOutsideUntouched()
            throws IOException {
        Path a =
                answer(
                        "<---WRITE file=\"sub/x.txt\"--->\nnew x\n<---END--->\n"
                                + "<---WRITE file=\"sub/y.txt\"--->\nnew y\n<---END--->\n");
        assertThat(csl("apply", a.toString(), "-C", work.toString())).isZero();
        swapSubForOutwardSymlink();
        Map<String, String> before = outsideTree();

        int code = csl("undo", "--force", "-C", work.toString(), "--json");

        assertThat(outsideTree()).isEqualTo(before);
        assertThat(code).isEqualTo(1);
        assertThat(out.toString())
                .contains("\"code\":\"path_escape\"")
                .contains("sub/")
                .contains("Nothing was restored");
        assertThat(work.resolve("sub.moved/x.txt")).hasContent("new x");
    }

    @Test
    void rollback_commandSwappedDirectoryForOutwardSymlinkThenFailed_outsideUntouched()
            throws IOException {
        Path a =
                answer(
                        "<---TASKS--->\n"
                                + "<---WRITE file=\"sub/x.txt\"--->\nnew x\n<---END--->\n"
                                + "<---WRITE file=\"sub/y.txt\"--->\nnew y\n<---END--->\n"
                                + "<---RUN--->\n"
                                + "sh -c 'mv sub sub.moved && ln -s "
                                + outside
                                + " sub && exit 1'\n"
                                + "<---END--->\n"
                                + "<---END--->\n");
        Map<String, String> before = outsideTree();

        int code =
                csl(
                        "apply",
                        a.toString(),
                        "-C",
                        work.toString(),
                        "--yes",
                        "--sandbox",
                        "off",
                        "--json");

        assertThat(outsideTree()).as(out.toString()).isEqualTo(before);
        assertThat(code).isEqualTo(1);
        assertThat(out.toString()).contains("\"status\":\"error\"");
        assertThat(Files.isSymbolicLink(work.resolve("sub"))).isTrue();
    }

    @Test
    void apply_builtinMvOfAFifo_recordedWithoutOpeningItAndUndoRefusesClearly() throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", work.resolve("fifo").toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(mkfifo.waitFor() == 0, "mkfifo failed");
        Path a = answer("<---RUN--->\nmv fifo fifo2\n<---END--->\n");

        // Opening the FIFO to record it would block: that is the hang this test would catch.
        int applied =
                Hang.guard(
                        "apply of 'mv fifo fifo2'",
                        () -> csl("apply", a.toString(), "-C", work.toString()));
        int undone =
                Hang.guard("undo of 'mv fifo fifo2'", () -> csl("undo", "-C", work.toString()));

        assertThat(applied).as(out.toString()).isZero();
        assertThat(Files.exists(work.resolve("fifo2"), java.nio.file.LinkOption.NOFOLLOW_LINKS))
                .isTrue();
        assertThat(undone).isEqualTo(1);
        assertThat(out.toString()).contains("FIFO", "Nothing was restored");
        assertThat(Files.exists(work.resolve("fifo2"), java.nio.file.LinkOption.NOFOLLOW_LINKS))
                .isTrue();
    }

    /**
     * Recording the state before a built-in runs in csl's own JVM; a tree 1500 directories deep
     * costs a walk from the root per entry (minutes). It is under the command's timeout: the RUN
     * ends in {@code timeout} and rm never runs (without the limit, the recording would end after
     * minutes and rm would run).
     */
    @Test
    void apply_builtinRmOfAVeryDeepTree_recordingEndsAtTheTimeoutAndNothingRuns() throws Exception {
        Process deep =
                new ProcessBuilder(
                                "sh",
                                "-c",
                                "i=0; while [ $i -lt 1500 ]; do mkdir d && cd d || exit 1;"
                                        + " i=$((i+1)); done; echo deep > f.txt")
                        .directory(work.toFile())
                        .start();
        org.junit.jupiter.api.Assumptions.assumeTrue(deep.waitFor() == 0, "deep tree not made");
        try {
            Path a = answer("<---RUN timeout=\"1\"--->\nrm -r d\n<---END--->\n");

            int code =
                    Hang.guard(
                            "apply of 'rm -r d' (timeout=1) on a tree 1500 deep",
                            () -> csl("apply", a.toString(), "-C", work.toString(), "--json"));

            assertThat(code).as(out.toString()).isEqualTo(1);
            assertThat(out.toString())
                    .contains("\"code\":\"timeout\"")
                    .contains("'rm -r d' did not run: recording what it would change");
            assertThat(work.resolve("d/d/d")).isDirectory();
        } finally {
            // Java's walks cannot delete a tree deeper than PATH_MAX; rm can.
            new ProcessBuilder("rm", "-rf", "d").directory(work.toFile()).start().waitFor();
        }
    }

    /**
     * A damaged journal (edited by hand or by a tool) is read strictly: a length past the end of
     * its blob once restored the file zero-padded to that length, and an unknown kind restored
     * "absent", deleting the file. Neither may change the file now.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(
            strings = {
                "\"length\":999999",
                "\"kind\":\"fiel\"",
                "\"blob\":\"../../../../sub/x.txt\"",
                "\"mode\":2541"
            })
    void undo_damagedJournal_restoresNothingFromTheDamagedLine(String damage) throws IOException {
        Path a = answer("<---WRITE file=\"sub/x.txt\"--->\nnew x\n<---END--->\n");
        assertThat(csl("apply", a.toString(), "-C", work.toString())).isZero();
        Path journal = work.resolve(".csl/history/000001/journal.jsonl");
        String line = Files.readString(journal);
        String key = damage.substring(0, damage.indexOf(':') + 1);
        String damaged = line.replaceFirst(java.util.regex.Pattern.quote(key) + "[^,}]*", damage);
        assertThat(damaged).isNotEqualTo(line);
        Files.writeString(journal, damaged);

        csl("undo", "--force", "-C", work.toString(), "--json");

        assertThat(work.resolve("sub/x.txt")).hasContent("new x");
        assertThat(out.toString()).doesNotContain("\"restored\":[\"sub/x.txt\"]");
    }

    @Test
    void everyCommand_cslDirectoryIsSymlinkToOutside_refusedAndOutsideUntouched()
            throws IOException {
        Files.createSymbolicLink(work.resolve(".csl"), outside);
        Path a = answer("<---WRITE file=\"a.txt\"--->\na\n<---END--->\n");
        Map<String, String> before = outsideTree();

        int applied = csl("apply", a.toString(), "-C", work.toString(), "--json");
        int undone = csl("undo", "-C", work.toString(), "--json");
        int allowed = csl("allow", "npm test", "-C", work.toString());

        assertThat(outsideTree()).isEqualTo(before);
        assertThat(applied).isEqualTo(1);
        assertThat(undone).isEqualTo(1);
        assertThat(allowed).isEqualTo(1);
        assertThat(out.toString())
                .contains("\"code\":\"protected_path\"")
                .contains("real directory .csl");
        assertThat(work.resolve("a.txt")).doesNotExist();
    }

    @Test
    void apply_historyDirectoryIsSymlinkToOutside_nothingWrittenAnywhere() throws IOException {
        Files.createDirectories(work.resolve(".csl"));
        Files.createSymbolicLink(work.resolve(".csl/history"), outside);
        Path a = answer("<---WRITE file=\"sub/x.txt\"--->\nnew x\n<---END--->\n");
        Map<String, String> before = outsideTree();

        int applied = csl("apply", a.toString(), "-C", work.toString());

        assertThat(outsideTree()).isEqualTo(before);
        assertThat(applied).isEqualTo(1);
        assertThat(work.resolve("sub/x.txt")).hasContent("old x");
    }

    @Test
    void apply_createsCslDirectory_ignoredByGitWithoutTouchingTheUsersGitignore() throws Exception {
        Process init = new ProcessBuilder("git", "init", "-q", work.toString()).start();
        org.junit.jupiter.api.Assumptions.assumeTrue(init.waitFor() == 0, "git missing");
        Path a = answer("<---WRITE file=\"a.txt\"--->\na\n<---END--->\n");

        assertThat(csl("apply", a.toString(), "-C", work.toString())).isZero();
        Process status =
                new ProcessBuilder("git", "status", "--porcelain", "--untracked-files=all")
                        .directory(work.toFile())
                        .start();
        String listed = new String(status.getInputStream().readAllBytes());
        status.waitFor();

        assertThat(listed).contains("a.txt").doesNotContain(".csl");
        assertThat(work.resolve(".gitignore")).doesNotExist();
        assertThat(work.resolve(".csl/.gitignore")).hasContent("*");
    }
}
