package dev.csl.grammar;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.antlr.AnswerParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Mutates valid answers (delete, duplicate, truncate, swap marker lines, random bytes) and checks
 * that the parser never throws and always returns either operations or at least one syntax error
 * whose line exists, in line order, with a spec message and a hint. Seeded: failures reproduce.
 */
class GenerativeParseTest {
    private static final int INPUTS = 12_000;
    private static final Pattern SPEC_MESSAGE =
            Pattern.compile(
                    "Line [1-9][0-9]*: (Malformed marker|Unknown operation: \\S+"
                            + "|Content not allowed on marker line"
                            + "|END marker cannot have attributes|TASKS cannot be nested"
                            + "|Unterminated (WRITE|RUN|SEARCH|TASKS) operation"
                            + "|Duplicate attribute: .+|Unterminated quoted value"
                            + "|Unquoted attribute value|Invalid attribute syntax"
                            + "|SEARCH operation has no REPLACE section"
                            + "|Unexpected (END|TO|REPLACE) marker)");
    private static final String[] NOISE = {
        "<---", "--->", "\"", "'", "\\", "=", " ", "\t", "\n", "\r", "\r\n", "END", "WRITE",
        "TASKS", "TO", "REPLACE", "SEARCH", "RUN", "@[[[[", "]]]]@", "\uD83C", "\uDF89", "é",
        "\uFEFF", "x", "file=", "<", ">", "-", "\u0000"
    };

    @Test
    void parse_mutatedAnswers_neverThrowAndAlwaysReportUsably() throws IOException {
        List<String> seeds = seeds();
        Random random = new Random(20261121L);
        int withErrors = 0;
        for (int i = 0; i < INPUTS; i++) {
            String seed = seeds.get(random.nextInt(seeds.size()));
            boolean custom = random.nextInt(5) == 0;
            Delimiters delimiters = custom ? new Delimiters("@[[[[", "]]]]@") : Delimiters.DEFAULT;
            if (custom) {
                seed = seed.replace("<---", "@[[[[").replace("--->", "]]]]@");
            }
            String input = seed;
            int mutations = 1 + random.nextInt(3);
            for (int m = 0; m < mutations; m++) {
                input = mutate(input, random);
            }
            withErrors += check(input, delimiters) ? 0 : 1;
        }
        // The mutations must exercise both outcomes, or this test proves little.
        assertThat(withErrors).isBetween(INPUTS / 10, INPUTS - INPUTS / 10);
    }

    @Test
    void parse_deeplyNestedTasks_noStackOverflow() {
        String input = "<---TASKS--->\n".repeat(200_000) + "<---END--->\n".repeat(200_000);
        ParseResult result = AnswerParser.parse(input);
        // Nesting is only followed one level deep: the inner TASKS lines are reported, and the
        // END lines that no longer have a block to close are reported as unexpected.
        assertThat(result.syntaxErrors()).hasSize(199_999 + 199_998);
        assertThat(result.syntaxErrors().get(0).error())
                .isEqualTo("Line 2: TASKS cannot be nested");
    }

    @Test
    void parse_hugeMarkerLine_linearAndReported() {
        String input = "<---WRITE a=\"b\"" + " x".repeat(500_000) + "\ncontent\n<---END--->\n";
        ParseResult result = AnswerParser.parse(input);
        assertThat(result.syntaxErrors())
                .extracting(SyntaxError::error)
                .containsExactly("Line 1: Malformed marker");
    }

    @Test
    void parse_manyThreadsAtOnce_sameResultsAsAlone() throws Exception {
        List<String> seeds = seeds();
        List<ParseResult> alone = seeds.stream().map(AnswerParser::parse).toList();
        java.util.concurrent.ExecutorService pool =
                java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<List<ParseResult>>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                futures.add(pool.submit(() -> seeds.stream().map(AnswerParser::parse).toList()));
            }
            for (java.util.concurrent.Future<List<ParseResult>> future : futures) {
                assertThat(future.get()).isEqualTo(alone);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Returns true when the input parsed without syntax errors. */
    private static boolean check(String input, Delimiters delimiters) {
        ParseResult result = AnswerParser.parse(input, delimiters);
        int lines = lineCount(input);
        if (result.ok()) {
            assertThat(Validator.validate(result.operations())).isNotNull();
            for (Operation operation : result.operations()) {
                assertThat(operation.line()).as(input).isBetween(1, lines);
            }
            return true;
        }
        assertThat(result.operations()).isEmpty();
        int previous = 0;
        for (SyntaxError error : result.syntaxErrors()) {
            assertThat(error.line()).as(input).isBetween(1, lines).isGreaterThanOrEqualTo(previous);
            assertThat(error.error()).as(input).matches(SPEC_MESSAGE);
            assertThat(error.error()).startsWith("Line " + error.line() + ": ");
            assertThat(error.hint()).isNotBlank().doesNotStartWith("the parser could not read");
            previous = error.line();
        }
        return false;
    }

    private static int lineCount(String input) {
        String text = input.replace("\r\n", "\n").replace('\r', '\n');
        int count = 1;
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n') {
                count++;
            }
        }
        return count;
    }

    private static String mutate(String input, Random random) {
        List<String> lines = new ArrayList<>(Arrays.asList(input.split("\n", -1)));
        int n = lines.size();
        int a = random.nextInt(n);
        int b = random.nextInt(n);
        switch (random.nextInt(8)) {
            case 0:
                lines.remove(a);
                break;
            case 1:
                lines.add(a, lines.get(b));
                break;
            case 2:
                return input.substring(0, random.nextInt(input.length() + 1));
            case 3:
                String line = lines.get(a);
                lines.set(a, lines.get(b));
                lines.set(b, line);
                break;
            case 4:
                StringBuilder noisy = new StringBuilder(input);
                int count = 1 + random.nextInt(4);
                for (int i = 0; i < count; i++) {
                    noisy.insert(
                            random.nextInt(noisy.length() + 1),
                            NOISE[random.nextInt(NOISE.length)]);
                }
                return noisy.toString();
            case 5:
                if (input.isEmpty()) {
                    return input;
                }
                StringBuilder deleted = new StringBuilder(input);
                int at = random.nextInt(deleted.length());
                deleted.delete(at, Math.min(deleted.length(), at + 1 + random.nextInt(6)));
                return deleted.toString();
            case 6:
                byte[] bytes = new byte[1 + random.nextInt(12)];
                random.nextBytes(bytes);
                String garbage = new String(bytes, StandardCharsets.ISO_8859_1);
                lines.add(a, garbage);
                break;
            default:
                String marker = lines.get(b);
                lines.add(a, marker.toLowerCase(java.util.Locale.ROOT));
                break;
        }
        return String.join("\n", lines);
    }

    private static List<String> seeds() throws IOException {
        List<String> seeds = new ArrayList<>();
        seeds.add(
                "Intro\n<---WRITE file=\"a\"--->\nx\n<---END--->\n<---SEARCH file=\"b\""
                        + " count=\"2\"--->\np\n<---TO--->\nq\n<---REPLACE--->\nr\n<---END--->\n"
                        + "<---TASKS version=\"1\"--->\n<---RUN timeout=\"5\"--->\nls\n<---END--->\n"
                        + "<---WRITE file='c' append='true'--->\n\n<---END--->\n<---END--->\n");
        Path corpus = Path.of("").toAbsolutePath();
        while (corpus != null && !Files.isDirectory(corpus.resolve("testdata/parse"))) {
            corpus = corpus.getParent();
        }
        if (corpus != null) {
            try (Stream<Path> files = Files.list(corpus.resolve("testdata/parse"))) {
                for (Path file :
                        files.filter(f -> f.toString().endsWith(".csl")).sorted().toList()) {
                    if (!Files.exists(Path.of(file.toString().replace(".csl", ".delimiters")))) {
                        seeds.add(Files.readString(file, StandardCharsets.UTF_8));
                    }
                }
            }
        }
        return seeds;
    }
}
