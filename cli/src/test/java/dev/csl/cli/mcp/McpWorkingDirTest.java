package dev.csl.cli.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.Interpreter;
import dev.csl.interpreter.Undoer;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code csl mcp} started without {@code -C}, by a client that shares no roots: the model writes
 * {@code workingDir}, so it may name any directory. Only the directory the server started in and
 * the directories below it are allowed, for apply, check and undo alike; everything else is {@code
 * invalid_working_directory}, and the canary files outside stay as they were. Also: a tool argument
 * the tool does not know is refused, never ignored.
 */
class McpWorkingDirTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String WRITE = "<---WRITE file=\"pwned.txt\"--->\nowned\n<---END--->\n";

    @TempDir Path tmp;
    private Path server;
    private Path outside;

    @BeforeEach
    void layout() throws Exception {
        server = Files.createDirectories(tmp.resolve("started-here"));
        Files.createDirectories(server.resolve("sub"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "OUTSIDE-SECRET\n");
    }

    /** One initialize, then each tool call; the answers to the calls, in order. */
    private List<JsonNode> session(Map<String, ?>... calls) throws Exception {
        StringBuilder in = new StringBuilder();
        in.append(
                        JSON.writeValueAsString(
                                Map.of(
                                        "jsonrpc",
                                        "2.0",
                                        "id",
                                        0,
                                        "method",
                                        "initialize",
                                        "params",
                                        Map.of(
                                                "protocolVersion", "2025-11-25",
                                                "capabilities", Map.of(),
                                                "clientInfo",
                                                        Map.of("name", "t", "version", "1")))))
                .append('\n');
        for (int i = 0; i < calls.length; i++) {
            in.append(
                            JSON.writeValueAsString(
                                    Map.of(
                                            "jsonrpc",
                                            "2.0",
                                            "id",
                                            i + 1,
                                            "method",
                                            "tools/call",
                                            "params",
                                            calls[i])))
                    .append('\n');
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        McpTools tools =
                new McpTools(
                        new Interpreter(
                                config -> {
                                    throw new AssertionError("no RUN in these answers");
                                }),
                        new Undoer(),
                        null,
                        server,
                        new McpTools.Rendering(r -> "", r -> "", r -> "{}", r -> "{}"),
                        () -> {});
        new McpServer(tools, () -> "", "test", new PrintStream(new ByteArrayOutputStream()))
                .serve(
                        new ByteArrayInputStream(in.toString().getBytes(UTF_8)),
                        new PrintStream(out, true, UTF_8));
        List<JsonNode> answers = new ArrayList<>();
        for (String line : out.toString(UTF_8).split("\n")) {
            JsonNode message = JSON.readTree(line);
            if (message.path("id").asInt() > 0) {
                answers.add(message.path("result"));
            }
        }
        assertThat(answers).hasSize(calls.length);
        return answers;
    }

    private static Map<String, ?> call(String tool, Map<String, ?> arguments) {
        return Map.of("name", tool, "arguments", arguments);
    }

    private void assertRefused(JsonNode result, String... said) {
        assertThat(result.path("isError").asBoolean()).as(result.toString()).isTrue();
        assertThat(result.at("/structuredContent/error/code").asText())
                .isEqualTo("invalid_working_directory");
        assertThat(result.at("/content/0/text").asText()).contains(said);
        assertThat(outside).isDirectoryNotContaining(p -> !p.endsWith("secret.txt"));
        assertThat(outside.resolve("secret.txt")).hasContent("OUTSIDE-SECRET");
    }

    @ParameterizedTest
    @ValueSource(strings = {"apply", "check"})
    void workingDir_absoluteOutsideTheStartDirectory_refused(String tool) throws Exception {
        JsonNode result =
                session(call(tool, Map.of("answer", WRITE, "workingDir", outside.toString())))
                        .get(0);

        assertRefused(
                result,
                "outside the directory this server was started in (" + server + ")",
                "only that directory and the directories below it are allowed");
    }

    @Test
    void workingDir_dotDotClimbingOut_refused() throws Exception {
        JsonNode result =
                session(call("apply", Map.of("answer", WRITE, "workingDir", "../outside"))).get(0);

        assertRefused(result, "outside the directory this server was started in");
    }

    @Test
    void workingDir_symlinkInsideThatLeadsOut_refusedNamingWhereItLeads() throws Exception {
        Files.createSymbolicLink(server.resolve("escape"), outside);

        List<JsonNode> results =
                session(
                        call("apply", Map.of("answer", WRITE, "workingDir", "escape")),
                        call(
                                "check",
                                Map.of(
                                        "answer",
                                        "<---SEARCH file=\"secret.txt\"--->\nOUTSIDE\n"
                                                + "<---REPLACE--->\nx\n<---END--->\n",
                                        "workingDir",
                                        server.resolve("escape").toString())));

        assertRefused(results.get(0), "which leads to " + outside.toRealPath());
        assertRefused(results.get(1), "outside the directory");
        assertThat(results.get(1).toString()).doesNotContain("OUTSIDE-SECRET");
    }

    @Test
    void undo_workingDirOutside_refusedAndTheOutsideApplyStays() throws Exception {
        // An apply that really happened outside (the user's own, from another terminal).
        new Interpreter(
                        config -> {
                            throw new AssertionError();
                        })
                .apply(
                        "<---WRITE file=\"secret.txt\"--->\nchanged by the user\n<---END--->\n",
                        ApplyOptions.defaults(outside));

        JsonNode result =
                session(call("undo", Map.of("workingDir", outside.toString(), "force", true)))
                        .get(0);

        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.at("/structuredContent/error/code").asText())
                .isEqualTo("invalid_working_directory");
        assertThat(outside.resolve("secret.txt")).hasContent("changed by the user");
    }

    @Test
    void workingDir_absentOrBelowTheStartDirectory_used() throws Exception {
        List<JsonNode> results =
                session(
                        call("apply", Map.of("answer", WRITE)),
                        call("apply", Map.of("answer", WRITE, "workingDir", "sub")),
                        call(
                                "apply",
                                Map.of(
                                        "answer",
                                        WRITE,
                                        "workingDir",
                                        server.resolve("sub/../sub").toString())));

        for (JsonNode result : results) {
            assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
        }
        assertThat(server.resolve("pwned.txt")).hasContent("owned");
        assertThat(server.resolve("sub/pwned.txt")).hasContent("owned");
    }

    @Test
    void workingDir_notAString_refused() throws Exception {
        JsonNode result =
                session(call("apply", Map.of("answer", WRITE, "workingDir", List.of("/")))).get(0);

        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(server.resolve("pwned.txt")).doesNotExist();
    }

    @Test
    void apply_misspeltDryRun_refusedNamingTheKnownArgumentsAndNothingWritten() throws Exception {
        JsonNode result = session(call("apply", Map.of("answer", WRITE, "dryrun", true))).get(0);

        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.at("/content/0/text").asText())
                .contains("has no argument 'dryrun'", "'dryRun'", "'expectPlan'", "'workingDir'");
        assertThat(server.resolve("pwned.txt")).doesNotExist();
    }

    @Test
    void check_argumentOfApplyOnly_refused() throws Exception {
        JsonNode result =
                session(call("check", Map.of("answer", WRITE, "allow", List.of("rm")))).get(0);

        assertThat(result.path("isError").asBoolean()).isTrue();
        assertThat(result.at("/content/0/text").asText())
                .contains("'check' has no argument 'allow'");
    }

    @Test
    void apply_wrongTypes_refused() throws Exception {
        List<JsonNode> results =
                session(
                        call("apply", Map.of("answer", WRITE, "dryRun", "yes")),
                        call("apply", Map.of("answer", WRITE, "fuzzy", "loose")),
                        call("apply", Map.of("dryRun", true)),
                        Map.of("name", "apply", "arguments", List.of(WRITE)));

        assertThat(results.get(0).at("/content/0/text").asText()).contains("must be a boolean");
        assertThat(results.get(1).at("/content/0/text").asText()).contains("must be one of");
        assertThat(results.get(2).at("/content/0/text").asText())
                .contains("needs the argument 'answer'");
        assertThat(results.get(3).at("/content/0/text").asText()).contains("must be an object");
        assertThat(results).allMatch(r -> r.path("isError").asBoolean());
        assertThat(server.resolve("pwned.txt")).doesNotExist();
    }

    @Test
    void toolsList_everyInputSchemaClosesItsProperties() throws Exception {
        McpTools tools = new McpTools(null, null, null, server, null, () -> {});
        ObjectNode list = tools.list(ProtocolFeatures.of("2025-11-25"));

        assertThat(list.path("tools")).hasSize(3);
        for (JsonNode tool : list.path("tools")) {
            assertThat(tool.at("/inputSchema/additionalProperties").asBoolean(true))
                    .as(tool.path("name").asText())
                    .isFalse();
        }
    }
}
