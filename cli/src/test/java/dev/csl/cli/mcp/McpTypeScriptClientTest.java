package dev.csl.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code csl mcp} driven by the official MCP TypeScript SDK (npm {@code @modelcontextprotocol/sdk},
 * from the project's package.json and lock file in {@code cli/src/test/js/mcp-client}, installed by
 * {@code npm ci} into target/): the client that cancels a call (AbortSignal sends
 * notifications/cancelled), which the Java SDK does not.
 */
class McpTypeScriptClientTest {
    private static final Path CLIENT = Path.of("src", "test", "js", "mcp-client");

    @TempDir Path tmp;

    @Test
    void cancelledApply_stopsTheRunningCommandRollsTheTasksBackAndRunsNothingMore()
            throws Exception {
        Path installed = install();
        Path project = Files.createDirectories(tmp.resolve("project"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));

        Process node =
                new ProcessBuilder(
                                "node",
                                installed.resolve("client.mjs").toString(),
                                java,
                                classPath,
                                project.toString())
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
        String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(node.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(node.exitValue()).as(out).isZero();

        JsonNode got = new ObjectMapper().readTree(out.strip());
        assertThat(got.path("tools").toString()).contains("apply", "check", "undo");
        assertThat(got.path("cancel").asText()).contains("the user pressed stop");
        assertThat(got.path("checkAfterwards").asText()).isEqualTo("ok");
        assertThat(got.path("seconds").asInt()).as("the 60 s command was stopped").isLessThan(30);
        assertThat(project.resolve("a.txt")).as("the TASKS block rolled back").doesNotExist();
        assertThat(project.resolve("b.txt")).as("nothing ran after the cancel").doesNotExist();
    }

    /** npm ci of the lock file into target/, once; skipped with the reason where npm cannot. */
    private static Path install() throws IOException, InterruptedException {
        assumeTrue(
                java.util.stream.Stream.of(System.getenv("PATH").split(":"))
                        .anyMatch(d -> Files.isExecutable(Path.of(d, "node"))),
                "node is not installed");
        Path target = Path.of("target", "js", "mcp-client").toAbsolutePath();
        Files.createDirectories(target);
        for (String file : List.of("package.json", "package-lock.json", "client.mjs")) {
            Files.copy(
                    CLIENT.resolve(file),
                    target.resolve(file),
                    StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(target.resolve("node_modules/@modelcontextprotocol/sdk"))) {
            Process npm;
            try {
                npm =
                        new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund")
                                .directory(target.toFile())
                                .redirectErrorStream(true)
                                .start();
            } catch (IOException e) {
                assumeTrue(false, "npm is not installed: " + e.getMessage());
                throw e;
            }
            String log = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean done = npm.waitFor(300, TimeUnit.SECONDS);
            assumeTrue(done && npm.exitValue() == 0, "npm ci of the MCP SDK failed: " + log);
        }
        return target;
    }
}
