package dev.csl.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code csl mcp} driven by the official MCP TypeScript SDK (npm {@code @modelcontextprotocol/sdk},
 * from the project's package.json and lock file in {@code cli/src/test/js/mcp-client}, installed by
 * {@code npm ci} into target/): the client that cancels a call (AbortSignal sends
 * notifications/cancelled), which the Java SDK does not.
 */
class McpTypeScriptClientTest {

    @TempDir Path tmp;

    @Test
    void cancelledApply_stopsTheRunningCommandRollsTheTasksBackAndRunsNothingMore()
            throws Exception {
        Path installed =
                dev.csl.cli.NpmClient.install(
                        "mcp-client", "@modelcontextprotocol/sdk", java.util.List.of("client.mjs"));
        Path project = Files.createDirectories(tmp.resolve("project"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));

        String out =
                dev.csl.cli.NpmClient.run(
                        installed.resolve("client.mjs"), java, classPath, project.toString());

        JsonNode got = new ObjectMapper().readTree(out.strip());
        assertThat(got.path("tools").toString()).contains("apply", "check", "undo");
        assertThat(got.path("cancel").asText()).contains("the user pressed stop");
        assertThat(got.path("checkAfterwards").asText()).isEqualTo("ok");
        assertThat(got.path("seconds").asInt()).as("the 60 s command was stopped").isLessThan(30);
        assertThat(project.resolve("a.txt")).as("the TASKS block rolled back").doesNotExist();
        assertThat(project.resolve("b.txt")).as("nothing ran after the cancel").doesNotExist();
    }
}
