package dev.csl.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.csl.cli.ReApplyFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drives a real {@code csl serve} subprocess over stdin/stdout. */
class ServeProcessTest {
    @TempDir Path tmp;

    @Test
    void serve_malformedRequests_answersErrorObjectsAndKeepsServing() throws Exception {
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            RpcClient client = serve.client;
            client.sendLine("this is not json");
            JsonNode parseError = client.next();
            JsonNode unknown = client.call(1, "frobnicate", Map.of());
            JsonNode missing = client.call(2, "apply", Map.of("answer", "x"));
            client.send(3, "shutdown", null);

            assertThat(parseError.at("/error/code").asInt()).isEqualTo(-32700);
            assertThat(unknown.at("/error/code").asInt()).isEqualTo(-32601);
            assertThat(missing.at("/error/code").asInt()).isEqualTo(-32602);
            assertThat(missing.at("/error/message").asText()).contains("workingDir");
            assertThat(client.awaitId(3).has("result")).isTrue();
            assertThat(serve.awaitExit()).isZero();
        }
    }

    @Test
    void serve_endOfInput_exitsCleanlyWithoutWritingAnything() throws Exception {
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            serve.client.closeInput();

            assertThat(serve.awaitExit()).isZero();
            assertThat(serve.client.rest()).isEmpty();
        }
    }

    @Test
    void serve_everyStdoutLine_isAJsonRpcResponse() throws Exception {
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            RpcClient client = serve.client;
            client.sendLine("{");
            client.send(1, "parse", Map.of());
            client.send(2, "undo", Map.of("workingDir", tmp.toString(), "force", "no"));
            client.closeInput();
            serve.awaitExit();

            List<String> lines = client.rest();
            assertThat(lines).hasSize(3);
            for (String line : lines) {
                JsonNode message = RpcClient.JSON.readTree(line);
                assertThat(message.path("jsonrpc").asText()).isEqualTo("2.0");
                assertThat(message.has("id")).isTrue();
            }
        }
        assertThat(Files.exists(tmp.resolve(".csl"))).isFalse();
    }

    @Test
    void parse_validAndBrokenAnswers_returnsTheParseJsonDocuments() throws Exception {
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            JsonNode ok =
                    serve.client.call(
                            1,
                            "parse",
                            Map.of("answer", "<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n"));
            JsonNode broken = serve.client.call(2, "parse", Map.of("answer", "<---WRITE--->\nx"));
            JsonNode custom =
                    serve.client.call(
                            3,
                            "parse",
                            Map.of(
                                    "answer",
                                    "@[[RUN]]@\nls\n@[[END]]@",
                                    "startDelimiter",
                                    "@[[",
                                    "endDelimiter",
                                    "]]@"));

            assertThat(ok.at("/result/ok").asBoolean()).isTrue();
            assertThat(ok.at("/result/ast/0/type").asText()).isEqualTo("WRITE");
            assertThat(ok.at("/result/ast/0/content").asText()).isEqualTo("hi");
            assertThat(broken.at("/result/ok").asBoolean()).isFalse();
            assertThat(broken.at("/result/syntaxErrors/0/error").asText())
                    .isEqualTo("Line 1: Unterminated WRITE operation");
            assertThat(custom.at("/result/ast/0/type").asText()).isEqualTo("RUN");
        }
    }

    private static final String WRITE_HELLO =
            "<---WRITE file=\"hello.txt\"--->\nhello\n<---END--->\n";

    @Test
    void apply_dryRunOfBlocksTheRealApplyRefuses_eachRefusedWithTheRealCode() throws Exception {
        Path project = Files.createDirectory(tmp.resolve("project"));
        Files.writeString(project.resolve("a.txt"), "a\n");
        Files.writeString(project.resolve("b.txt"), "b\n");
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            RpcClient client = serve.client;
            JsonNode preview =
                    client.call(
                            1,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    "project",
                                    "answer",
                                    dev.csl.cli.RefusedRunBlocks.ANSWER,
                                    "dryRun",
                                    true));
            JsonNode applied =
                    client.call(
                            2,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    "project",
                                    "answer",
                                    dev.csl.cli.RefusedRunBlocks.ANSWER));
            JsonNode grep =
                    client.call(
                            3,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    "project",
                                    "answer",
                                    dev.csl.cli.RefusedRunBlocks.GREP_AND_DIFF));

            assertThat(preview.at("/result/ok").asBoolean()).isFalse();
            List<String> codes = dev.csl.cli.RefusedRunBlocks.CODES;
            for (int i = 0; i < codes.size(); i++) {
                assertThat(preview.at("/result/results/" + i + "/error/code").asText())
                        .isEqualTo(codes.get(i))
                        .isEqualTo(applied.at("/result/results/" + i + "/error/code").asText());
            }
            assertThat(grep.at("/result/ok").asBoolean()).as(grep.toString()).isTrue();
            assertThat(grep.at("/result/results/0/commands/0/exitCode").asInt()).isEqualTo(1);
            assertThat(grep.at("/result/results/0/note").asText())
                    .startsWith("grep found no match")
                    .contains("the files differ");
            assertThat(project.resolve("after")).isDirectory();
        }
    }

    @Test
    void apply_dryRunThenApplyThenUndo_roundTrips() throws Exception {
        Path project = Files.createDirectory(tmp.resolve("project"));
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            RpcClient client = serve.client;
            JsonNode preview =
                    client.call(
                            1,
                            "apply",
                            Map.of("workingDir", "project", "answer", WRITE_HELLO, "dryRun", true));
            assertThat(preview.at("/result/ok").asBoolean()).isTrue();
            assertThat(preview.at("/result/dryRun").asBoolean()).isTrue();
            assertThat(project.resolve("hello.txt")).doesNotExist();

            JsonNode applied =
                    client.call(
                            2,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    project.toString(),
                                    "answer",
                                    WRITE_HELLO,
                                    "expectPlan",
                                    preview.at("/result/planHash").asText()));
            assertThat(applied.at("/result/ok").asBoolean()).isTrue();
            assertThat(applied.at("/result/results/0/status").asText()).isEqualTo("ok");
            assertThat(applied.at("/result/workingDir").asText())
                    .isEqualTo(project.toRealPath().toString());
            assertThat(project.resolve("hello.txt")).hasContent("hello");

            JsonNode undone = client.call(3, "undo", Map.of("workingDir", project.toString()));
            assertThat(undone.at("/result/ok").asBoolean()).isTrue();
            assertThat(project.resolve("hello.txt")).doesNotExist();

            client.send(4, "shutdown", null);
            assertThat(client.awaitId(4).has("result")).isTrue();
            assertThat(serve.awaitExit()).isZero();
        }
    }

    @Test
    void apply_sameAnswerTwice_secondTimeEveryEditIsNoOp() throws Exception {
        Path project = Files.createDirectory(tmp.resolve("project"));
        ReApplyFixture.prepare(project);
        Map<String, Object> params =
                Map.of("workingDir", project.toString(), "answer", ReApplyFixture.ANSWER);
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            JsonNode first = serve.client.call(1, "apply", params);
            JsonNode second = serve.client.call(2, "apply", params);

            assertThat(first.at("/result/ok").asBoolean()).as(first.toPrettyString()).isTrue();
            assertThat(second.at("/result/ok").asBoolean()).as(second.toPrettyString()).isTrue();
            assertThat(statuses(second.at("/result/results")))
                    .containsExactly(ReApplyFixture.SECOND_STATUSES);
            assertThat(project.resolve("app.py")).hasContent(ReApplyFixture.APP_AFTER.strip());
        }
    }

    /** The status of each result, a TASKS block's children after it. */
    static List<String> statuses(JsonNode results) {
        List<String> out = new ArrayList<>();
        for (JsonNode result : results) {
            out.add(result.get("status").asText());
            result.path("results").forEach(child -> out.add(child.get("status").asText()));
        }
        return out;
    }

    @Test
    void apply_failingOperations_areInTheResultNotAnRpcError() throws Exception {
        Path project = Files.createDirectory(tmp.resolve("project"));
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            JsonNode response =
                    serve.client.call(
                            1,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    project.toString(),
                                    "answer",
                                    "<---WRITE file=\"../out.txt\"--->\nx\n<---END--->\n"));

            assertThat(response.has("error")).isFalse();
            assertThat(response.at("/result/ok").asBoolean()).isFalse();
            assertThat(response.at("/result/results/0/error/code").asText())
                    .isEqualTo("path_escape");
            assertThat(tmp.resolve("out.txt")).doesNotExist();
        }
    }

    @Test
    void apply_fuzzyAndStrictParams_adjustOrRefuseAWhitespaceOnlyMatch() throws Exception {
        Path project = Files.createDirectory(tmp.resolve("project"));
        Files.writeString(project.resolve("f.py"), "if x:\n\treturn 1\n");
        String answer =
                "<---SEARCH file=\"f.py\"--->\n    return 1\n<---REPLACE--->\n    return 2\n"
                        + "<---END--->\n";
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            JsonNode strict =
                    serve.client.call(
                            1,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    "project",
                                    "answer",
                                    answer,
                                    "fuzzy",
                                    "whitespace",
                                    "strict",
                                    true));
            JsonNode fuzzy =
                    serve.client.call(
                            2,
                            "apply",
                            Map.of(
                                    "workingDir",
                                    "project",
                                    "answer",
                                    answer,
                                    "fuzzy",
                                    "whitespace"));
            JsonNode bad =
                    serve.client.call(
                            3,
                            "apply",
                            Map.of("workingDir", "project", "answer", answer, "fuzzy", "all"));

            assertThat(strict.at("/result/results/0/error/code").asText())
                    .isEqualTo("match_count_mismatch");
            assertThat(fuzzy.at("/result/results/0/warnings/0/code").asText())
                    .isEqualTo("whitespace_adjusted");
            assertThat(project.resolve("f.py")).hasContent("if x:\n\treturn 2");
            assertThat(bad.at("/error/code").asInt()).isEqualTo(-32602);
        }
    }

    @Test
    void apply_sameDirectoryFromManyRequests_noUpdateLost() throws Exception {
        Path project = Files.createDirectory(tmp.resolve("project"));
        int requests = 40;
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            for (int i = 0; i < requests; i++) {
                serve.client.send(
                        i,
                        "apply",
                        Map.of(
                                "workingDir",
                                project.toString(),
                                "answer",
                                "<---WRITE file=\"log.txt\" append=\"true\"--->\nline "
                                        + i
                                        + "\n<---END--->\n"));
            }
            for (int i = 0; i < requests; i++) {
                assertThat(serve.client.awaitId(i).at("/result/ok").asBoolean()).isTrue();
            }
        }
        // Every append read the file the previous one wrote, in the order the requests came.
        List<String> expected = new java.util.ArrayList<>();
        for (int i = 0; i < requests; i++) {
            expected.add("line " + i);
        }
        assertThat(Files.readAllLines(project.resolve("log.txt"))).isEqualTo(expected);
    }

    @Test
    void apply_twoDirectories_slowOneDoesNotHoldUpTheOther() throws Exception {
        Path slow = Files.createDirectory(tmp.resolve("slow"));
        Path fast = Files.createDirectory(tmp.resolve("fast"));
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            serve.client.send(
                    1,
                    "apply",
                    Map.of(
                            "workingDir",
                            slow.toString(),
                            "answer",
                            // runs until the test says go: slow however fast the machine is
                            "<---RUN--->\nsh -c 'touch started; while [ ! -e go ]; do sleep"
                                    + " 0.05; done'\n<---END--->\n",
                            "allow",
                            List.of("sh *"),
                            "sandbox",
                            "off"));
            long deadline = System.nanoTime() + dev.csl.cli.Hang.LIMIT.toNanos();
            while (!Files.exists(slow.resolve("started"))) {
                assertThat(System.nanoTime())
                        .as(dev.csl.cli.Hang.message("the start of the slow apply's command"))
                        .isLessThan(deadline);
                Thread.sleep(20);
            }
            JsonNode quick =
                    serve.client.call(
                            2,
                            "apply",
                            Map.of("workingDir", fast.toString(), "answer", WRITE_HELLO));

            // The quick one is answered first, while the slow one is still waiting.
            assertThat(quick.at("/result/ok").asBoolean()).isTrue();
            Files.writeString(slow.resolve("go"), "");
            JsonNode sleeper = serve.client.awaitId(1);
            assertThat(sleeper.at("/result/ok").asBoolean()).as(sleeper.toString()).isTrue();
            assertThat(serve.client.arrivals()).containsExactly("2", "1");

            // The warm workers the server keeps die with it.
            List<ProcessHandle> children = serve.process.descendants().toList();
            serve.client.send(3, "shutdown", null);
            assertThat(serve.awaitExit()).isZero();
            for (ProcessHandle child : children) {
                dev.csl.cli.Hang.guard(
                        "the exit of serve's worker " + child.info(), () -> child.onExit().get());
                assertThat(child.isAlive()).as(child.info().toString()).isFalse();
            }
        }
    }

    @Test
    void doctor_reportsEveryCheck() throws Exception {
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            JsonNode response = serve.client.call(1, "doctor", null);

            assertThat(response.has("error")).as(response.toString()).isFalse();
            assertThat(response.at("/result/checks").size()).isGreaterThan(2);
            assertThat(response.at("/result/checks/0/name").asText()).isNotEmpty();
            assertThat(response.at("/result/ok").isBoolean()).isTrue();
        }
    }
}
