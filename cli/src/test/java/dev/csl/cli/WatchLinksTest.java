package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/**
 * On the real disk: a project that ships watch's result file, or the answer file itself, as a
 * symlink or a hard link to a file elsewhere never gets that file written through. The answer sits
 * inside the project (where a cloned repository would put it) or beside it.
 */
class WatchLinksTest {
    @TempDir Path tmp;
    private final StringWriter out = new StringWriter();

    private static final String ANSWER = "<---WRITE file=\"log.txt\"--->\nran\n<---END--->\n";
    private static final String BASHRC = "export PATH=/usr/bin\n";

    private Path project;
    private Path bashrc;

    private void layout() throws IOException {
        project = Files.createDirectories(tmp.resolve("project"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        bashrc = Files.writeString(outside.resolve("bashrc"), BASHRC);
    }

    /** The answer file, in the project ("inside") or beside it ("beside"). */
    private Path answer(String where) throws IOException {
        Path dir = where.equals("inside") ? project : Files.createDirectories(tmp.resolve("here"));
        return Files.writeString(dir.resolve("answer.md"), ANSWER);
    }

    private void watchOnce(Path file) {
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(out, true));
        cli.execute("watch", file.toString(), "-C", project.toString(), "--once", "--no-clipboard");
    }

    @ParameterizedTest
    @ValueSource(strings = {"inside", "beside"})
    void watch_resultFileSymlinkedOutside_linkReplacedAndItsTargetUnchanged(String where)
            throws IOException {
        layout();
        Path answer = answer(where);
        Path result = answer.resolveSibling("answer.md.out");
        Files.createSymbolicLink(result, answer.getParent().relativize(bashrc));

        watchOnce(answer);

        assertThat(bashrc).hasContent(BASHRC.strip());
        assertThat(Files.isSymbolicLink(result)).isFalse();
        assertThat(Files.readString(result)).contains("✔ 1 WRITE log.txt");
        assertThat(project.resolve("log.txt")).hasContent("ran");
    }

    @ParameterizedTest
    @ValueSource(strings = {"inside", "beside"})
    void watch_resultFileHardLinkedOutside_replacedAndTheOtherNameUnchanged(String where)
            throws IOException {
        layout();
        Path answer = answer(where);
        Path result = answer.resolveSibling("answer.md.out");
        Files.createLink(result, bashrc);

        watchOnce(answer);

        assertThat(bashrc).hasContent(BASHRC.strip());
        assertThat(Files.readString(result)).contains("✔ 1 WRITE log.txt");
        assertThat(Files.isSameFile(result, bashrc)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"inside", "beside"})
    void watch_resultFileSymlinkedToAProjectFile_thatFileUnchanged(String where)
            throws IOException {
        layout();
        Path answer = answer(where);
        Path source = Files.writeString(project.resolve("main.js"), "run();\n");
        Path result = answer.resolveSibling("answer.md.out");
        Files.createSymbolicLink(result, answer.getParent().relativize(source));

        watchOnce(answer);

        assertThat(source).hasContent("run();");
        assertThat(Files.isSymbolicLink(result)).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"inside", "beside"})
    void watch_answerFileSymlinkedOutside_appliedButTheResultNotPutIntoItsTarget(String where)
            throws IOException {
        layout();
        Path answer = answer(where);
        Files.writeString(bashrc, ANSWER);
        Files.delete(answer);
        Files.createSymbolicLink(answer, answer.getParent().relativize(bashrc));

        watchOnce(answer);

        assertThat(bashrc).hasContent(ANSWER.strip());
        assertThat(Files.isSymbolicLink(answer)).isTrue();
        assertThat(out.toString())
                .contains(
                        "answer.md is a symbolic link: the result is not put at its top (csl never"
                                + " writes through a link)");
        assertThat(project.resolve("log.txt")).hasContent("ran");
        assertThat(Files.readString(answer.resolveSibling("answer.md.out")))
                .contains("✔ 1 WRITE log.txt");
    }

    @ParameterizedTest
    @ValueSource(strings = {"inside", "beside"})
    void watch_answerFileHardLinkedOutside_theOtherNameUnchanged(String where) throws IOException {
        layout();
        Path answer = answer(where);
        Files.delete(answer);
        Files.writeString(bashrc, ANSWER);
        Files.createLink(answer, bashrc);

        watchOnce(answer);

        assertThat(bashrc).hasContent(ANSWER.strip());
        assertThat(Files.isRegularFile(answer, LinkOption.NOFOLLOW_LINKS)).isTrue();
        assertThat(out.toString())
                .contains("answer.md has 2 hard links: the result is not put at its top");
    }
}
