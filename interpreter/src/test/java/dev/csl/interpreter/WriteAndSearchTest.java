package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** WRITE and SEARCH behaviour the golden corpus cannot hold: symlinks, modes, big files. */
class WriteAndSearchTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);

    private ApplyReport apply(Path work, String answer) {
        return interpreter.apply(answer, ApplyOptions.defaults(work));
    }

    @ParameterizedTest
    @EnumSource(
            value = Fixtures.Fs.class,
            names = {"UNIX", "MACOS", "DISK"})
    void write_symlinkStayingInside_writesTargetAndLinkStaysLink(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.createDirectories(work.resolve("real"));
        Files.writeString(work.resolve("real/config.txt"), "old\n");
        Files.createSymbolicLink(
                work.resolve("link.txt"), work.getFileSystem().getPath("real/config.txt"));

        ApplyReport report =
                apply(
                        work,
                        "<---WRITE file=\"link.txt\"--->\nnew\n<---END--->\n"
                                + "<---SEARCH file=\"link.txt\"--->\nnew\n<---REPLACE--->\nnewer\n<---END--->\n");

        assertThat(report.ok()).as(report.toString()).isTrue();
        assertThat(Files.isSymbolicLink(work.resolve("link.txt"))).isTrue();
        assertThat(Files.readString(work.resolve("real/config.txt"))).isEqualTo("newer\n");
    }

    @ParameterizedTest
    @EnumSource(
            value = Fixtures.Fs.class,
            names = {"UNIX", "MACOS", "DISK"})
    void write_symlinkLeadingOut_refusedAndOutsideUntouched(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Path outside = work.resolveSibling("outside.txt");
        Files.writeString(outside, "secret\n");
        Files.createSymbolicLink(work.resolve("out.txt"), outside);

        ApplyReport report = apply(work, "<---WRITE file=\"out.txt\"--->\npwned\n<---END--->\n");

        assertThat(report.results().get(0).error().code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(Files.readString(outside)).isEqualTo("secret\n");
    }

    @ParameterizedTest
    @EnumSource(
            value = Fixtures.Fs.class,
            names = {"UNIX", "DISK"})
    void write_replacingExecutable_keepsMode(Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Path script = work.resolve("run.sh");
        Files.writeString(script, "#!/bin/sh\necho old\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-x---"));

        apply(
                work,
                "<---WRITE file=\"run.sh\"--->\n#!/bin/sh\necho new\n<---END--->\n"
                        + "<---SEARCH file=\"run.sh\"--->\necho new\n<---REPLACE--->\necho newer\n<---END--->\n");

        assertThat(Files.readString(script)).isEqualTo("#!/bin/sh\necho newer\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(script)))
                .isEqualTo("rwxr-x---");
    }

    @Test
    void write_twiceToSameFile_writtenOnceWithLastContent(@TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
        ApplyReport report =
                apply(
                        work,
                        "<---WRITE file=\"a.txt\"--->\n1\n<---END--->\n"
                                + "<---WRITE file=\"a.txt\" append=\"true\"--->\n2\n<---END--->\n");
        assertThat(report.ok()).isTrue();
        assertThat(Files.readString(work.resolve("a.txt"))).isEqualTo("1\n2\n");
        assertThat(work.resolve(".csl/history/000001/journal.jsonl")).content().hasLineCount(1);
    }

    @Test
    void search_manyEditsOfLargeFile_sameAsSequentialStringReplace(@TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; sb.length() < 3_000_000; i++) {
            sb.append("    function f")
                    .append(i)
                    .append("(x) {\n        return x + ")
                    .append(i)
                    .append(";\n    }\n");
        }
        String text = sb.toString();
        Files.writeString(work.resolve("big.js"), text);
        StringBuilder answer = new StringBuilder();
        for (int k = 0; k < 60; k++) {
            int i = k * 887;
            String pattern = "function f" + i + "(x) {\n        return x + " + i + ";";
            String replacement = "function g" + i + "(y) {\n        return y;";
            answer.append("<---SEARCH file=\"big.js\"--->\n")
                    .append(pattern)
                    .append("\n<---REPLACE--->\n")
                    .append(replacement)
                    .append("\n<---END--->\n");
            text = text.replace(pattern, replacement);
        }
        ApplyReport report = apply(work, answer.toString());
        assertThat(report.ok())
                .as(
                        String.valueOf(
                                report.results().stream().filter(r -> !r.succeeded()).findFirst()))
                .isTrue();
        assertThat(Files.readString(work.resolve("big.js"))).isEqualTo(text);
    }

    @Test
    void search_crlfFileMultilinePattern_keepsCrlfEverywhere(@TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
        Files.writeString(work.resolve("w.txt"), "a\r\nb\r\nc\r\n");
        apply(work, "<---SEARCH file=\"w.txt\"--->\na\nb\n<---REPLACE--->\nx\ny\nz\n<---END--->\n");
        assertThat(Files.readString(work.resolve("w.txt"))).isEqualTo("x\r\ny\r\nz\r\nc\r\n");
    }

    @Test
    void search_notFound_messageSaysFileNotChangedAndShowsVisibleWhitespace(@TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(Fixtures.Fs.DISK, tmp);
        Files.writeString(work.resolve("a.py"), "def f():\n\treturn 1\n");
        ApplyReport report =
                apply(
                        work,
                        "<---SEARCH file=\"a.py\"--->\ndef f():\n    return 1\n<---REPLACE--->\ndef f():\n    return 2\n<---END--->\n");
        ErrorInfo error = report.results().get(0).error();
        assertThat(error.code()).isEqualTo(ErrorCode.MATCH_COUNT_MISMATCH);
        assertThat(error.message())
                .contains(
                        "not changed", "lines 1-2", "tabs vs spaces", "→return·1", "····return·1");
        assertThat(error.details()).containsEntry("expected", 1L).containsEntry("found", 0);
        assertThat(Files.readString(work.resolve("a.py"))).isEqualTo("def f():\n\treturn 1\n");
    }
}
