package dev.csl.cli.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real {@code csl mcp} process driven with raw JSON-RPC lines, so that the test sees every byte
 * csl writes to stdout: the version negotiated and what each version may carry, the tool arguments
 * dryRun, expectPlan and force (allow refused), and a stdout holding nothing but protocol messages.
 */
class McpProtocolTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"2025-11-25", "2025-06-18", "2024-11-05"})
    void initialize_eachSupportedVersion_answeredInThatVersionWithItsFeaturesOnly(String version)
            throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        try (Mcp mcp = Mcp.start(project, version, true)) {
            JsonNode init = mcp.init;
            JsonNode tools = mcp.call("tools/list", Map.of()).path("result").path("tools");
            JsonNode result =
                    mcp.tool(
                            "apply",
                            Map.of("answer", "<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n"));

            assertThat(init.at("/result/protocolVersion").asText()).isEqualTo(version);
            assertThat(tools).hasSize(3);
            boolean modern = !version.equals("2024-11-05");
            for (JsonNode tool : tools) {
                assertThat(tool.has("outputSchema")).isEqualTo(modern);
                assertThat(tool.has("title")).isEqualTo(modern);
                assertThat(tool.has("annotations")).isEqualTo(modern);
            }
            assertThat(result.path("isError").asBoolean()).isFalse();
            assertThat(result.has("structuredContent")).isEqualTo(modern);
            JsonNode content = result.path("content");
            assertThat(content.get(0).path("text").asText()).contains("✔ 1 WRITE a.txt");
            if (!modern) {
                // The data still reaches an old client: the JSON document as a second text block.
                JsonNode document = JSON.readTree(content.get(1).path("text").asText());
                assertThat(document.path("ok").asBoolean()).isTrue();
                assertThat(document.at("/results/0/file").asText()).isEqualTo("a.txt");
            } else {
                assertThat(content).hasSize(1);
            }
        }
    }

    @Test
    void apply_oldVersionClientNamingElicitation_neverAskedAndRefusedWithTheHint()
            throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        try (Mcp mcp = Mcp.start(project, "2024-11-05", true)) {
            JsonNode result =
                    mcp.tool("apply", Map.of("answer", "<---RUN--->\ntrue\n<---END--->\n"));

            assertThat(result.path("isError").asBoolean()).isTrue();
            JsonNode document = JSON.readTree(result.at("/content/1/text").asText());
            assertThat(document.at("/results/0/error/code").asText())
                    .isEqualTo("command_not_approved");
            assertThat(document.at("/results/0/error/hint").asText()).contains("csl allow");
            assertThat(mcp.requestsFromServer).noneMatch(m -> m.contains("elicitation/create"));
        }
    }

    @Test
    void check_onlyACommandAwaitingApproval_noErrorAndTheCommandsListed() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        String answer =
                "<---WRITE file=\"a.txt\"--->\nx\n<---END--->\n<---RUN--->\ntrue\n<---END--->\n";
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode pending = mcp.tool("check", Map.of("answer", answer));
            JsonNode broken =
                    mcp.tool(
                            "check",
                            Map.of("answer", answer + "<---RUN--->\nls | wc\n<---END--->\n"));

            assertThat(pending.path("isError").asBoolean()).isFalse();
            assertThat(pending.at("/content/0/text").asText())
                    .startsWith(
                            "The plan is valid; it waits only for the user to approve a command"
                                    + " (true)");
            assertThat(pending.at("/structuredContent/approvalPending/0").asText())
                    .isEqualTo("true");
            assertThat(pending.at("/structuredContent/results/1/error/code").asText())
                    .isEqualTo("command_not_approved");
            assertThat(broken.path("isError").asBoolean()).isTrue();
            assertThat(broken.at("/structuredContent/approvalPending").isMissingNode()).isTrue();
        }
    }

    @Test
    void apply_dryRunThenExpectPlan_previewChangesNothingAndAStalePlanIsRefused() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("a.txt"), "old\n");
        String answer = "<---WRITE file=\"a.txt\"--->\nnew\n<---END--->\n";
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode preview = mcp.tool("apply", Map.of("answer", answer, "dryRun", true));
            String plan = preview.at("/structuredContent/planHash").asText();
            assertThat(preview.at("/structuredContent/dryRun").asBoolean()).isTrue();
            assertThat(project.resolve("a.txt")).hasContent("old");
            assertThat(plan).isNotEmpty();

            Files.writeString(project.resolve("a.txt"), "changed by hand\n");
            JsonNode stale = mcp.tool("apply", Map.of("answer", answer, "expectPlan", plan));
            assertThat(stale.path("isError").asBoolean()).isTrue();
            assertThat(stale.toString()).contains("plan_changed");
            assertThat(project.resolve("a.txt")).hasContent("changed by hand");

            String fresh =
                    mcp.tool("apply", Map.of("answer", answer, "dryRun", true))
                            .at("/structuredContent/planHash")
                            .asText();
            JsonNode applied = mcp.tool("apply", Map.of("answer", answer, "expectPlan", fresh));
            assertThat(applied.path("isError").asBoolean()).isFalse();
            assertThat(project.resolve("a.txt")).hasContent("new");
        }
    }

    @Test
    void apply_allowArgument_refusedAndTheCommandDoesNotRun() throws Exception {
        // The model writes the tool arguments: a command it approves itself is one nobody approved.
        Path project = Files.createDirectories(tmp.resolve("project"));
        String answer =
                "<---WRITE file=\"ran.txt\"--->\nx\n<---END--->\n<---RUN--->\ntrue\n<---END--->\n";
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode allowed =
                    mcp.tool("apply", Map.of("answer", answer, "allow", List.of("true")));
            JsonNode plain = mcp.tool("apply", Map.of("answer", answer));

            assertThat(allowed.path("isError").asBoolean()).isTrue();
            assertThat(allowed.toString()).contains("validation_error").contains("allow");
            assertThat(plain.at("/structuredContent/results/1/error/code").asText())
                    .isEqualTo("command_not_approved");
        }
    }

    @Test
    void apply_atomic_aFailureLeavesNoFileChangedAndTheSchemaNamesIt() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        String answer =
                "<---WRITE file=\"new.txt\"--->\nx\n<---END--->\n"
                        + "<---SEARCH file=\"missing.txt\"--->\na\n<---REPLACE--->\nb\n"
                        + "<---END--->\n";
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode result = mcp.tool("apply", Map.of("answer", answer, "atomic", true));

            assertThat(result.path("isError").asBoolean()).isTrue();
            assertThat(result.at("/structuredContent/results/0/status").asText())
                    .isEqualTo("rolled_back");
            assertThat(result.at("/structuredContent/error/message").asText())
                    .contains("withdrawn (atomic)");
            assertThat(project.resolve("new.txt")).doesNotExist();
        }
    }

    @Test
    void apply_resultCarriesApplyId_undoOfThatIdPreviewsThenRestores() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("a.txt"), "before\n");
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode applied =
                    mcp.tool(
                            "apply",
                            Map.of("answer", "<---WRITE file=\"a.txt\"--->\nafter\n<---END--->\n"));
            String id = applied.at("/structuredContent/applyId").asText();

            JsonNode preview = mcp.tool("undo", Map.of("applyId", id, "dryRun", true));
            assertThat(project.resolve("a.txt")).hasContent("after");
            JsonNode undone = mcp.tool("undo", Map.of("applyId", id));

            assertThat(id).isEqualTo("000001");
            assertThat(preview.at("/structuredContent/diff").asText()).contains("+before");
            assertThat(preview.at("/content/0/text").asText()).contains("would restore 1 path");
            assertThat(undone.at("/structuredContent/applyId").asText()).isEqualTo(id);
            assertThat(project.resolve("a.txt")).hasContent("before");
        }
    }

    @Test
    void undo_force_restoresAFileChangedSinceTheApply() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("a.txt"), "before\n");
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            mcp.tool(
                    "apply",
                    Map.of("answer", "<---WRITE file=\"a.txt\"--->\nafter\n<---END--->\n"));
            Files.writeString(project.resolve("a.txt"), "edited since\n");

            JsonNode refused = mcp.tool("undo", Map.of());
            assertThat(refused.path("isError").asBoolean()).isTrue();
            assertThat(project.resolve("a.txt")).hasContent("edited since");

            JsonNode forced = mcp.tool("undo", Map.of("force", true));
            assertThat(forced.path("isError").asBoolean()).isFalse();
            assertThat(project.resolve("a.txt")).hasContent("before");
        }
    }

    @Test
    void stdout_applyRunsCommandsThatPrint_everyLineIsAJsonRpcMessage() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("a.txt"), "line one\nline two\n");
        String answer =
                "<---RUN--->\ncat a.txt\necho printed by echo\nls\n<---END--->\n"
                        + "<---RUN--->\nsh -c 'echo from sh; echo to stderr >&2'\n<---END--->\n"
                        + "<---RUN lang=\"node\"--->\nconsole.log('from node');"
                        + " console.error('node stderr');\n<---END--->\n";
        Files.createDirectories(project.resolve(".csl"));
        Files.writeString(project.resolve(".csl/commands.json"), "{\"allowed\": [\"sh -c *\"]}");
        dev.csl.runner.approval.ProjectTrust.trustAsWritten(
                project); // the user trusts what the test wrote
        List<String> lines;
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            // With a progress token, every line the commands print comes back as a
            // notifications/progress message: the lines most likely to stray onto stdout.
            JsonNode result =
                    mcp.call(
                                    "tools/call",
                                    Map.of(
                                            "name",
                                            "apply",
                                            "arguments",
                                            Map.of("answer", answer),
                                            "_meta",
                                            Map.of("progressToken", "p1")))
                            .path("result");
            for (int i = 0; i < 3; i++) {
                assertThat(result.at("/structuredContent/results/" + i + "/status").asText())
                        .as(result.toString())
                        .isEqualTo("ok");
            }
            assertThat(mcp.requestsFromServer)
                    .anyMatch(m -> m.contains("notifications/progress") && m.contains("from sh"));
            assertThat(result.toString()).contains("from sh");
            mcp.closeInput();
            lines = mcp.allLines();
        }
        assertThat(lines).isNotEmpty();
        for (String line : lines) {
            JsonNode message = JSON.readTree(line);
            assertThat(message.path("jsonrpc").asText()).as(line).isEqualTo("2.0");
            assertThat(message.has("id") || message.has("method")).as(line).isTrue();
        }
    }

    /** The _meta of a request of the stateless revision naming {@code version}. */
    private static String meta(String version) {
        return "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\""
                + version
                + "\",\"io.modelcontextprotocol/clientCapabilities\":{},"
                + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"raw\",\"version\":\"1\"}}";
    }

    private static String applyCall(int id, String file, String meta) {
        return "{\"jsonrpc\":\"2.0\",\"id\":"
                + id
                + ",\"method\":\"tools/call\",\"params\":{\"name\":\"apply\",\"arguments\":"
                + "{\"answer\":\"<---WRITE file=\\\""
                + file
                + "\\\"--->\\nx\\n<---END--->\"}"
                + (meta.isEmpty() ? "" : "," + meta)
                + "}}";
    }

    @Test
    void statelessRevision_requestsWithoutInitialize_servedInItsShape() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        try (Mcp mcp = Mcp.startWithoutInitialize(project)) {
            String meta = meta("2026-07-28");
            JsonNode discover =
                    mcp.raw(
                            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"server/discover\","
                                    + "\"params\":{"
                                    + meta
                                    + "}}");
            JsonNode list =
                    mcp.raw(
                            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/list\","
                                    + "\"params\":{"
                                    + meta
                                    + "}}");
            JsonNode apply = mcp.raw(applyCall(3, "new.txt", meta));
            JsonNode prompt =
                    mcp.raw(
                            "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"prompts/get\","
                                    + "\"params\":{\"name\":\"instructions\","
                                    + meta
                                    + "}}");
            JsonNode ping =
                    mcp.raw(
                            "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\",\"params\":{"
                                    + meta
                                    + "}}");
            JsonNode initialize =
                    mcp.raw(
                            "{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":\"initialize\","
                                    + "\"params\":{\"protocolVersion\":\"2026-07-28\","
                                    + "\"capabilities\":{},\"clientInfo\":{\"name\":\"x\","
                                    + "\"version\":\"1\"},"
                                    + meta
                                    + "}}");

            assertThat(discover.at("/result/resultType").asText()).isEqualTo("complete");
            assertThat(discover.at("/result/supportedVersions").toString())
                    .isEqualTo(
                            "[\"2026-07-28\",\"2025-11-25\",\"2025-06-18\",\"2025-03-26\","
                                    + "\"2024-11-05\"]");
            assertThat(discover.at("/result/capabilities/tools").isObject()).isTrue();
            assertThat(
                            discover.at("/result/_meta/io.modelcontextprotocol~1serverInfo/name")
                                    .asText())
                    .isEqualTo("csl");
            assertThat(discover.at("/result/ttlMs").asLong()).isPositive();
            assertThat(discover.at("/result/cacheScope").asText()).isEqualTo("private");
            assertThat(list.at("/result/resultType").asText()).isEqualTo("complete");
            assertThat(list.at("/result/ttlMs").isIntegralNumber()).isTrue();
            assertThat(list.at("/result/cacheScope").asText()).isEqualTo("private");
            assertThat(list.at("/result/tools/0/outputSchema").isObject()).isTrue();
            assertThat(apply.at("/result/resultType").asText())
                    .as(apply.toString())
                    .isEqualTo("complete");
            assertThat(apply.at("/result/isError").asBoolean()).isFalse();
            assertThat(apply.at("/result/structuredContent/ok").asBoolean()).isTrue();
            assertThat(apply.at("/result/_meta/io.modelcontextprotocol~1serverInfo/name").asText())
                    .isEqualTo("csl");
            assertThat(project.resolve("new.txt")).hasContent("x\n");
            assertThat(prompt.at("/result/resultType").asText()).isEqualTo("complete");
            assertThat(prompt.at("/result/messages/0/content/text").asText()).isNotEmpty();
            // the revision removed ping and the handshake
            assertThat(ping.at("/error/code").asInt()).isEqualTo(-32601);
            assertThat(initialize.at("/error/code").asInt()).isEqualTo(-32601);
            assertThat(mcp.requestsFromServer).as("no server requests in this revision").isEmpty();
        }
    }

    /** A call of 2026-07-28 whose client can elicit, with {@code responses} (or none). */
    private static String elicitingCall(int id, String answer, String responses) {
        return "{\"jsonrpc\":\"2.0\",\"id\":"
                + id
                + ",\"method\":\"tools/call\",\"params\":{\"name\":\"apply\",\"arguments\":"
                + "{\"answer\":"
                + JSON.valueToTree(answer)
                + "},"
                + (responses == null ? "" : "\"inputResponses\":" + responses + ",")
                + "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
                + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{}}}}}";
    }

    @Test
    void statelessRevision_unapprovedCommand_askedByInputRequiredBeforeAnythingRuns()
            throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        String answer =
                "<---WRITE file=\"first.txt\"--->\nx\n<---END--->\n"
                        + "<---RUN--->\nprintf asked\n<---END--->\n";
        try (Mcp mcp = Mcp.startWithoutInitialize(project)) {
            JsonNode first = mcp.raw(elicitingCall(1, answer, null));

            assertThat(first.at("/result/resultType").asText())
                    .as(first.toString())
                    .isEqualTo("input_required");
            JsonNode requests = first.at("/result/inputRequests");
            assertThat(requests.size()).isEqualTo(1);
            String key = requests.fieldNames().next();
            JsonNode request = requests.get(key);
            assertThat(request.path("method").asText()).isEqualTo("elicitation/create");
            assertThat(request.at("/params/message").asText()).contains("'printf asked'");
            assertThat(request.at("/params/requestedSchema/properties/decision/enum").toString())
                    .isEqualTo("[\"yes\",\"no\",\"always\",\"never\"]");
            assertThat(project.resolve("first.txt")).as("nothing ran before asking").doesNotExist();

            JsonNode unrelated =
                    mcp.raw(
                            elicitingCall(
                                    2,
                                    answer,
                                    "{\"approve-other\":{\"action\":\"accept\","
                                            + "\"content\":{\"decision\":\"yes\"}}}"));
            assertThat(unrelated.at("/result/resultType").asText()).isEqualTo("input_required");
            assertThat(project.resolve("first.txt")).doesNotExist();

            JsonNode declined =
                    mcp.raw(elicitingCall(3, answer, "{\"" + key + "\":{\"action\":\"decline\"}}"));
            assertThat(declined.at("/result/resultType").asText()).isEqualTo("complete");
            assertThat(declined.at("/result/isError").asBoolean()).isTrue();
            assertThat(declined.at("/result/content/0/text").asText()).contains("declined");

            JsonNode allowed =
                    mcp.raw(
                            elicitingCall(
                                    4,
                                    answer,
                                    "{\""
                                            + key
                                            + "\":{\"action\":\"accept\","
                                            + "\"content\":{\"decision\":\"yes\"}}}"));
            assertThat(allowed.at("/result/resultType").asText()).isEqualTo("complete");
            assertThat(allowed.at("/result/isError").asBoolean()).as(allowed.toString()).isFalse();
            assertThat(allowed.at("/result/content/0/text").asText()).contains("asked");
            assertThat(project.resolve("first.txt")).hasContent("x\n");
            assertThat(mcp.requestsFromServer).as("no server requests in this revision").isEmpty();
        }
    }

    @Test
    void statelessRevision_badEnvelopeOrUnknownVersion_refusedBeforeTheToolRuns() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        try (Mcp mcp = Mcp.startWithoutInitialize(project)) {
            JsonNode unknown = mcp.raw(applyCall(1, "a.txt", meta("2099-01-01")));
            JsonNode noCapabilities =
                    mcp.raw(
                            applyCall(
                                    2,
                                    "b.txt",
                                    "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                                            + "\"2026-07-28\"}"));
            JsonNode beforeInitialize = mcp.raw(applyCall(3, "c.txt", ""));
            JsonNode discoverBare =
                    mcp.raw("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"server/discover\"}");

            assertThat(unknown.path("id").asInt()).isEqualTo(1);
            assertThat(unknown.at("/error/code").asInt()).isEqualTo(-32022);
            assertThat(unknown.at("/error/data/requested").asText()).isEqualTo("2099-01-01");
            assertThat(unknown.at("/error/data/supported").toString())
                    .isEqualTo(
                            "[\"2026-07-28\",\"2025-11-25\",\"2025-06-18\",\"2025-03-26\","
                                    + "\"2024-11-05\"]");
            assertThat(noCapabilities.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(noCapabilities.at("/error/message").asText())
                    .contains("io.modelcontextprotocol/clientCapabilities");
            assertThat(beforeInitialize.path("id").asInt()).isEqualTo(3);
            assertThat(beforeInitialize.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(beforeInitialize.at("/error/message").asText())
                    .contains("initialize", "2026-07-28");
            assertThat(beforeInitialize.at("/error/data/supported/0").asText())
                    .isEqualTo("2026-07-28");
            assertThat(discoverBare.at("/result/supportedVersions/0").asText())
                    .isEqualTo("2026-07-28");
            assertThat(project.resolve("a.txt")).doesNotExist();
            assertThat(project.resolve("b.txt")).doesNotExist();
            assertThat(project.resolve("c.txt")).doesNotExist();
        }
    }

    @Test
    void handshakeEra_requestNamingAnotherVersion_servedInThatVersion() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode old =
                    mcp.raw(
                            "{\"jsonrpc\":\"2.0\",\"id\":73,\"method\":\"tools/list\",\"params\":"
                                    + "{\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
                                    + "\"2024-11-05\"}}}");
            JsonNode modern =
                    mcp.raw(
                            "{\"jsonrpc\":\"2.0\",\"id\":74,\"method\":\"tools/list\",\"params\":{"
                                    + meta("2026-07-28")
                                    + "}}");

            assertThat(old.at("/result/tools/0/outputSchema").isMissingNode()).isTrue();
            assertThat(old.at("/result/resultType").isMissingNode()).isTrue();
            assertThat(modern.at("/result/resultType").asText()).isEqualTo("complete");
        }
    }

    /**
     * The text block is what a client that shows its model only text gives it: the summary, which
     * carries every message, hint and the plan hash of structuredContent, and no second copy of the
     * document as JSON (docs/mcp.md says why).
     */
    @Test
    void toolResult_structuredContent_textHoldsEveryMessageHintAndPlanHash() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("f.txt"), "alpha\nbeta\ngamma\n");
        String answer =
                "<---SEARCH file=\"f.txt\"--->\nbetta\n<---REPLACE--->\nBETA\n<---END--->\n"
                        + "<---WRITE file=\"g.txt\"--->\nnew\n<---END--->\n"
                        + "<---RUN--->\nprintf hi\n<---END--->\n";
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode result = mcp.tool("check", Map.of("answer", answer));

            assertThat(result.path("content").size()).as(result.toString()).isEqualTo(1);
            String text = result.at("/content/0/text").asText();
            JsonNode document = result.path("structuredContent");
            assertThat(text)
                    .doesNotContain("\"results\"")
                    .contains(document.get("planHash").asText());
            int errors = 0;
            for (JsonNode operation : document.path("results")) {
                JsonNode error = operation.path("error");
                if (error.isObject()) {
                    errors++;
                    for (String line : error.get("message").asText().split("\n")) {
                        assertThat(text).contains(line.strip());
                    }
                    assertThat(text).contains(error.get("hint").asText());
                }
                if (operation.hasNonNull("diff")) {
                    assertThat(text).contains("+new");
                }
            }
            assertThat(errors).isEqualTo(2);
        }
    }

    @Test
    void lists_unknownCursor_refusedWithInvalidParams_noCursorGivesTheWholeList() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode tools = mcp.call("tools/list", Map.of("cursor", "page-2"));
            JsonNode prompts = mcp.call("prompts/list", Map.of("cursor", ""));
            JsonNode whole = mcp.call("tools/list", Map.of());

            assertThat(tools.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(tools.at("/error/message").asText()).contains("unknown cursor \"page-2\"");
            assertThat(tools.has("result")).isFalse();
            assertThat(prompts.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(whole.at("/result/tools").size()).isPositive();
            assertThat(whole.at("/result").has("nextCursor")).isFalse();
        }
    }

    @Test
    void jsonRpc_invalidMessages_answeredWithInvalidRequest() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode oldVersion = mcp.raw("{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"ping\"}");
            JsonNode noVersion = mcp.raw("{\"id\":8,\"method\":\"ping\"}");
            JsonNode numberMethod = mcp.raw("{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":42}");
            JsonNode emptyBatch = mcp.raw("[]");
            JsonNode bareString = mcp.raw("\"ping\"");
            JsonNode batch =
                    mcp.raw(
                            "[{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"ping\"},"
                                    + "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"ping\"}]");
            JsonNode notJson = mcp.raw("{nope");
            JsonNode nullId = mcp.raw("{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}");

            assertThat(oldVersion.at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(oldVersion.path("id").asInt()).isEqualTo(7);
            assertThat(noVersion.at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(numberMethod.at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(numberMethod.at("/error/message").asText()).contains("'method'");
            assertThat(emptyBatch.at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(bareString.at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(batch.isObject()).as("2025-11-25 has no batches").isTrue();
            assertThat(batch.at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(batch.at("/error/message").asText()).contains("no JSON-RPC batches");
            assertThat(notJson.at("/error/code").asInt()).isEqualTo(-32700);
            assertThat(nullId.at("/error/code").asInt()).isEqualTo(-32600);
        }
    }

    @Test
    void jsonRpc_batchIn2025_03_26_answeredWithOneArray() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        try (Mcp mcp = Mcp.start(project, "2025-03-26", false)) {
            JsonNode batch =
                    mcp.raw(
                            "[{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"ping\"},"
                                    + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/x\"},"
                                    + "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/call\","
                                    + "\"params\":{\"name\":\"apply\",\"arguments\":{\"answer\":"
                                    + "\"<---WRITE file=\\\"b.txt\\\"--->\\nb\\n<---END--->\\n\"}}},"
                                    + "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":42}]");

            assertThat(batch.isArray()).as(batch.toString()).isTrue();
            assertThat(batch).hasSize(3);
            assertThat(batch.get(0).path("id").asInt()).isEqualTo(10);
            assertThat(batch.get(1).path("id").asInt()).isEqualTo(11);
            assertThat(batch.get(1).at("/result/isError").asBoolean()).isFalse();
            assertThat(batch.get(2).at("/error/code").asInt()).isEqualTo(-32600);
            assertThat(project.resolve("b.txt")).hasContent("b");
        }
    }

    @Test
    void cancelled_callQueuedBehindARunningOne_neverRunsAndTheRunningOneRollsBack()
            throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        String slow =
                "<---TASKS--->\n<---WRITE file=\"a.txt\"--->\nfirst\n<---END--->\n"
                        + "<---RUN lang=\"node\"--->\nconsole.log('started');\n"
                        + "await new Promise((r) => setTimeout(r, 60000));\n<---END--->\n"
                        + "<---END--->\n";
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            mcp.send(toolCall(101, slow, "p1"));
            mcp.send(toolCall(102, "<---WRITE file=\"queued.txt\"--->\nq\n<---END--->\n", null));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (mcp.requestsFromServer.stream().noneMatch(m -> m.contains("started"))
                    && System.nanoTime() < deadline) {
                assertThat(mcp.next(1)).as("no answer while both wait").isNull();
            }
            mcp.send(cancelled(102));
            mcp.send(cancelled(101));
            JsonNode after =
                    mcp.tool(
                            "check",
                            Map.of("answer", "<---WRITE file=\"c.txt\"--->\nc\n<---END--->\n"));

            assertThat(after.path("isError").asBoolean()).as(after.toString()).isFalse();
            assertThat(project.resolve("queued.txt"))
                    .as("the queued call never ran")
                    .doesNotExist();
            assertThat(project.resolve("a.txt")).as("the TASKS block rolled back").doesNotExist();
            assertThat(mcp.next(1)).as("no answer to a cancelled call").isNull();
        }
    }

    @Test
    void text_noLocale_utf8OnTheWireAndExpectPlanInMcpWords() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("a.txt"), "café\n");
        try (Mcp mcp = Mcp.start(project, "2025-11-25", false)) {
            JsonNode checked =
                    mcp.tool(
                            "check",
                            Map.of(
                                    "answer",
                                    "<---SEARCH file=\"a.txt\"--->\ncafé\n<---REPLACE--->\n"
                                            + "naïve ✓\n<---END--->\n"));

            String text = checked.at("/content/0/text").asText();
            assertThat(text).contains("-café", "+naïve ✓");
            assertThat(text).contains("(apply exactly this with expectPlan)");
            assertThat(text).doesNotContain("--expect-plan");
            assertThat(checked.at("/structuredContent/results/0/diff").asText())
                    .contains("naïve ✓");
        }
    }

    private static String toolCall(int id, String answer, String progressToken) throws Exception {
        ObjectNode request = JSON.createObjectNode();
        request.put("jsonrpc", "2.0");
        request.put("id", id);
        request.put("method", "tools/call");
        ObjectNode params = request.putObject("params");
        params.put("name", "apply");
        params.putObject("arguments").put("answer", answer);
        if (progressToken != null) {
            params.putObject("_meta").put("progressToken", progressToken);
        }
        return request.toString();
    }

    private static String cancelled(int id) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":"
                + "{\"requestId\":"
                + id
                + ",\"reason\":\"stop\"}}";
    }

    /** {@code csl mcp -C DIR} as a child process, initialized, with every stdout line kept. */
    private static final class Mcp implements AutoCloseable {
        private final Process process;
        private final OutputStream in;
        private final BlockingQueue<String> unread = new LinkedBlockingQueue<>();
        private final List<String> all = new ArrayList<>();
        final List<String> requestsFromServer = new ArrayList<>();
        private final Thread reader;
        private int ids;
        JsonNode init;

        private Mcp(Process process) {
            this.process = process;
            this.in = process.getOutputStream();
            this.reader =
                    new Thread(
                            () -> {
                                try (BufferedReader out =
                                        new BufferedReader(
                                                new InputStreamReader(
                                                        process.getInputStream(), UTF_8))) {
                                    String line;
                                    while ((line = out.readLine()) != null) {
                                        synchronized (all) {
                                            all.add(line);
                                        }
                                        unread.add(line);
                                    }
                                } catch (IOException e) {
                                    // the server closed its end
                                }
                            });
            reader.setDaemon(true);
            reader.start();
        }

        /**
         * Starts and initializes it; {@code elicitation} names that capability (a client that
         * claims it whatever its version).
         */
        static Mcp start(Path dir, String version, boolean elicitation) throws Exception {
            Mcp mcp = startWithoutInitialize(dir);
            ObjectNode capabilities = JSON.createObjectNode();
            if (elicitation) {
                capabilities.putObject("elicitation");
            }
            mcp.init =
                    mcp.call(
                            "initialize",
                            Map.of(
                                    "protocolVersion",
                                    version,
                                    "capabilities",
                                    capabilities,
                                    "clientInfo",
                                    Map.of("name", "test", "version", "1")));
            mcp.notify("notifications/initialized");
            return mcp;
        }

        /** Starts it; nothing sent yet. */
        static Mcp startWithoutInitialize(Path dir) throws Exception {
            ProcessBuilder pb =
                    new ProcessBuilder(dev.csl.cli.CslJava.command("mcp", "-C", dir.toString()))
                            .redirectError(ProcessBuilder.Redirect.DISCARD);
            // As MCP clients start servers: no locale at all.
            pb.environment()
                    .keySet()
                    .removeIf(name -> name.equals("LANG") || name.startsWith("LC_"));
            return new Mcp(pb.start());
        }

        JsonNode tool(String name, Map<String, ?> arguments) throws Exception {
            return call("tools/call", Map.of("name", name, "arguments", arguments)).path("result");
        }

        JsonNode call(String method, Map<String, ?> params) throws Exception {
            int id = ++ids;
            ObjectNode request = JSON.createObjectNode();
            request.put("jsonrpc", "2.0");
            request.put("id", id);
            request.put("method", method);
            request.set("params", JSON.valueToTree(params));
            send(request.toString());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() < deadline) {
                String line = unread.poll(100, TimeUnit.MILLISECONDS);
                if (line == null) {
                    continue;
                }
                JsonNode message = JSON.readTree(line);
                if (message.has("method")) {
                    requestsFromServer.add(line);
                    if (message.has("id")) { // answer the server's requests with nothing
                        send(
                                "{\"jsonrpc\":\"2.0\",\"id\":"
                                        + message.get("id")
                                        + ",\"error\":{\"code\":-32601,\"message\":\"no\"}}");
                    }
                } else if (message.path("id").asInt() == id) {
                    return message;
                }
            }
            throw new AssertionError("no answer to " + method);
        }

        /** Sends one raw line; returns the next message that is not a request of the server. */
        JsonNode raw(String line) throws Exception {
            send(line);
            return next(60);
        }

        /** The next message that is not a request of the server, or null after {@code seconds}. */
        JsonNode next(int seconds) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < deadline) {
                String line = unread.poll(100, TimeUnit.MILLISECONDS);
                if (line == null) {
                    continue;
                }
                JsonNode message = JSON.readTree(line);
                if (message.isObject() && message.has("method")) {
                    requestsFromServer.add(line);
                    continue;
                }
                return message;
            }
            return null;
        }

        void notify(String method) throws IOException {
            send("{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"}");
        }

        void send(String line) throws IOException {
            in.write((line + "\n").getBytes(UTF_8));
            in.flush();
        }

        void closeInput() throws IOException {
            in.close();
        }

        /** Every line written to stdout, once the process has ended. */
        List<String> allLines() throws InterruptedException {
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            reader.join(TimeUnit.SECONDS.toMillis(30));
            synchronized (all) {
                return List.copyOf(all);
            }
        }

        @Override
        public void close() {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }
}
