package dev.csl.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
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
}
