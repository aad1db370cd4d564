package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code csl watch} process (started from the test class path, as ServeProcess starts serve)
 * for what needs more than one save in one run: a change that wins over csl's rewrite and is
 * processed next, and the clipboard note said once.
 */
class WatchProcessTest {
    @TempDir Path tmp;

    @Test
    void watch_fileChangedWhileApplying_changeKeptAndProcessedNext() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Path answer = project.resolve("answer.md");
        Process watch = start(answer, project, Map.of(), "--no-clipboard");
        BlockingQueue<String> lines = ProcessLines.of(watch);
        try {
            ProcessLines.await(lines, "csl watch: watching");
            // The answer appends to FILE itself, so FILE changes between csl's read and its
            // rewrite, as a save of the user's would.
            String text =
                    "Prose.\n<---WRITE file=\"answer.md\" append=\"true\"--->\n"
                            + "More prose.\n<---END--->\n"
                            + "<---WRITE file=\"log.txt\" append=\"true\"--->\nran\n<---END--->\n";
            Files.writeString(answer, text);

            ProcessLines.await(
                    lines, "answer.md changed meanwhile: its new content is processed next");
            ProcessLines.await(lines, "unchanged blocks in answer.md: nothing applied");
            assertThat(Files.readString(answer)).isEqualTo(text + "More prose.\n");
            assertThat(project.resolve("log.txt")).hasContent("ran");
        } finally {
            watch.destroy();
            watch.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void watch_directoryThenFileInItsPlaceThenSigterm_saidWatchedOnAndStoppedWithALine()
            throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Path answer = tmp.resolve("answer.md");
        Process watch = start(answer, project, Map.of(), "--no-clipboard");
        BlockingQueue<String> lines = ProcessLines.of(watch);
        try {
            ProcessLines.await(lines, "csl watch: watching");
            Files.createDirectory(answer);
            ProcessLines.await(
                    lines,
                    "answer.md is a directory, not an answer file: nothing to apply; still"
                            + " watching for an answer saved under its name");
            Files.delete(answer);
            Files.writeString(answer, "<---WRITE file=\"a.txt\"--->\none\n<---END--->\n");
            ProcessLines.await(lines, "applied: 1 ok, 0 failed, 0 skipped");
            assertThat(project.resolve("a.txt")).hasContent("one");

            // Not Process.destroy(), which also closes the pipe the lines come through.
            new ProcessBuilder("kill", "-TERM", Long.toString(watch.pid())).start().waitFor();
            ProcessLines.await(lines, "csl watch: stopped (SIGTERM)");
            assertThat(watch.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(watch.exitValue()).isZero();
        } finally {
            watch.destroyForcibly();
        }
    }

    @Test
    void watch_twoWritesTheFirstWithoutEnd_onlyTheWholeAnswerAppliedAndNothingLost()
            throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Path answer = tmp.resolve("answer.md");
        // A settle time no test machine reaches: the half waits until the rest is saved.
        Process watch = start(answer, project, Map.of(), "--no-clipboard", "--settle", "600000");
        BlockingQueue<String> lines = ProcessLines.of(watch);
        try {
            ProcessLines.await(lines, "csl watch: watching");
            String half = "Prose.\n<---WRITE file=\"a.txt\"--->\none\n";
            Files.writeString(answer, half);
            ProcessLines.await(lines, "answer.md: a block has no END yet");
            Files.writeString(answer, half + "<---END--->\nMore prose.\n");

            ProcessLines.await(lines, "applied: 1 ok, 0 failed, 0 skipped");
            assertThat(project.resolve("a.txt")).hasContent("one");
            assertThat(Files.readString(answer))
                    .startsWith(WatchSummary.START)
                    .endsWith(half + "<---END--->\nMore prose.\n");
        } finally {
            watch.destroy();
            watch.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void watch_secondHalfWrittenThroughTheOpenFileAfterTheResult_keptAndApplied() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Path answer = tmp.resolve("answer.md");
        // No settle time: the half is processed (a syntax error) and the result renamed over
        // FILE before the writer, which holds FILE's old file open, writes the rest into it.
        Process watch = start(answer, project, Map.of(), "--no-clipboard", "--settle", "0");
        BlockingQueue<String> lines = ProcessLines.of(watch);
        byte[] half = "<---WRITE file=\"a.txt\"--->\none\n".getBytes(UTF_8);
        try (FileChannel writer =
                FileChannel.open(answer, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ProcessLines.await(lines, "csl watch: watching");
            writer.write(ByteBuffer.wrap(half));
            ProcessLines.await(lines, "syntax error: nothing applied");

            writer.write(ByteBuffer.wrap("<---END--->\n".getBytes(UTF_8)), half.length);

            ProcessLines.await(
                    lines,
                    "a write reached answer.md after csl put its result there: it is kept and"
                            + " processed next");
            ProcessLines.await(lines, "applied: 1 ok, 0 failed, 0 skipped");
            assertThat(project.resolve("a.txt")).hasContent("one");
            assertThat(Files.readString(answer))
                    .endsWith("<---WRITE file=\"a.txt\"--->\none\n<---END--->\n");
        } finally {
            watch.destroy();
            watch.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void watch_noClipboardToolOnPath_saysSoOnceAcrossRuns() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Path answer = tmp.resolve("answer.md");
        Path emptyBin = Files.createDirectories(tmp.resolve("bin"));
        Path stderr = tmp.resolve("stderr.log");
        Process watch =
                start(
                        answer,
                        project,
                        Map.of("PATH", emptyBin.toString(), "STDERR", stderr.toString()));
        BlockingQueue<String> lines = ProcessLines.of(watch);
        try {
            ProcessLines.await(lines, "csl watch: watching");
            Files.writeString(answer, "<---WRITE file=\"a.txt\"--->\none\n<---END--->\n");
            ProcessLines.await(lines, "applied: 1 ok");
            Files.writeString(answer, "<---WRITE file=\"a.txt\"--->\ntwo\n<---END--->\n");
            ProcessLines.await(lines, "applied: 1 ok");
            assertThat(project.resolve("a.txt")).hasContent("two");
        } finally {
            watch.destroy();
            watch.waitFor(30, TimeUnit.SECONDS);
        }
        String note =
                "csl watch: no clipboard tool found (wl-copy, xclip, xsel, pbcopy, clip.exe); the"
                        + " output is not copied (said once in this project; --no-clipboard stops"
                        + " trying)";
        assertThat(Files.readString(stderr)).containsOnlyOnce(note);

        // A second start in the same project: not said again.
        Path stderr2 = tmp.resolve("stderr2.log");
        Process again =
                start(
                        answer,
                        project,
                        Map.of("PATH", emptyBin.toString(), "STDERR", stderr2.toString()));
        BlockingQueue<String> lines2 = ProcessLines.of(again);
        try {
            ProcessLines.await(lines2, "csl watch: watching");
            Files.writeString(answer, "<---WRITE file=\"a.txt\"--->\nthree\n<---END--->\n");
            ProcessLines.await(lines2, "applied: 1 ok");
        } finally {
            again.destroy();
            again.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(Files.readString(stderr2)).doesNotContain("clipboard");
    }

    /**
     * Starts {@code csl watch FILE -C DIR --poll 50 ...}; {@code env} replaces variables (STDERR
     * names a file for the process's stderr, which is discarded otherwise). DISPLAY and
     * WAYLAND_DISPLAY are removed, so only PATH decides which clipboard tool is found.
     */
    private static Process start(Path file, Path dir, Map<String, String> env, String... extra)
            throws IOException {
        List<String> command =
                CslJava.command("watch", file.toString(), "-C", dir.toString(), "--poll", "50");
        command.addAll(List.of(extra));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("DISPLAY");
        builder.environment().remove("WAYLAND_DISPLAY");
        env.forEach(
                (name, value) -> {
                    if (!name.equals("STDERR")) {
                        builder.environment().put(name, value);
                    }
                });
        builder.redirectError(
                env.containsKey("STDERR")
                        ? ProcessBuilder.Redirect.to(Path.of(env.get("STDERR")).toFile())
                        : ProcessBuilder.Redirect.DISCARD);
        return builder.start();
    }
}
