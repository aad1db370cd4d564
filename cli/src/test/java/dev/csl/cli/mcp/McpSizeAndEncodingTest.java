package dev.csl.cli.mcp;

import static dev.csl.cli.BigMessages.ANSWER;
import static dev.csl.cli.BigMessages.LIMIT;
import static dev.csl.cli.BigMessages.request;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.csl.cli.BigMessages;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code csl mcp} fed through a pipe: a request far over Jackson's default string limit is
 * parsed and answered with its id, and so is one carrying a 64 MiB answer; one over the limit is
 * read past and refused with its id, one that is not UTF-8 is refused before any tool runs, and
 * serving goes on after each.
 */
class McpSizeAndEncodingTest {
    @TempDir Path dir;

    @Test
    void everyRequestUpToTheLimitIsParsed_largerOnesAndNonUtf8AreRefusedWithTheirId()
            throws Exception {
        String apply =
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":"
                        + "\"apply\",\"arguments\":{\"answer\":\"<---WRITE file=\\\"a.txt\\\"--->"
                        + "\\nh\u0001llo\\n<---END--->\"}}}";
        List<java.util.function.Supplier<byte[]>> messages =
                List.of(
                        () ->
                                ("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                                                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},"
                                                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}")
                                        .getBytes(UTF_8),
                        () ->
                                "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"
                                        .getBytes(UTF_8),
                        () -> request(1, "no/such", 25_000_000), // over 20 million characters
                        // a 64 MiB answer of line breaks, each escaped: 128 MiB of JSON
                        () -> BigMessages.escapedNewlines(2, "no/such", ANSWER),
                        () -> request("three", "tools/list", LIMIT + 10), // over the limit
                        () -> BigMessages.withBadByte(apply),
                        () -> "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}".getBytes(UTF_8));

        Map<String, JsonNode> answers =
                BigMessages.exchange(dir, false, messages, "mcp", "-C", dir.toString());

        assertThat(answers.get("1").path("error").path("code").asInt()).isEqualTo(-32601);
        assertThat(answers.get("2").path("error").path("code").asInt()).isEqualTo(-32601);
        assertThat(answers.get("three").path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(answers.get("4").path("error").path("code").asInt()).isEqualTo(-32700);
        assertThat(answers.get("4").path("error").path("message").asText()).contains("not UTF-8");
        assertThat(answers.get("5").has("result")).isTrue();
        assertThat(answers).doesNotContainKey("null");
        assertThat(dir.resolve("a.txt")).doesNotExist();
    }
}
