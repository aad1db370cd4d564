package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * SEARCH's line rules and re-applying (docs/language.md, "How SEARCH matches") on every file
 * system: whole answers applied twice, re-indenting several matches, trailing whitespace in files
 * larger than one segment.
 */
class SearchLinesTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);

    private static final String SOURCE =
            """
            import toolz.sandbox.parallel
            class Cart:
                def add(self, item):
                    check = lambda: (
                        validate(item)
                      )
                    self.items.append(item)
                \t
                def clear(self):
                    self.items = []

            a = toolz.sandbox.parallel.fold(1)
            b = toolz.sandbox.parallel.fold(2)
            c = toolz.sandbox.parallel.fold(3)
            """;

    private static final String ANSWER =
            """
            <---SEARCH file="cart.py" count="all"--->
            import toolz.sandbox.parallel
            <---REPLACE--->
            import toolz.parallel
            <---END--->
            <---SEARCH file="cart.py" count="3"--->
            toolz.sandbox.parallel.fold
            <---REPLACE--->
            toolz.parallel.fold
            <---END--->
            <---SEARCH file="cart.py"--->
                def add(self, item):
            <---TO--->
                    self.items.append(item)
            <---REPLACE--->
                def add(self, item):
                    validate(item)
                    self.items.append(item)
                    self.count += 1
            <---END--->
            <---SEARCH file="cart.py"--->
                    self.count += 1

                def clear(self):
            <---REPLACE--->
                    self.count += 1

                def clear(self):
                    self.count = 0
            <---END--->
            """;

    private ApplyReport apply(Path work, String answer, ApplyOptions options) {
        return interpreter.apply(answer, options);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_wholeAnswerTwice_secondTimeEveryEditIsNoOp(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("cart.py"), SOURCE);
        ApplyOptions options = ApplyOptions.defaults(work);

        ApplyReport first = apply(work, ANSWER, options);
        String afterFirst = Files.readString(work.resolve("cart.py"));
        ApplyReport second = apply(work, ANSWER, options);

        assertThat(first.ok()).as(first.toString()).isTrue();
        assertThat(first.results()).extracting(OperationResult::status).containsOnly(Status.OK);
        // The blank-looking line holding a tab matched the pattern's empty line, with a warning.
        assertThat(first.results().get(3).warnings())
                .extracting(Warning::code)
                .containsExactly(Warning.Code.WHITESPACE_ADJUSTED);
        assertThat(afterFirst)
                .contains("import toolz.parallel\n")
                .doesNotContain("sandbox")
                .contains(
                        "    def add(self, item):\n        validate(item)\n"
                                + "        self.items.append(item)\n        self.count += 1\n\n"
                                + "    def clear(self):\n        self.count = 0\n");
        assertThat(second.ok()).as(second.toString()).isTrue();
        assertThat(second.results()).extracting(OperationResult::status).containsOnly(Status.NO_OP);
        assertThat(Files.readString(work.resolve("cart.py"))).isEqualTo(afterFirst);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_patternStillPresentBesideReplacement_replacedNotNoOp(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("m.py"), "new_name(1)\nold_name(2)\n");

        ApplyReport report =
                apply(
                        work,
                        "<---SEARCH file=\"m.py\"--->\nold_name(\n<---REPLACE--->\nnew_name(\n"
                                + "<---END--->\n",
                        ApplyOptions.defaults(work));

        assertThat(report.results().get(0).status()).isEqualTo(Status.OK);
        assertThat(Files.readString(work.resolve("m.py"))).isEqualTo("new_name(1)\nnew_name(2)\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_countReappliedButReplacementStandsOnceMore_errorNotNoOp(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        String text = "toolz.parallel.fold(1)\ntoolz.parallel.fold(2)\ntoolz.parallel.fold(3)\n";
        Files.writeString(work.resolve("m.py"), text);

        ApplyReport report =
                apply(
                        work,
                        "<---SEARCH file=\"m.py\" count=\"2\"--->\ntoolz.sandbox.parallel.fold\n"
                                + "<---REPLACE--->\ntoolz.parallel.fold\n<---END--->\n",
                        ApplyOptions.defaults(work));

        assertThat(report.results().get(0).error().code())
                .isEqualTo(ErrorCode.MATCH_COUNT_MISMATCH);
        assertThat(Files.readString(work.resolve("m.py"))).isEqualTo(text);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_fuzzyPartialLineMatchesAtTwoDepths_eachReindentedByItsOwn(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("f.py"), "def f():\n    go()\n    if x:\n        go()\n");
        String answer =
                "<---SEARCH file=\"f.py\" count=\"2\"--->\ngo()\n<---REPLACE--->\nlog()\ngo()\n"
                        + "<---END--->\n";

        ApplyReport refused = apply(work, answer, ApplyOptions.defaults(work));
        ApplyReport fuzzy =
                apply(work, answer, ApplyOptions.defaults(work).withTolerance(false, true));

        assertThat(refused.results().get(0).error().code()).isEqualTo(ErrorCode.PARTIAL_LINE_MATCH);
        assertThat(refused.results().get(0).error().details())
                .containsEntry("startLine", 2)
                .containsEntry("indentation", "····");
        assertThat(fuzzy.results().get(0).status()).isEqualTo(Status.OK);
        assertThat(Files.readString(work.resolve("f.py")))
                .isEqualTo(
                        "def f():\n    log()\n    go()\n    if x:\n        log()\n        go()\n");
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_trailingSpacesInLargeCrlfFile_matchedAcrossSegmentsWithWarning(
            Fixtures.Fs fs, @TempDir Path tmp) throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 4000; i++) {
            sb.append("line ").append(i).append(i % 7 == 0 ? "  \r\n" : "\r\n");
        }
        Files.write(work.resolve("big.txt"), sb.toString().getBytes(StandardCharsets.UTF_8));
        StringBuilder pattern = new StringBuilder();
        for (int i = 2990; i < 3010; i++) {
            pattern.append("line ").append(i).append('\n');
        }

        ApplyReport report =
                apply(
                        work,
                        "<---SEARCH file=\"big.txt\"--->\n"
                                + pattern
                                + "<---REPLACE--->\nreplaced\n<---END--->\n",
                        ApplyOptions.defaults(work));

        assertThat(report.ok()).as(report.toString()).isTrue();
        assertThat(report.results().get(0).warnings())
                .extracting(Warning::code)
                .isEqualTo(List.of(Warning.Code.WHITESPACE_ADJUSTED));
        String after = Files.readString(work.resolve("big.txt"));
        assertThat(after).contains("line 2988\r\nline 2989  \r\nreplaced\r\nline 3010  \r\n");
        assertThat(after.replace("\r\n", "")).doesNotContain("\n");
    }
}
