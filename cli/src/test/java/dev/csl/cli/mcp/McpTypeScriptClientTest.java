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
 * notifications/cancelled), which the Java SDK does not. It starts csl through the launcher with
 * the SDK's default environment, which has no locale, and writes a non-ASCII file name first.
 */
class McpTypeScriptClientTest {

    @TempDir Path tmp;

    @Test
    void localeFreeLauncher_nonAsciiNameThenCancelledApply_stopsRollsBackAndRunsNothingMore()
            throws Exception {
        Path installed =
                dev.csl.cli.NpmClient.install(
                        "mcp-client", "@modelcontextprotocol/sdk", java.util.List.of("client.mjs"));
        Path project = Files.createDirectories(tmp.resolve("project"));
        Path launcher = dev.csl.cli.LauncherCheckout.create(tmp);

        String out =
                dev.csl.cli.NpmClient.run(
                        installed.resolve("client.mjs"), launcher.toString(), project.toString());

        JsonNode got = new ObjectMapper().readTree(out.strip());
        assertThat(got.path("tools").toString()).contains("apply", "check", "undo");
        assertThat(got.at("/unicode/isError").asBoolean()).as(out).isFalse();
        assertThat(got.at("/unicode/text").asText()).contains("WRITE h\u00e9llo.txt");
        assertThat(project.resolve("h\u00e9llo.txt")).hasContent("caf\u00e9 \u2713");
        assertThat(got.path("cancel").asText()).contains("the user pressed stop");
        assertThat(got.path("checkAfterwards").asText()).isEqualTo("ok");
        assertThat(project.resolve("a.txt")).as("the TASKS block rolled back").doesNotExist();
        assertThat(project.resolve("b.txt")).as("nothing ran after the cancel").doesNotExist();
    }
}
