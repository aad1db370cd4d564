package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code csl watch} used the way a person uses it, through the real {@code ./csl} launcher (a copy
 * in a scratch checkout whose jar runs this build's classes): paste an answer and save, save again
 * with only the prose edited, paste a broken answer, save by renaming a new file over the old one,
 * then Ctrl-C.
 */
class WatchTest {
    @TempDir Path tmp;

    private static final String ANSWER =
            "Here is the change.\n\n"
                    + "<---WRITE file=\"log.txt\" append=\"true\"--->\nran\n<---END--->\n"
                    + "<---WRITE file=\"src/a.txt\"--->\nhello\n<---END--->\n";

    @Test
    void watch_pasteSaveProseEditBrokenAnswerRenameAndCtrlC_eachAnswerAppliedOnce()
            throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Path answer = tmp.resolve("answer.md");
        // Started as a terminal starts it: with SIGINT at its default disposition. (A build run in
        // the background inherits SIGINT ignored, and an ignored signal stays ignored across exec.)
        ProcessBuilder builder =
                new ProcessBuilder(
                                "python3",
                                "-c",
                                "import os, signal, sys;"
                                        + " signal.signal(signal.SIGINT, signal.SIG_DFL);"
                                        + " os.execv(sys.argv[1], sys.argv[1:])",
                                launcher().toString(),
                                "watch",
                                answer.toString(),
                                "-C",
                                project.toString(),
                                "--no-clipboard",
                                "--poll",
                                "50")
                        .redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("CSL_CDS", "0"); // no archive to record in a scratch checkout
        Process watch = builder.start();
        BlockingQueue<String> lines = ProcessLines.of(watch);
        try {
            ProcessLines.await(lines, "csl watch: watching");

            // Paste and save.
            Files.writeString(answer, ANSWER);
            ProcessLines.await(lines, "applied: 2 ok, 0 failed, 0 skipped");
            assertThat(project.resolve("src/a.txt")).hasContent("hello");
            assertThat(project.resolve("log.txt")).hasContent("ran");
            String withResult = Files.readString(answer);
            assertThat(withResult)
                    .startsWith(WatchSummary.START)
                    .contains("✔ 1 WRITE log.txt")
                    .endsWith(ANSWER);
            assertThat(Files.readString(tmp.resolve("answer.md.out")))
                    .contains("✔ 2 WRITE src/a.txt (created, 1 line)");

            // Save again with only the prose edited: nothing runs twice.
            Files.writeString(answer, withResult.replace("Here is the change.", "Here it is."));
            ProcessLines.await(lines, "unchanged blocks in answer.md: nothing applied");
            assertThat(project.resolve("log.txt")).hasContent("ran");

            // A broken answer runs nothing and says why at the top.
            Files.writeString(answer, "<---WRITE file=\"b.txt\"--->\nnever\n");
            ProcessLines.await(lines, "syntax error: nothing applied");
            assertThat(project.resolve("b.txt")).doesNotExist();
            assertThat(Files.readString(answer))
                    .contains("✘ Line 7: Unterminated WRITE operation")
                    .endsWith("<---WRITE file=\"b.txt\"--->\nnever\n");

            // An editor that saves by renaming a new file over the old one.
            Path saved = tmp.resolve(".answer.md.swp");
            Files.writeString(saved, ANSWER.replace("hello", "hello again"));
            Files.move(
                    saved,
                    answer,
                    StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.ATOMIC_MOVE);
            ProcessLines.await(lines, "applied: 2 ok, 0 failed, 0 skipped");
            assertThat(project.resolve("src/a.txt")).hasContent("hello again");
            assertThat(project.resolve("log.txt")).hasContent("ran\nran");

            // Deleted, then created again: the new file's answer is applied.
            Files.delete(answer);
            Files.writeString(answer, ANSWER.replace("hello", "third"));
            ProcessLines.await(lines, "applied: 2 ok, 0 failed, 0 skipped");
            assertThat(project.resolve("src/a.txt")).hasContent("third");

            // Ctrl-C: a clean stop.
            new ProcessBuilder("kill", "-INT", Long.toString(watch.pid())).start().waitFor();
            assertThat(watch.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(watch.exitValue()).isZero();
            ProcessLines.await(lines, "csl watch: stopped (Ctrl-C)");
        } finally {
            watch.destroyForcibly();
        }
    }

    /**
     * The real launcher script in a scratch checkout whose jar is only a manifest: Main-Class csl's
     * Main and a Class-Path of this build's classes (the real jar is built after the tests).
     */
    private Path launcher() throws IOException {
        Path checkout = Files.createDirectories(tmp.resolve("checkout"));
        Path script = checkout.resolve("csl");
        Files.copy(Path.of("..", "csl"), script);
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        StringBuilder classPath = new StringBuilder();
        String testPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        for (String entry : testPath.split(File.pathSeparator)) {
            classPath.append(Path.of(entry).toUri()).append(' ');
        }
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath.toString().strip());
        Path jar = Files.createDirectories(checkout.resolve("cli/target")).resolve("csl.jar");
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file, manifest)) {
            out.flush();
        }
        return script;
    }
}
