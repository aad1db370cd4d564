package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A marker inside content is refused instead of being written into the file. */
class MarkerInContentTest {
    @TempDir Path work;

    private ApplyReport apply(String answer) {
        return new Interpreter(new FakeRunners(), GuardedFiles::open)
                .apply(answer, ApplyOptions.defaults(work));
    }

    @Test
    void apply_missingEndBetweenTwoWrites_firstRefusedNothingWritten() {
        ApplyReport report =
                apply(
                        "<---WRITE file=\"a.txt\"--->\nalpha\n"
                                + "<---WRITE file=\"b.txt\"--->\nbeta\n<---END--->\n");

        assertThat(report.ok()).isFalse();
        OperationResult r = report.results().get(0);
        assertThat(r.status()).isEqualTo(Status.SKIPPED);
        assertThat(r.error().code()).isEqualTo(ErrorCode.MARKER_IN_CONTENT);
        assertThat(r.error().message()).contains("Line 3 of the WRITE of 'a.txt'");
        assertThat(r.error().hint()).contains("<---END---> missing before line 3");
        assertThat(work.resolve("a.txt")).doesNotExist();
        assertThat(work.resolve("b.txt")).doesNotExist();
    }

    @Test
    void apply_indentedEndInSearchReplacement_refusedFileUnchanged() throws IOException {
        Files.writeString(work.resolve("x.txt"), "one\n");
        ApplyReport report =
                apply(
                        "<---SEARCH file=\"x.txt\"--->\none\n<---REPLACE--->\ntwo\n  <---END--->\n"
                                + "<---END--->\n");

        assertThat(report.results().get(0).error().code()).isEqualTo(ErrorCode.MARKER_IN_CONTENT);
        assertThat(report.results().get(0).error().hint()).contains("column 0");
        assertThat(work.resolve("x.txt")).hasContent("one");
    }

    @Test
    void apply_markerInsideTasks_wholeBlockSkipped() {
        ApplyReport report =
                apply(
                        "<---TASKS--->\n<---WRITE file=\"a.txt\"--->\na\n<---END--->\n"
                                + "<---WRITE file=\"b.txt\"--->\n b\n <---END--->\n<---END--->\n"
                                + "<---END--->\n");

        assertThat(report.results().get(0).status()).isEqualTo(Status.SKIPPED);
        assertThat(report.results().get(0).results().get(1).error().code())
                .isEqualTo(ErrorCode.MARKER_IN_CONTENT);
        assertThat(work.resolve("a.txt")).doesNotExist();
    }

    @Test
    void apply_otherDelimitersAndMarkerLikeTextInContent_nearMissWrittenAsIs() throws IOException {
        ApplyReport report =
                new Interpreter(new FakeRunners(), GuardedFiles::open)
                        .apply(
                                "@[[[[WRITE file=\"doc.md\"]]]]@\nUse <---END---> to close a"
                                        + " block:\n<---END--->\n@[[[[END]]]]@\n",
                                ApplyOptions.defaults(work)
                                        .withDelimiters(
                                                new dev.csl.grammar.Delimiters("@[[[[", "]]]]@")));

        assertThat(report.ok()).as(report.toString()).isTrue();
        assertThat(work.resolve("doc.md"))
                .hasContent("Use <---END---> to close a block:\n<---END--->");
    }
}
