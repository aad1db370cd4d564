package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.antlr.AnswerParser;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/**
 * Walks {@code testdata/parse}: every {@code NAME.csl} is parsed by {@code csl parse --json} and
 * compared with {@code NAME.json} (the whole document, field order included) or with {@code
 * NAME.errors} (one syntax error message per line). {@code NAME.delimiters} holds custom start and
 * end delimiters on two lines. Every LF case is also checked as CRLF and as CR.
 *
 * <p>Run with {@code -Dcsl.golden.write=true} to create missing {@code .json} files; review them
 * before committing.
 */
class GoldenParseTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    static Stream<String> cases() throws IOException {
        try (Stream<Path> files = Files.list(corpus())) {
            return files
                    .map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".csl"))
                    .map(n -> n.substring(0, n.length() - 4))
                    .sorted()
                    .toList()
                    .stream();
        }
    }

    static Path corpus() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("testdata/parse"))) {
            dir = dir.getParent();
        }
        assertThat(dir).as("testdata/parse above the working directory").isNotNull();
        return dir.resolve("testdata/parse");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void parse_goldenCase_matchesExpectedDocument(String name) throws IOException {
        Path input = corpus().resolve(name + ".csl");
        List<String> args = new ArrayList<>(List.of("parse", "--json", input.toString()));
        Delimiters delimiters = delimiters(name);
        args.add("--start-delimiter=" + delimiters.start());
        args.add("--end-delimiter=" + delimiters.end());

        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = Main.newCommandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args.toArray(String[]::new));
        String actual = out.toString().strip();
        JsonNode document = MAPPER.readTree(actual);

        assertThat(err.toString()).isEmpty();
        Path errors = corpus().resolve(name + ".errors");
        Path expectedJson = corpus().resolve(name + ".json");
        if (Files.exists(errors)) {
            assertThat(exit).isEqualTo(3);
            assertThat(document.get("ok").booleanValue()).isFalse();
            List<String> messages = new ArrayList<>();
            for (JsonNode error : document.get("syntaxErrors")) {
                messages.add(error.get("error").textValue());
                assertThat(error.get("error").textValue())
                        .startsWith("Line " + error.get("line").intValue() + ": ");
                assertThat(error.get("hint").textValue()).isNotBlank();
                assertThat(error.get("code").textValue()).isEqualTo("syntax_error");
                assertThat(error.get("message")).isEqualTo(error.get("error"));
            }
            assertThat(messages).containsExactlyElementsOf(lines(errors));
        } else {
            if (!Files.exists(expectedJson) && Boolean.getBoolean("csl.golden.write")) {
                Files.writeString(
                        expectedJson,
                        MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(document)
                                + "\n");
            }
            assertThat(expectedJson).as("expected %s.json or %s.errors", name, name).exists();
            JsonNode expected = MAPPER.readTree(expectedJson.toFile());
            // Re-serializing both keeps field order, so this also checks the order of the spec.
            assertThat(MAPPER.writeValueAsString(document))
                    .isEqualTo(MAPPER.writeValueAsString(expected));
            assertThat(exit).isEqualTo(expected.get("validationErrors").isEmpty() ? 0 : 1);
        }

        String text = Files.readString(input, StandardCharsets.UTF_8);
        if (text.indexOf('\r') < 0) {
            for (String ending : List.of("\r\n", "\r")) {
                String variant =
                        ParseJson.write(
                                ParseJson.toJson(
                                        AnswerParser.parse(
                                                text.replace("\n", ending), delimiters)));
                assertThat(variant)
                        .as("%s with %s line endings", name, ending.length() == 2 ? "CRLF" : "CR")
                        .isEqualTo(actual);
            }
        }
    }

    private static Delimiters delimiters(String name) throws IOException {
        Path file = corpus().resolve(name + ".delimiters");
        if (!Files.exists(file)) {
            return Delimiters.DEFAULT;
        }
        List<String> lines = lines(file);
        return new Delimiters(lines.get(0), lines.get(1));
    }

    private static List<String> lines(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }
}
