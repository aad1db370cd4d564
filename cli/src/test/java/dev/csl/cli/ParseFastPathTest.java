package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * The picocli-free {@code csl parse FILE [--json]} must behave exactly like {@link ParseCommand}.
 */
class ParseFastPathTest {
    @TempDir Path tmp;

    private record Run(int code, String out, String err) {}

    static Stream<List<String>> handled() {
        return Stream.of(
                List.of("parse", "GOOD"),
                List.of("parse", "GOOD", "--json"),
                List.of("parse", "--json", "GOOD"),
                List.of("parse", "INVALID"),
                List.of("parse", "INVALID", "--json"),
                List.of("parse", "BROKEN"),
                List.of("parse", "BROKEN", "--json"),
                List.of("parse", "MISSING", "--json"),
                List.of("parse", "DIR"));
    }

    @ParameterizedTest
    @MethodSource("handled")
    void fastParse_sameOutputAndExitCodeAsPicocli(List<String> template) throws IOException {
        String[] args = args(template);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Main.fastParse(args, new PrintWriter(out, true), new PrintWriter(err, true));
        Run fast = new Run(code, out.toString(), err.toString());

        StringWriter pOut = new StringWriter();
        StringWriter pErr = new StringWriter();
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(pOut, true));
        cli.setErr(new PrintWriter(pErr, true));
        Run picocli = new Run(cli.execute(args), pOut.toString(), pErr.toString());

        assertThat(fast.code()).as("handled by the fast path").isNotEqualTo(FastApply.NOT_HANDLED);
        assertThat(fast).isEqualTo(picocli);
    }

    @ParameterizedTest
    @MethodSource("leftToPicocli")
    void fastParse_otherArguments_leftToPicocli(List<String> args) {
        StringWriter out = new StringWriter();
        int code =
                Main.fastParse(
                        args.toArray(new String[0]),
                        new PrintWriter(out),
                        new PrintWriter(new StringWriter()));

        assertThat(code).isEqualTo(FastApply.NOT_HANDLED);
        assertThat(out.toString()).isEmpty();
    }

    static Stream<List<String>> leftToPicocli() {
        return Stream.of(
                List.of("parse"),
                List.of("parse", "-"),
                List.of("parse", "--help"),
                List.of("parse", "x.md", "y.md"),
                List.of("parse", "x.md", "--json", "--json"),
                List.of("parse", "x.md", "--start-delimiter", "@"),
                List.of("apply", "x.md"));
    }

    private String[] args(List<String> template) throws IOException {
        Path good =
                Files.writeString(
                        tmp.resolve("good.md"), "<---WRITE file=\"a\"--->\n\u00e9\n<---END--->\n");
        Path invalid = Files.writeString(tmp.resolve("invalid.md"), "<---RUN--->\n<---END--->\n");
        Path broken = Files.writeString(tmp.resolve("broken.md"), "<---write file=\"a\"--->\nx\n");
        return template.stream()
                .map(
                        a ->
                                switch (a) {
                                    case "GOOD" -> good.toString();
                                    case "INVALID" -> invalid.toString();
                                    case "BROKEN" -> broken.toString();
                                    case "MISSING" -> tmp.resolve("missing.md").toString();
                                    case "DIR" -> tmp.toString();
                                    default -> a;
                                })
                .toArray(String[]::new);
    }
}
