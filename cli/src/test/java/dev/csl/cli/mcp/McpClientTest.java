package dev.csl.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.cli.ReApplyFixture;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code csl mcp} driven by the official MCP Java SDK's client (io.modelcontextprotocol.sdk, test
 * scope), which starts csl as a real child process on stdio, as Claude Desktop or an IDE would:
 * initialize, list tools and prompts, check, apply, a refused apply, undo, the prompt, roots,
 * elicitation and progress.
 */
class McpClientTest {
    @TempDir Path tmp;

    private static final String WRITE_HELLO =
            "<---WRITE file=\"hello.txt\"--->\nhello\n<---END--->\n";

    private McpSyncClient client(
            List<String> cslArgs, Function<McpClient.SyncSpec, McpClient.SyncSpec> spec) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> args = new ArrayList<>();
        args.add("-cp");
        args.add(
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path")));
        args.add("dev.csl.cli.Main");
        args.add("mcp");
        args.addAll(cslArgs);
        StdioClientTransport transport =
                new StdioClientTransport(
                        ServerParameters.builder(java).args(args).build(),
                        new JacksonMcpJsonMapper(new ObjectMapper()));
        McpClient.SyncSpec builder =
                McpClient.sync(transport)
                        .requestTimeout(Duration.ofSeconds(60))
                        .initializationTimeout(Duration.ofSeconds(60));
        McpSyncClient client = spec.apply(builder).build();
        client.initialize();
        return client;
    }

    private static McpSchema.CallToolResult call(
            McpSyncClient client, String tool, Map<String, Object> args) {
        return client.callTool(new McpSchema.CallToolRequest(tool, args));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> data(McpSchema.CallToolResult result) {
        return (Map<String, Object>) result.structuredContent();
    }

    private static String text(McpSchema.CallToolResult result) {
        return ((McpSchema.TextContent) result.content().get(0)).text();
    }

    @Test
    void check_blocksTheRealApplyRefuses_eachReportedWithTheRealCode() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("a.txt"), "a\n");
        Files.writeString(project.resolve("b.txt"), "b\n");
        try (McpSyncClient client = client(List.of("-C", project.toString()), s -> s)) {
            McpSchema.CallToolResult checked =
                    call(client, "check", Map.of("answer", dev.csl.cli.RefusedRunBlocks.ANSWER));
            McpSchema.CallToolResult applied =
                    call(client, "apply", Map.of("answer", dev.csl.cli.RefusedRunBlocks.ANSWER));
            McpSchema.CallToolResult grep =
                    call(
                            client,
                            "apply",
                            Map.of("answer", dev.csl.cli.RefusedRunBlocks.GREP_AND_DIFF));

            assertThat(checked.isError()).isTrue();
            assertThat(data(checked)).containsEntry("ok", false);
            JsonNodeView preview = new JsonNodeView(data(checked));
            JsonNodeView real = new JsonNodeView(data(applied));
            List<String> codes = dev.csl.cli.RefusedRunBlocks.CODES;
            for (int i = 0; i < codes.size(); i++) {
                assertThat(preview.at("/results/" + i + "/error/code"))
                        .isEqualTo(codes.get(i))
                        .isEqualTo(real.at("/results/" + i + "/error/code"));
            }
            assertThat(grep.isError()).as(text(grep)).isFalse();
            assertThat(text(grep)).contains("note: grep found no match");
            assertThat(project.resolve("after")).isDirectory();
        }
    }

    /** Reads a structured result by JSON pointer. */
    private record JsonNodeView(Map<String, Object> data) {
        String at(String pointer) {
            return new ObjectMapper().valueToTree(data).at(pointer).asText();
        }
    }

    @Test
    void wholeFlow_initializeListCheckApplyRefusedUndoAndPrompt() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Path outside = Files.writeString(tmp.resolve("outside.txt"), "outside\n");
        try (McpSyncClient client = client(List.of("-C", project.toString()), s -> s)) {
            McpSchema.InitializeResult init = client.getCurrentInitializationResult();
            assertThat(init.serverInfo().name()).isEqualTo("csl");
            assertThat(McpServer.PROTOCOL_VERSIONS).contains(init.protocolVersion());

            List<McpSchema.Tool> tools = client.listTools().tools();
            assertThat(tools)
                    .extracting(McpSchema.Tool::name)
                    .containsExactly("apply", "check", "undo");
            McpSchema.Tool check = tools.get(1);
            assertThat(check.annotations().readOnlyHint()).isTrue();
            assertThat(tools.get(0).annotations().destructiveHint()).isTrue();
            assertThat(tools.get(0).inputSchema()).containsKey("properties");
            assertThat(tools.get(0).outputSchema()).containsEntry("type", "object");

            McpSchema.CallToolResult checked = call(client, "check", Map.of("answer", WRITE_HELLO));
            assertThat(checked.isError()).isFalse();
            assertThat(data(checked)).containsEntry("dryRun", true).containsEntry("ok", true);
            assertThat(project.resolve("hello.txt")).doesNotExist();

            McpSchema.CallToolResult applied = call(client, "apply", Map.of("answer", WRITE_HELLO));
            assertThat(applied.isError()).isFalse();
            assertThat(text(applied)).contains("✔ 1 WRITE hello.txt (created, 1 line)");
            assertThat(project.resolve("hello.txt")).hasContent("hello");

            McpSchema.CallToolResult refused =
                    call(
                            client,
                            "apply",
                            Map.of(
                                    "answer",
                                    "<---WRITE file=\"../outside.txt\"--->\npwned\n<---END--->\n"));
            assertThat(refused.isError()).isTrue();
            assertThat(text(refused)).contains("path_escape");
            assertThat(outside).hasContent("outside");

            McpSchema.CallToolResult undone = call(client, "undo", Map.of());
            assertThat(undone.isError()).isFalse();
            assertThat(project.resolve("hello.txt")).doesNotExist();

            assertThat(client.listPrompts().prompts())
                    .extracting(McpSchema.Prompt::name)
                    .containsExactly("instructions");
            McpSchema.GetPromptResult prompt =
                    client.getPrompt(new McpSchema.GetPromptRequest("instructions", Map.of()));
            assertThat(((McpSchema.TextContent) prompt.messages().get(0).content()).text())
                    .contains("<---WRITE file=")
                    .contains("## Built-in commands");
        }
    }

    @Test
    void strictAndFuzzyArguments_asTheCliOptions() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("p"));
        Files.writeString(project.resolve("f.py"), "if x:\n\treturn 1\n");
        String answer =
                "<---SEARCH file=\"f.py\"--->\n    return 1\n<---REPLACE--->\n    return 2\n<---END--->\n";
        try (McpSyncClient client = client(List.of("-C", project.toString()), s -> s)) {
            McpSchema.CallToolResult strict =
                    call(
                            client,
                            "apply",
                            Map.of("answer", answer, "fuzzy", "whitespace", "strict", true));
            McpSchema.CallToolResult fuzzy =
                    call(client, "apply", Map.of("answer", answer, "fuzzy", "whitespace"));

            assertThat(strict.isError()).isTrue();
            assertThat(fuzzy.isError()).as(text(fuzzy)).isFalse();
            assertThat(text(fuzzy)).contains("⚠ The SEARCH pattern for 'f.py' matched lines 2-2");
            assertThat(project.resolve("f.py")).hasContent("if x:\n\treturn 2");
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void apply_sameAnswerTwice_checkAndApplySayNoOpTheSecondTime() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("again"));
        ReApplyFixture.prepare(project);
        Map<String, Object> args = Map.of("answer", ReApplyFixture.ANSWER);
        try (McpSyncClient client = client(List.of("-C", project.toString()), s -> s)) {
            McpSchema.CallToolResult first = call(client, "apply", args);
            McpSchema.CallToolResult check = call(client, "check", args);
            McpSchema.CallToolResult second = call(client, "apply", args);

            assertThat(first.isError()).as(text(first)).isFalse();
            for (McpSchema.CallToolResult again : List.of(check, second)) {
                assertThat(again.isError()).as(text(again)).isFalse();
                List<String> statuses = new ArrayList<>();
                for (Object r : (List<Object>) data(again).get("results")) {
                    Map<String, Object> result = (Map<String, Object>) r;
                    statuses.add((String) result.get("status"));
                    for (Object c : (List<Object>) result.getOrDefault("results", List.of())) {
                        statuses.add((String) ((Map<String, Object>) c).get("status"));
                    }
                }
                assertThat(statuses).containsExactly(ReApplyFixture.SECOND_STATUSES);
            }
            assertThat(project.resolve("app.py")).hasContent(ReApplyFixture.APP_AFTER.strip());
        }
    }

    @Test
    void roots_workingDirectoryIsTheFirstRootAndOutsideEveryRootIsRefused() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("shared"));
        Path other = Files.createDirectories(tmp.resolve("other"));
        try (McpSyncClient client =
                client(
                        List.of(),
                        s ->
                                s.capabilities(
                                                McpSchema.ClientCapabilities.builder()
                                                        .roots(true)
                                                        .build())
                                        .roots(
                                                new McpSchema.Root(
                                                        project.toUri().toString(), "project")))) {
            McpSchema.CallToolResult applied = call(client, "apply", Map.of("answer", WRITE_HELLO));
            McpSchema.CallToolResult outside =
                    call(
                            client,
                            "apply",
                            Map.of("answer", WRITE_HELLO, "workingDir", other.toString()));

            assertThat(applied.isError()).as(text(applied)).isFalse();
            assertThat(project.resolve("hello.txt")).hasContent("hello");
            assertThat(outside.isError()).isTrue();
            assertThat(text(outside)).contains("outside every root");
            assertThat(other.resolve("hello.txt")).doesNotExist();
        }
    }

    @Test
    void unapprovedCommand_askedThroughElicitation_orRefusedWithTheHintWithout()
            throws IOException {
        Path project = Files.createDirectories(tmp.resolve("p"));
        String answer = "<---RUN--->\ntrue\n<---END--->\n";
        List<String> asked = new CopyOnWriteArrayList<>();
        try (McpSyncClient client =
                client(
                        List.of("-C", project.toString()),
                        s ->
                                s.capabilities(
                                                McpSchema.ClientCapabilities.builder()
                                                        .elicitation()
                                                        .build())
                                        .elicitation(
                                                request -> {
                                                    asked.add(request.message());
                                                    return new McpSchema.ElicitResult(
                                                            McpSchema.ElicitResult.Action.ACCEPT,
                                                            Map.of("decision", "yes"));
                                                }))) {
            McpSchema.CallToolResult ran = call(client, "apply", Map.of("answer", answer));

            assertThat(asked).singleElement().asString().contains("'true'");
            assertThat(ran.isError()).as(text(ran)).isFalse();
        }
        try (McpSyncClient client = client(List.of("-C", project.toString()), s -> s)) {
            McpSchema.CallToolResult refused = call(client, "apply", Map.of("answer", answer));

            assertThat(refused.isError()).isTrue();
            assertThat(text(refused)).contains("command_not_approved");
        }
    }

    @Test
    void longRun_withAProgressToken_sendsProgressNotifications() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("p"));
        List<McpSchema.ProgressNotification> progress = new CopyOnWriteArrayList<>();
        String answer =
                "<---RUN lang=\"node\"--->\nfor (let i = 1; i <= 3; i++) console.log('step ' + i);\n<---END--->\n";
        org.junit.jupiter.api.Assumptions.assumeTrue(
                Stream.of(System.getenv("PATH").split(":"))
                        .anyMatch(d -> Files.isExecutable(Path.of(d, "node"))),
                "node is not installed");
        try (McpSyncClient client =
                client(List.of("-C", project.toString()), s -> s.progressConsumer(progress::add))) {
            McpSchema.CallToolResult ran =
                    client.callTool(
                            new McpSchema.CallToolRequest(
                                    "apply",
                                    Map.of("answer", answer),
                                    Map.of("progressToken", "t1")));

            assertThat(ran.isError()).as(text(ran)).isFalse();
            assertThat(progress)
                    .extracting(McpSchema.ProgressNotification::message)
                    .contains("node (CommonJS, 1 line): step 1", "node (CommonJS, 1 line): step 3");
            assertThat(progress).allSatisfy(p -> assertThat(p.progressToken()).isEqualTo("t1"));
        }
    }
}
