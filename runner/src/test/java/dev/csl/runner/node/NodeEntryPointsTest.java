package dev.csl.runner.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.sandbox.Sandbox;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every file entry point of the Node.js on this machine, taken from Node's own API documentation
 * for that version (its {@code fs.json} and the modules whose calls take a file path) and from what
 * its {@code fs} modules export, called through the guarded preload by {@code entry-points.cjs}:
 * through a symlink that leads outside, or on a descriptor opened for reading on {@code
 * .git/config}. One Node process runs them all; the outside must be unchanged after.
 */
class NodeEntryPointsTest {
    /** Modules besides fs whose documented calls take a file path. */
    private static final List<String> OTHER_MODULES =
            List.of("process", "v8", "net", "tls", "repl", "http2", "module", "child_process");

    private static final Set<String> PATH_PARAMETERS =
            Set.of("path", "filename", "file", "directory", "historyPath");

    @TempDir static Path base;
    private static JsonNode report;
    private static Path outside;

    @BeforeAll
    static void runEveryEntryPoint() throws IOException {
        assumeTrue(
                ProcessLauncher.findProgram("node", Path.of(".")).isPresent(),
                "node is not installed");
        Path wd = Files.createDirectories(base.resolve("wd"));
        outside = Files.createDirectories(base.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "original\n");
        Files.writeString(Files.createDirectories(wd.resolve(".git")).resolve("config"), "[c]\n");
        Files.writeString(wd.resolve("inside.txt"), "hello\n");
        Files.createSymbolicLink(wd.resolve("out"), outside);
        // With the network on, so that the socket calls reach their path check.
        Files.writeString(
                Files.createDirectories(wd.resolve(".csl")).resolve("commands.json"),
                "{\"network\": [\"node\"]}\n");
        dev.csl.runner.approval.ProjectTrust.trustAsWritten(
                wd); // the user trusts what the test wrote
        String script;
        try (InputStream in = NodeEntryPointsTest.class.getResourceAsStream("entry-points.cjs")) {
            script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }

        RunOutcome outcome =
                new NodeRunner(wd, Sandbox.forMode(SandboxMode.OFF), new ProcessLauncher(1 << 22))
                        .run(script, wd, 60);

        String stdout = outcome.commands().get(0).stdout();
        assertThat(outcome.failure()).as(outcome.commands().get(0).stderr() + stdout).isNull();
        assertThat(stdout).doesNotContain("LEAKED").doesNotContain("original");
        List<String> lines = stdout.lines().toList();
        report = new ObjectMapper().readTree(lines.get(lines.size() - 1));
    }

    @Test
    void everyEntryPoint_refusedThroughOutwardLinkOrReadOnlyDescriptor() throws IOException {
        Map<String, String> expected = new LinkedHashMap<>();
        Map<String, String> actual = new LinkedHashMap<>();
        report.get("results")
                .fields()
                .forEachRemaining(
                        e -> {
                            expected.put(e.getKey(), report.get("table").get(e.getKey()).asText());
                            actual.put(e.getKey(), e.getValue().asText());
                        });

        assertThat(actual).hasSizeGreaterThan(100).isEqualTo(expected);
        assertThat(Files.readString(outside.resolve("secret.txt"))).isEqualTo("original\n");
        try (var names = Files.list(outside)) {
            assertThat(names).containsExactly(outside.resolve("secret.txt"));
        }
        assertThat(Files.readString(base.resolve("wd/.git/config"))).isEqualTo("[c]\n");
    }

    @Test
    void everyFunctionNodeExports_isInTheTable() {
        List<String> unlisted = new ArrayList<>();
        report.get("exported")
                .forEach(
                        name -> {
                            if (!report.get("table").has(name.asText())) {
                                unlisted.add(name.asText());
                            }
                        });

        assertThat(unlisted).as("fs functions this Node exports that the table misses").isEmpty();
    }

    @Test
    void everyEntryPointNodeDocuments_isInTheTable() throws IOException {
        Path docs = apiDocs().orElse(null);
        assumeTrue(
                docs != null,
                "Node's API documentation (doc/nodejs/api/*.json.gz) is not installed beside this"
                        + " node: only its exports are checked");
        Set<String> documented = new LinkedHashSet<>(methods(docs.resolve("fs.json.gz"), false));
        for (String module : OTHER_MODULES) {
            Path file = docs.resolve(module + ".json.gz");
            if (Files.exists(file)) {
                documented.addAll(methods(file, true));
            }
        }

        List<String> unlisted = new ArrayList<>();
        for (String name : documented) {
            if (!report.get("table").has(name)) {
                unlisted.add(name);
            }
        }

        assertThat(documented).hasSizeGreaterThan(150);
        assertThat(unlisted).as("entry points Node documents that the table misses").isEmpty();
    }

    /** The doc directory of the node on PATH: {@code <prefix>/share/doc/nodejs/api}. */
    private static Optional<Path> apiDocs() throws IOException {
        Path node = ProcessLauncher.findProgram("node", Path.of(".")).orElseThrow().toRealPath();
        for (Path prefix : List.of(node.getParent().getParent(), Path.of("/usr"))) {
            Path api = prefix.resolve("share/doc/nodejs/api");
            if (Files.exists(api.resolve("fs.json.gz"))) {
                return Optional.of(api);
            }
        }
        return Optional.empty();
    }

    /**
     * The methods (and classes) a module's documentation lists, named as written there ({@code
     * fs.readFile}, {@code filehandle.write}, {@code class fs.Dir}); with {@code pathsOnly}, only
     * the methods with a parameter that names a file.
     */
    private static List<String> methods(Path json, boolean pathsOnly) throws IOException {
        JsonNode root;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(json))) {
            root = new ObjectMapper().readTree(in);
        }
        List<String> out = new ArrayList<>();
        collect(root, pathsOnly, out);
        return out;
    }

    private static void collect(JsonNode node, boolean pathsOnly, List<String> out) {
        for (String kind :
                List.of("methods", "modules", "classes", "miscs", "globals", "properties")) {
            for (JsonNode child : node.path(kind)) {
                String raw = child.path("textRaw").asText();
                if (kind.equals("methods") && (!pathsOnly || takesPath(child))) {
                    String name = raw.replace("`", "");
                    int paren = name.indexOf('(');
                    add(out, paren < 0 ? name : name.substring(0, paren));
                }
                if (kind.equals("classes") && !pathsOnly && raw.contains("`")) {
                    add(out, "class " + raw.split("`")[1]);
                }
                collect(child, pathsOnly, out);
            }
        }
    }

    private static boolean takesPath(JsonNode method) {
        for (JsonNode signature : method.path("signatures")) {
            for (JsonNode param : signature.path("params")) {
                if (PATH_PARAMETERS.contains(param.path("name").asText())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void add(List<String> out, String name) {
        if (!out.contains(name)) {
            out.add(name);
        }
    }
}
