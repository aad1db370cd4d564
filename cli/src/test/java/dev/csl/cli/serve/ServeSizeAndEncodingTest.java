package dev.csl.cli.serve;

import static dev.csl.cli.BigMessages.ANSWER;
import static dev.csl.cli.BigMessages.LIMIT;
import static dev.csl.cli.BigMessages.request;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.csl.cli.BigMessages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real {@code csl serve} fed through a pipe, in each framing: a request far over Jackson's
 * default string limit, or carrying a 64 MiB answer, is parsed and answered with its id; one over
 * the limit (129 MiB) is read past (a pipe cannot seek) and refused with its id; one that is not
 * UTF-8 is refused and writes nothing; and serving goes on after each.
 */
class ServeSizeAndEncodingTest {
    @TempDir Path dir;

    @ParameterizedTest(name = "headers: {0}")
    @ValueSource(booleans = {false, true})
    void everyRequestUpToTheLimitIsParsed_largerOnesAndNonUtf8AreRefusedWithTheirId(boolean headers)
            throws Exception {
        String badAnswer =
                "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"apply\",\"params\":{\"workingDir\":\".\","
                        + "\"answer\":\"<---WRITE file=\\\"a.txt\\\"--->\\nh\u0001llo\\n<---END--->\"}}";
        List<java.util.function.Supplier<byte[]>> messages =
                List.of(
                        () -> request(1, "noSuchMethod", 25_000_000), // over 20 million chars
                        // a 64 MiB answer of line breaks, each escaped: 128 MiB of JSON
                        () -> BigMessages.escapedNewlines(2, "noSuchMethod", ANSWER),
                        () -> request(6, "noSuchMethod", LIMIT - 100), // the largest that fits
                        () -> request("three", "parse", LIMIT + 10), // over the limit
                        () -> BigMessages.withBadByte(badAnswer),
                        () ->
                                "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"nope\"}"
                                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));

        Map<String, JsonNode> answers =
                BigMessages.exchange(dir, headers, messages, "serve", "--threads", "1");

        assertThat(answers.get("1").path("error").path("code").asInt()).isEqualTo(-32601);
        assertThat(answers.get("2").path("error").path("code").asInt()).isEqualTo(-32601);
        assertThat(answers.get("6").path("error").path("code").asInt()).isEqualTo(-32601);
        assertThat(answers.get("three").path("error").path("code").asInt()).isEqualTo(-32600);
        assertThat(answers.get("three").path("error").path("message").asText())
                .contains("exceeds the limit of " + LIMIT + " bytes");
        assertThat(answers.get("4").path("error").path("code").asInt()).isEqualTo(-32700);
        assertThat(answers.get("4").path("error").path("message").asText())
                .contains("not UTF-8", "0xFF");
        assertThat(answers.get("5").path("error").path("code").asInt()).isEqualTo(-32601);
        assertThat(answers).doesNotContainKey("null");
        assertThat(dir.resolve("a.txt")).doesNotExist();
        assertThat(Files.readString(dir.resolve("stderr.log"))).doesNotContain("Illegal seek");
    }
}
