package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.interpreter.UndoReport;
import dev.csl.interpreter.Undoer;
import dev.csl.runner.base.SandboxMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The streaming {@code --json} writer gives exactly the bytes Jackson databind gives, for the
 * report of every golden apply case (real runners: RUN blocks really run) and its undo.
 */
class ReportJsonTest {
    private static final Path CASES = Path.of("..", "testdata", "apply");
    private static final ObjectMapper DATABIND = new ObjectMapper();

    @TempDir Path tmp;

    static Stream<String> cases() throws IOException {
        try (Stream<Path> dirs = Files.list(CASES)) {
            return dirs
                    .filter(d -> Files.exists(d.resolve("answer.md")))
                    .map(d -> d.getFileName().toString())
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void write_everyGoldenApplyAndItsUndo_sameBytesAsDatabind(String name) throws IOException {
        Path dir = CASES.resolve(name);
        Path work = Files.createDirectories(tmp.resolve("work"));
        if (Files.isDirectory(dir.resolve("before"))) {
            copy(dir.resolve("before"), work);
        }
        boolean dryRun = false;
        List<String> allow = new ArrayList<>();
        if (Files.exists(dir.resolve("options.json"))) {
            JsonNode options = DATABIND.readTree(dir.resolve("options.json").toFile());
            dryRun = options.path("dryRun").asBoolean(false);
            options.path("allow").forEach(a -> allow.add(a.asText()));
        }
        boolean strict = false;
        boolean fuzzy = false;
        if (Files.exists(dir.resolve("options.json"))) {
            JsonNode options = DATABIND.readTree(dir.resolve("options.json").toFile());
            strict = options.path("strict").asBoolean(false);
            fuzzy = options.path("fuzzy").asText("off").equals("whitespace");
        }
        ApplyOptions options =
                ApplyOptions.defaults(work)
                        .withDryRun(dryRun)
                        .withApprovals(allow, false)
                        .withSandbox(SandboxMode.OFF)
                        .withTolerance(strict, fuzzy);

        ApplyReport report =
                new Interpreter(StandardRunners.factory())
                        .apply(
                                dev.csl.grammar.AnswerText.decode(
                                        Files.readAllBytes(dir.resolve("answer.md"))),
                                options);
        UndoReport undo = new Undoer().undo(work, true);

        assertThat(ReportJson.write(report)).isEqualTo(DATABIND.writeValueAsString(report));
        assertThat(ReportJson.write(undo)).isEqualTo(DATABIND.writeValueAsString(undo));
    }

    @org.junit.jupiter.api.Test
    void write_reportsWithRecoveryAndPlanHash_sameBytesAsDatabind() throws IOException {
        dev.csl.interpreter.Recovery recovered =
                new dev.csl.interpreter.Recovery(
                        "000007", List.of("a.txt", "sub/b.txt"), List.of("c.txt: changed since"));
        ApplyReport apply =
                new ApplyReport(true, "/p", true, List.of(), List.of(), "abc", null, recovered);
        UndoReport undo =
                new UndoReport(false, "/p", null, List.of(), List.of("x"), null, recovered);

        assertThat(ReportJson.write(apply)).isEqualTo(DATABIND.writeValueAsString(apply));
        assertThat(ReportJson.write(undo)).isEqualTo(DATABIND.writeValueAsString(undo));
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }
}
