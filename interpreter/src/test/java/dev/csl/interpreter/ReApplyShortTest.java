package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A short replacement applied twice: with {@code count="N"} the count is the evidence, the
 * replacement standing exactly N times as whole lines or whole tokens.
 */
class ReApplyShortTest {
    private final Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);

    private static final String SOURCE =
            """
            import toolz

            @toolz.curry
            def a(x, y): return x

            @toolz.curry
            def b(x, y): return y

            @toolz.curry
            def c(x, y): return x + y
            """;

    private static String curry(int count) {
        return "<---SEARCH file=\"f.py\" count=\""
                + count
                + "\"--->\n@toolz.curry\n<---REPLACE--->\n@curry\n<---END--->\n";
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_shortReplacementTwice_secondIsNoOp(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("f.py"), SOURCE);
        ApplyOptions options = ApplyOptions.defaults(work);

        ApplyReport first = interpreter.apply(curry(3), options);
        String after = Files.readString(work.resolve("f.py"));
        ApplyReport second = interpreter.apply(curry(3), options);

        assertThat(first.results().get(0).status()).isEqualTo(Status.OK);
        assertThat(after).doesNotContain("toolz.curry");
        assertThat(second.results().get(0).status()).as(second.toString()).isEqualTo(Status.NO_OP);
        assertThat(Files.readString(work.resolve("f.py"))).isEqualTo(after);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_shortReplacementStandingOnceMore_stillAnError(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(
                work.resolve("f.py"), SOURCE.replace("toolz.curry", "curry") + "@curry\n");

        ApplyReport report = interpreter.apply(curry(3), ApplyOptions.defaults(work));

        assertThat(report.results().get(0).status()).isEqualTo(Status.ERROR);
        assertThat(report.results().get(0).error().code())
                .isEqualTo(ErrorCode.MATCH_COUNT_MISMATCH);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_shortReplacementOnlyInsideLongerWords_notNoOp(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("f.py"), "x = @curryish\ny = @curryish\nz = @curryish\n");

        ApplyReport report = interpreter.apply(curry(3), ApplyOptions.defaults(work));

        assertThat(report.results().get(0).status()).isEqualTo(Status.ERROR);
    }

    @ParameterizedTest
    @EnumSource(Fixtures.Fs.class)
    void apply_shortReplacementWithoutCount_notNoOp(Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path work = Fixtures.workingDir(fs, tmp);
        Files.writeString(work.resolve("f.py"), "@curry\ndef a(): pass\n");

        ApplyReport report =
                interpreter.apply(
                        "<---SEARCH file=\"f.py\"--->\n@toolz.curry\n<---REPLACE--->\n@curry\n"
                                + "<---END--->\n",
                        ApplyOptions.defaults(work));

        assertThat(report.results().get(0).status()).isEqualTo(Status.ERROR);
    }
}
