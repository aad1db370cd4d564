package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A csl killed with SIGKILL in the middle of a TASKS block leaves it half applied; the next csl
 * command in that directory rolls the interrupted apply back first and says so (issue 11).
 */
class HotJournalTest {
    @TempDir Path tmp;
    private Path work;
    private final StringWriter out = new StringWriter();

    @BeforeEach
    void project() throws IOException {
        work = Files.createDirectories(tmp.resolve("work"));
        Files.writeString(work.resolve("a.txt"), "old a\n");
    }

    /** Starts csl on a TASKS block that writes two files and then hangs in a command; kills it. */
    private void killMidTasks() throws Exception {
        Path answer =
                Files.writeString(
                        tmp.resolve("hang.md"),
                        "<---TASKS--->\n"
                                + "<---WRITE file=\"a.txt\"--->\nnew a\n<---END--->\n"
                                + "<---WRITE file=\"sub/b.txt\"--->\nnew b\n<---END--->\n"
                                + "<---RUN--->\nsleep 3600\n<---END--->\n"
                                + "<---END--->\n");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(
                List.of(
                        "apply",
                        answer.toString(),
                        "-C",
                        work.toString(),
                        "--yes",
                        "--sandbox",
                        "off"));
        Process csl = new ProcessBuilder(command).redirectErrorStream(true).start();
        long deadline = System.nanoTime() + Hang.LIMIT.toNanos();
        // Both files are saved (on parallel threads, in no fixed order) before the RUN starts.
        while (!Files.exists(work.resolve("sub/b.txt"))
                || !Files.readString(work.resolve("a.txt")).equals("new a\n")) {
            assertThat(csl.isAlive()).as("csl, still applying the TASKS block").isTrue();
            assertThat(System.nanoTime())
                    .as(Hang.message("the TASKS block's two writes"))
                    .isLessThan(deadline);
            Thread.sleep(20);
        }
        // The files are on disk and csl waits in `sleep`: kill -9 it (and the sleep it started).
        List<ProcessHandle> children = csl.descendants().toList();
        csl.destroyForcibly();
        csl.waitFor();
        children.forEach(ProcessHandle::destroyForcibly);
        assertThat(work.resolve("a.txt")).hasContent("new a");
    }

    private int csl(String... args) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(new StringWriter(), true));
        return cli.execute(args);
    }

    @Test
    void nextApply_afterKillMidTasks_rollsTheInterruptedApplyBackFirstAndSaysSo() throws Exception {
        killMidTasks();
        Path next =
                Files.writeString(
                        tmp.resolve("next.md"), "<---WRITE file=\"c.txt\"--->\nc\n<---END--->\n");

        int code = csl("apply", next.toString(), "-C", work.toString(), "--json");

        assertThat(code).isZero();
        assertThat(out.toString())
                .contains("\"recovered\":{\"applyId\":\"000001\"")
                .contains("a.txt")
                .contains("sub");
        assertThat(work.resolve("a.txt")).hasContent("old a");
        assertThat(work.resolve("sub")).doesNotExist();
        assertThat(work.resolve("c.txt")).hasContent("c");
    }

    @Test
    void nextUndo_afterKillMidTasks_recoversThenHasNothingElseToUndo() throws Exception {
        killMidTasks();

        int code = csl("undo", "-C", work.toString());

        assertThat(out.toString())
                .contains("⚠ csl found apply 000001 interrupted")
                .contains("rolled it back first: 3 paths restored")
                .contains("Nothing to undo");
        assertThat(code).isEqualTo(1);
        assertThat(work.resolve("a.txt")).hasContent("old a");
        assertThat(work.resolve("sub/b.txt")).doesNotExist();
    }

    @Test
    void nextApply_fileChangedByHandAfterTheKill_leftAsItIsAndNamed() throws Exception {
        killMidTasks();
        Files.writeString(work.resolve("a.txt"), "edited by hand\n");
        Path next =
                Files.writeString(
                        tmp.resolve("next.md"), "<---WRITE file=\"c.txt\"--->\nc\n<---END--->\n");

        csl("apply", next.toString(), "-C", work.toString());

        assertThat(work.resolve("a.txt")).hasContent("edited by hand");
        assertThat(work.resolve("sub/b.txt")).doesNotExist();
        assertThat(out.toString()).contains("a.txt: changed since the interrupted apply");
    }

    /** csl as a process in {@code work} with no input at all: it stops at the end of input. */
    private String cslProcess(String... args) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(List.of(args));
        Process p =
                new ProcessBuilder(command)
                        .directory(work.toFile())
                        .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                        .redirectErrorStream(true)
                        .start();
        return Hang.output(p, "csl " + String.join(" ", args));
    }

    private void assertRolledBack() {
        assertThat(work.resolve("a.txt")).hasContent("old a");
        assertThat(work.resolve("sub")).doesNotExist();
    }

    @Test
    void serveStart_afterKillMidTasks_rollsBackBeforeAnyRequestAndSaysSoOnStderr()
            throws Exception {
        killMidTasks();

        String log = cslProcess("serve");

        assertThat(log).contains("csl serve: ⚠ csl found apply 000001 interrupted");
        assertThat(log).contains("rolled it back first: 3 paths restored");
        assertRolledBack();
    }

    @Test
    void mcpStart_afterKillMidTasks_rollsBackBeforeInitializeAndSaysSoOnStderr() throws Exception {
        killMidTasks();

        String log = cslProcess("mcp", "-C", work.toString());

        assertThat(log).contains("csl mcp: ⚠ csl found apply 000001 interrupted");
        assertRolledBack();
    }

    @Test
    void watchStart_afterKillMidTasks_rollsBackBeforeTheFirstFileAndSaysSo() throws Exception {
        killMidTasks();
        // An answer file with nothing to apply yet: watch must not wait for a first apply.
        Path answer = Files.writeString(tmp.resolve("answer.md"), "");

        int code =
                csl("watch", answer.toString(), "-C", work.toString(), "--once", "--no-clipboard");

        assertThat(code).isZero();
        assertThat(out.toString())
                .contains("csl watch: ⚠ csl found apply 000001 interrupted")
                .contains("rolled it back first: 3 paths restored");
        assertRolledBack();
    }

    @Test
    void serveStart_noInterruptedApply_saysNothingAndCreatesNoStateDirectory() throws Exception {
        String log = cslProcess("serve");

        assertThat(log).doesNotContain("interrupted");
        assertThat(work.resolve(".csl")).doesNotExist();
    }
}
