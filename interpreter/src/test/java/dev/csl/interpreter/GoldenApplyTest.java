package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.grammar.AnswerText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Walks {@code testdata/apply/NAME/}: applies {@code answer.md} to a copy of {@code before/} and
 * checks the tree against {@code after/} and the JSON report against {@code expected.json} (working
 * directory written as $WORKDIR, durations as 0), on Jimfs (Unix, Windows, macOS-like) and on the
 * real disk. {@code options.json} may set dryRun, expectPlan, allow, strict, fuzzy. Run with
 * -Dcsl.golden.update=true to write missing expected.json files for review.
 */
class GoldenApplyTest {
    static final Path CORPUS = Path.of("..", "testdata", "apply");
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    static Stream<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        try (Stream<Path> list = Files.list(CORPUS)) {
            for (Path dir : (Iterable<Path>) list.sorted()::iterator) {
                if (Files.exists(dir.resolve("answer.md"))) {
                    for (Fixtures.Fs fs : Fixtures.Fs.values()) {
                        out.add(Arguments.of(dir.getFileName().toString(), fs));
                    }
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0} on {1}")
    @MethodSource("cases")
    void apply_goldenCase_treeAndReportAsExpected(String name, Fixtures.Fs fs, @TempDir Path tmp)
            throws IOException {
        Path caseDir = CORPUS.resolve(name);
        Path work = Fixtures.workingDir(fs, tmp);
        Fixtures.copyTree(caseDir.resolve("before"), work);
        AnswerText answer = AnswerText.decode(Files.readAllBytes(caseDir.resolve("answer.md")));
        ApplyOptions options = options(caseDir, work, answer.text());

        ApplyReport report =
                new Interpreter(new FakeRunners(), GuardedFiles::open).apply(answer, options);

        JsonNode actual = normalize(JSON.valueToTree(report), work.toString());
        // The history id of the apply (000001 in a fresh tree) is UndoContextTest's business: the
        // corpus pins what the operations did.
        ((ObjectNode) actual).remove("applyId");
        Path expectedFile = caseDir.resolve("expected.json");
        if (!Files.exists(expectedFile)
                && Boolean.getBoolean("csl.golden.update")
                && fs == Fixtures.Fs.UNIX) {
            Files.writeString(expectedFile, JSON.writeValueAsString(actual) + "\n");
        }
        assertThat(JSON.writeValueAsString(actual))
                .isEqualTo(JSON.writeValueAsString(JSON.readTree(expectedFile.toFile())));
        Path after = caseDir.resolve("after");
        Map<String, String> expectedTree =
                Files.isDirectory(after)
                        ? Fixtures.files(after)
                        : Fixtures.files(caseDir.resolve("before"));
        assertThat(Fixtures.files(work)).isEqualTo(expectedTree);
    }

    private static ApplyOptions options(Path caseDir, Path work, String answer) throws IOException {
        ApplyOptions options = ApplyOptions.defaults(work);
        Path file = caseDir.resolve("options.json");
        if (!Files.exists(file)) {
            return options;
        }
        JsonNode o = JSON.readTree(file.toFile());
        if (o.path("dryRun").asBoolean(false)) {
            options = options.withDryRun(true);
        }
        if (o.has("expectPlan")) {
            options = options.withExpectPlan(o.get("expectPlan").asText());
        }
        options =
                options.withTolerance(
                        o.path("strict").asBoolean(false),
                        o.path("fuzzy").asText("off").equals("whitespace"));
        return options;
    }

    /** Replaces the volatile parts: the working directory and durations. */
    private static final java.util.Set<String> GUARD_CODES =
            java.util.Set.of("path_escape", "invalid_path", "protected_path");

    static JsonNode normalize(JsonNode node, String root) {
        if (node instanceof ObjectNode obj) {
            if (GUARD_CODES.contains(obj.path("code").asText())) {
                // The guard's own wording (and where a path outside resolved) is the guard's
                // business and differs per file system; the corpus pins the code.
                obj.put("message", "(guard message)");
                obj.put("hint", "(guard hint)");
                obj.remove("resolved");
            }
            var names = new ArrayList<String>();
            obj.fieldNames().forEachRemaining(names::add);
            for (String n : names) {
                if (n.equals("durationMs")) {
                    obj.put(n, 0);
                } else {
                    obj.set(n, normalize(obj.get(n), root));
                }
            }
            return obj;
        }
        if (node instanceof ArrayNode arr) {
            for (int i = 0; i < arr.size(); i++) {
                arr.set(i, normalize(arr.get(i), root));
            }
            return arr;
        }
        if (node.isTextual()) {
            return new TextNode(normalizeText(node.asText(), root));
        }
        return node;
    }

    static String normalizeText(String s, String root) {
        StringBuilder sb = new StringBuilder();
        int pos = 0;
        for (int i = s.indexOf(root); i >= 0; i = s.indexOf(root, pos)) {
            if (i > 0 && s.charAt(i - 1) == '.') {
                sb.append(s, pos, i + 1);
                pos = i + 1;
                continue;
            }
            sb.append(s, pos, i).append("$WORKDIR");
            int j = i + root.length();
            while (j < s.length() && " )'\"\n,;".indexOf(s.charAt(j)) < 0) {
                char c = s.charAt(j);
                sb.append(c == '\\' ? '/' : c);
                j++;
            }
            pos = j;
        }
        sb.append(s.substring(pos));
        return sb.toString();
    }
}
