package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.grammar.Delimiters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

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

    /**
     * Lines where the start and end delimiters overlap ({@code <--->}: starts with {@code <---},
     * ends with {@code --->}) are content, in every part of every operation, for default, custom
     * and one-character delimiters; a line of every length up to both delimiters is tried.
     */
    @ParameterizedTest
    @CsvSource({"<---,--->", "@[[[[,]]]]@", "@,@", "<,>", "##,##", "<-,->", "::,:"})
    void apply_lineWhereDelimitersOverlap_isContentNotAnInternalError(String start, String end)
            throws IOException {
        Delimiters d = new Delimiters(start, end);
        for (String line : overlaps(start, end)) {
            Files.writeString(work.resolve("s.txt"), "one\n" + line + "\n");
            String answer =
                    String.join(
                            "\n",
                            start + "WRITE file=\"w.txt\"" + end,
                            line,
                            start + "END" + end,
                            start + "SEARCH file=\"s.txt\"" + end,
                            line,
                            start + "TO" + end,
                            line,
                            start + "REPLACE" + end,
                            line,
                            start + "END" + end,
                            "");
            ApplyReport report =
                    new Interpreter(new FakeRunners(), GuardedFiles::open)
                            .apply(answer, ApplyOptions.defaults(work).withDelimiters(d));

            assertThat(report.error()).as(line + " with " + d).isNull();
            assertThat(report.results()).as(line).hasSize(2);
            for (OperationResult r : report.results()) {
                assertThat(r.error() == null ? null : r.error().code())
                        .as(line + " with " + d + ": " + r)
                        .isNotEqualTo(ErrorCode.IO_ERROR)
                        .isNotEqualTo(ErrorCode.MARKER_IN_CONTENT);
            }
        }
    }

    @Test
    void apply_runLineOfOverlappingDelimiters_checkedAsACommandNotAnInternalError() {
        for (String line : new String[] {"<--->", "<---->", "<----->"}) {
            ApplyReport report = apply("<---RUN--->\n" + line + "\n<---END--->\n");

            assertThat(report.error()).as(line).isNull();
            assertThat(report.results().get(0).error().code())
                    .isNotEqualTo(ErrorCode.MARKER_IN_CONTENT);
        }
    }

    @Test
    void apply_overlappingDelimitersBesideARealMarker_stillRefusesTheMarker() {
        ApplyReport report =
                apply("<---WRITE file=\"a.txt\"--->\n<--->\n  <---END--->\n<---END--->\n");

        assertThat(report.results().get(0).error().code()).isEqualTo(ErrorCode.MARKER_IN_CONTENT);
        assertThat(report.results().get(0).error().message()).contains("Line 3");
    }

    /**
     * Lines that start with START and end with END although they are shorter than both (the two
     * share characters), and the lines around them: just START, just END, both.
     */
    private static java.util.Set<String> overlaps(String start, String end) {
        java.util.Set<String> out = new java.util.LinkedHashSet<>();
        for (int shared = 1; shared <= Math.min(start.length(), end.length()); shared++) {
            if (start.endsWith(end.substring(0, shared))) {
                out.add(start + end.substring(shared));
            }
        }
        out.add(start);
        out.add(end);
        out.add(start + end);
        out.add(start + " " + end);
        out.add(start.substring(0, start.length() - 1) + end);
        return out;
    }
}
