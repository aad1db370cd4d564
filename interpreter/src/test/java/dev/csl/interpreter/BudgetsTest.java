package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.Runners;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The budgets of an apply on the real disk (docs/budgets.md): bytes and files written by csl and
 * the built-ins, the free-space floor (in a small tmpfs the test mounts), the size of a SEARCH
 * result, and running out of memory.
 */
class BudgetsTest {
    @TempDir Path tmp;
    private Path mounted;

    @AfterEach
    void unmount() throws Exception {
        if (mounted != null) {
            new ProcessBuilder("umount", "-l", mounted.toString()).inheritIO().start().waitFor();
        }
    }

    /** A tmpfs of {@code mib} MiB at tmp/disk, or the test is skipped with the reason. */
    private Path smallDisk(int mib) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("disk"));
        Process p =
                new ProcessBuilder(
                                "mount",
                                "-t",
                                "tmpfs",
                                "-o",
                                "size=" + mib + "m",
                                "tmpfs",
                                dir.toString())
                        .redirectErrorStream(true)
                        .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        Assumptions.assumeTrue(
                p.waitFor() == 0, "cannot mount a tmpfs here (needs root): " + out.strip());
        mounted = dir;
        return Files.createDirectories(dir.resolve("proj"));
    }

    private static void limits(Path project, String json) throws IOException {
        Files.createDirectories(project.resolve(".csl"));
        Files.writeString(project.resolve(".csl/commands.json"), "{\"limits\": " + json + "}\n");
    }

    private static ApplyReport apply(Path project, String answer) {
        return new Interpreter(Runners.standard()).apply(answer, ApplyOptions.defaults(project));
    }

    /** Pairs of lines that each double the tree {@code t}. */
    private static String doublings(int times) {
        StringBuilder sb = new StringBuilder("<---RUN--->\n");
        for (int i = 0; i < times; i++) {
            sb.append("cp -r t t2\nmv t2 t/g").append(i).append('\n');
        }
        return sb.append("<---END--->\n").toString();
    }

    private static ErrorInfo errorOf(ApplyReport report) {
        return report.results().get(0).error();
    }

    @Test
    void cpDoubling_onASmallDisk_stoppedByTheFloorBeforeTheDiskFills() throws Exception {
        Path project = smallDisk(8);
        Files.createDirectories(project.resolve("t"));
        Files.write(project.resolve("t/a.bin"), new byte[512 * 1024]);

        ApplyReport report = apply(project, doublings(8));

        ErrorInfo error = errorOf(report);
        assertThat(error.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
        assertThat(error.message()).contains("free on the file system").contains("csl keeps free");
        assertThat(error.hint()).contains("\"freeSpace\"");
        // the refused copy wrote nothing: the disk keeps the floor (1% of 8 MiB) free
        assertThat(project.toFile().getUsableSpace()).isGreaterThan(80 * 1024);
        assertThat(project.resolve("t2")).doesNotExist();
    }

    @Test
    void cpDoubling_stoppedByTheBytesBudget_namesItsKey() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        limits(project, "{\"written\": 1}");
        Files.createDirectories(project.resolve("t"));
        Files.write(project.resolve("t/a.bin"), new byte[300 * 1024]);

        ApplyReport report = apply(project, doublings(6));

        ErrorInfo error = errorOf(report);
        assertThat(error.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
        assertThat(error.message())
                .startsWith("'cp -r t t2' was stopped by the apply's budget")
                .contains("over its budget of 1.0 MiB");
        assertThat(error.hint()).contains("\"limits\": {\"written\": MiB}").contains("(now 1)");
        try (Stream<Path> all = Files.walk(project.resolve("t"))) {
            long bytes = all.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
            assertThat(bytes).isLessThanOrEqualTo((1 << 20) + 300 * 1024);
        }
    }

    @Test
    void touch_manyEmptyFiles_stoppedByTheFilesBudget() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        limits(project, "{\"files\": 50}");
        StringBuilder touch = new StringBuilder("touch");
        for (int i = 0; i < 80; i++) {
            touch.append(" f").append(i);
        }

        ApplyReport report = apply(project, "<---RUN--->\n" + touch + "\n<---END--->\n");

        ErrorInfo error = errorOf(report);
        assertThat(error.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
        assertThat(error.hint()).contains("\"files\": N");
        try (Stream<Path> made = Files.list(project)) {
            assertThat(made.filter(p -> p.getFileName().toString().startsWith("f")).count())
                    .isEqualTo(50);
        }
    }

    @Test
    void write_manyFilesOverTheFilesBudget_refusedBeforeAnyIsWritten() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        limits(project, "{\"files\": 5}");
        StringBuilder answer = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            answer.append("<---WRITE file=\"w").append(i).append(".txt\"--->\nx\n<---END--->\n");
        }

        ApplyReport report = apply(project, answer.toString());

        assertThat(report.results())
                .allSatisfy(r -> assertThat(r.error().code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED));
        assertThat(report.results().get(0).error().message()).contains("8 files");
        assertThat(project.resolve("w0.txt")).doesNotExist();
    }

    @Test
    void write_largerThanTheFreeSpaceAllows_refusedSayingHowMuchAndWhatIsFree() throws Exception {
        Path project = smallDisk(8);
        String line = "y".repeat(1023) + "\n";
        String answer =
                "<---WRITE file=\"big.txt\"--->\n" + line.repeat(9 * 1024) + "<---END--->\n";

        ApplyReport report = apply(project, answer);

        ErrorInfo error = errorOf(report);
        assertThat(error.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
        assertThat(error.message())
                .contains("'big.txt' would take 9.0 MiB of the")
                .contains("free on the file system");
        assertThat(project.resolve("big.txt")).doesNotExist();
    }

    @Test
    void searchCountAll_resultOverTheLimit_refusedAndTheFileUnchanged() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        limits(project, "{\"searchResult\": 1}");
        String text = "x\n".repeat(1000);
        Files.writeString(project.resolve("f.txt"), text);
        String replacement = ("q" + "z".repeat(63) + "\n").repeat(32);

        ApplyReport report =
                apply(
                        project,
                        "<---SEARCH file=\"f.txt\" count=\"all\"--->\nx\n<---REPLACE--->\n"
                                + replacement
                                + "<---END--->\n");

        ErrorInfo error = errorOf(report);
        assertThat(error.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
        assertThat(error.message())
                .contains("would make a file of 2.0 MiB (1000 matches replaced)")
                .contains("over the 1.0 MiB a SEARCH result may have");
        assertThat(error.hint()).contains("\"searchResult\": MiB");
        assertThat(Files.readString(project.resolve("f.txt"))).isEqualTo(text);
    }

    @Test
    void searchCountAll_multiplyingLines_stoppedAtTheLimitBeforeMemoryRunsOut() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        limits(project, "{\"searchResult\": 1}");
        Files.writeString(project.resolve("f.txt"), "x\n".repeat(50));
        String xToY =
                "<---SEARCH file=\"f.txt\" count=\"all\"--->\nx\n<---REPLACE--->\n"
                        + "y\n".repeat(32)
                        + "<---END--->\n";
        String yToX =
                "<---SEARCH file=\"f.txt\" count=\"all\"--->\ny\n<---REPLACE--->\n"
                        + "x\n".repeat(32)
                        + "<---END--->\n";

        ApplyReport report = apply(project, xToY + yToX + xToY);

        List<Status> statuses = report.results().stream().map(OperationResult::status).toList();
        assertThat(statuses).containsExactly(Status.OK, Status.OK, Status.ERROR);
        assertThat(report.results().get(2).error().code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
        assertThat(Files.size(project.resolve("f.txt"))).isEqualTo(50 * 32 * 32 * 2);
    }

    @Test
    void outOfMemory_inOneOperation_failsItCleanlyAndTheNextOneRuns() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        Files.writeString(project.resolve("huge.txt"), "a\n");
        Interpreter interpreter =
                new Interpreter(Runners.standard(), dir -> failingOn(GuardedFiles.open(dir)));

        ApplyReport report =
                interpreter.apply(
                        "<---SEARCH file=\"huge.txt\"--->\na\n<---REPLACE--->\nb\n<---END--->\n"
                                + "<---WRITE file=\"next.txt\"--->\nok\n<---END--->\n",
                        ApplyOptions.defaults(project));

        ErrorInfo error = errorOf(report);
        assertThat(error.code()).isEqualTo(ErrorCode.LIMIT_EXCEEDED);
        assertThat(error.message()).startsWith("csl ran out of memory (its heap holds at most");
        assertThat(error.hint()).contains("-Xmx");
        assertThat(report.results().get(1).status()).isEqualTo(Status.OK);
        assertThat(Files.readString(project.resolve("next.txt"))).isEqualTo("ok\n");
    }

    /** {@code files}, except that reading huge.txt runs out of memory (an injected failure). */
    private static GuardedFiles failingOn(GuardedFiles files) {
        InvocationHandler handler =
                (proxy, method, args) -> {
                    if (method.getName().startsWith("read")
                            && args != null
                            && Arrays.stream(args)
                                    .anyMatch(a -> String.valueOf(a).endsWith("huge.txt"))) {
                        throw new OutOfMemoryError("Java heap space");
                    }
                    try {
                        Object result = method.invoke(files, args);
                        return result instanceof GuardedFiles g && g != files
                                ? failingOn(g)
                                : result == files ? proxy : result;
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                };
        return (GuardedFiles)
                Proxy.newProxyInstance(
                        GuardedFiles.class.getClassLoader(),
                        new Class<?>[] {GuardedFiles.class},
                        handler);
    }
}
