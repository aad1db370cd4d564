package dev.csl.cli.serve;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.JsonNode;
import dev.csl.cli.rpc.MessageReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.SequenceInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two framings of {@code csl serve} without npm: the server in process, fed bytes as a client
 * writes them, over the recording backend. Every case must end (a wrong header is answered or ends
 * the stream cleanly, never a hang or a stack trace).
 */
class ServeFramingTest {
    @TempDir Path tmp;

    private final ByteArrayOutputStream log = new ByteArrayOutputStream();
    private int exitCode = -1;

    private static final String PARSE_1 =
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"parse\",\"params\":{\"answer\":\"a\"}}";
    private static final String PARSE_2 =
            "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"parse\",\"params\":{\"answer\":\"é\"}}";

    /** Serves {@code input} to its end with {@code framing}; returns what the server wrote. */
    private String serve(String framing, InputStream input) {
        return assertTimeoutPreemptively(
                dev.csl.cli.Hang.LIMIT,
                () -> {
                    ByteArrayOutputStream out = new ByteArrayOutputStream();
                    JsonRpcServer server =
                            new JsonRpcServer(
                                            new JsonRpcServerTest.FakeBackend(),
                                            tmp,
                                            2,
                                            RpcClient.JSON,
                                            new PrintStream(log, true, UTF_8))
                                    .framing(framing);
                    exitCode = server.serve(input, out);
                    return out.toString(UTF_8);
                },
                () -> dev.csl.cli.Hang.message("serving with " + framing + " framing"));
    }

    private String serve(String framing, String input) {
        return serve(framing, new ByteArrayInputStream(input.getBytes(UTF_8)));
    }

    private static String header(String json) {
        return "Content-Length: " + json.getBytes(UTF_8).length + "\r\n\r\n" + json;
    }

    /** The messages of header-framed output, each checked to carry a correct Content-Length. */
    private static List<JsonNode> messages(String output) throws Exception {
        byte[] bytes = output.getBytes(UTF_8);
        List<JsonNode> messages = new ArrayList<>();
        int at = 0;
        while (at < bytes.length) {
            String rest = new String(bytes, at, bytes.length - at, UTF_8);
            assertThat(rest).startsWith("Content-Length: ");
            int end = rest.indexOf("\r\n\r\n");
            int length = Integer.parseInt(rest.substring("Content-Length: ".length(), end));
            int body = at + rest.substring(0, end + 4).getBytes(UTF_8).length;
            messages.add(RpcClient.JSON.readTree(new String(bytes, body, length, UTF_8)));
            at = body + length;
        }
        return messages;
    }

    private static List<JsonNode> lines(String output) throws Exception {
        List<JsonNode> messages = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (!line.isEmpty()) {
                messages.add(RpcClient.JSON.readTree(line));
            }
        }
        return messages;
    }

    @Test
    void framingHeader_headerRequests_answeredWithContentLengthInBytes() throws Exception {
        String out = serve("header", header(PARSE_1) + header(PARSE_2));

        List<JsonNode> answers = messages(out);
        assertThat(answers).extracting(m -> m.path("id").asInt()).containsExactlyInAnyOrder(1, 2);
        assertThat(answers).allMatch(m -> m.has("result"));
        assertThat(exitCode).isZero();
    }

    @Test
    void framingLine_headerLookingInput_eachLineIsAParseErrorAndAnswersAreLines() throws Exception {
        String out = serve("line", "Content-Length: 10\r\n\r\n" + PARSE_1 + "\n");

        List<JsonNode> answers = lines(out);
        assertThat(out).doesNotContain("Content-Length");
        assertThat(answers.get(0).at("/error/code").asInt()).isEqualTo(-32700);
        assertThat(answers.get(answers.size() - 1).path("id").asInt()).isEqualTo(1);
    }

    @Test
    void framingAuto_firstBytesDecide_headersOrLines() throws Exception {
        String headers = serve("auto", header(PARSE_1));
        String plain = serve("auto", PARSE_1 + "\n" + PARSE_2 + "\n");

        assertThat(messages(headers)).singleElement().matches(m -> m.path("id").asInt() == 1);
        assertThat(lines(plain)).hasSize(2).allMatch(m -> m.has("result"));
        assertThat(plain).doesNotContain("Content-Length");
    }

    @Test
    void framingAuto_lowerCaseHeaderAndContentType_readAsLspWritesThem() throws Exception {
        String out =
                serve(
                        "auto",
                        "content-length: "
                                + PARSE_2.getBytes(UTF_8).length
                                + "\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8"
                                + "\r\n\r\n"
                                + PARSE_2
                                + "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n"
                                + "Content-Length: "
                                + PARSE_1.length()
                                + "\r\n\r\n"
                                + PARSE_1);

        assertThat(messages(out))
                .extracting(m -> m.path("id").asInt())
                .containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void badContentLength_answeredWithAParseErrorThenACleanStop() throws Exception {
        for (String value : List.of("abc", "-5", "12x", "99999999999999999999")) {
            String out =
                    serve(
                            "auto",
                            "Content-Length: " + value + "\r\n\r\n" + PARSE_1 + header(PARSE_2));

            List<JsonNode> answers = messages(out);
            assertThat(answers).as(value).hasSize(1);
            assertThat(answers.get(0).at("/error/code").asInt()).isEqualTo(-32700);
            assertThat(answers.get(0).path("id").isNull()).isTrue();
            assertThat(answers.get(0).at("/error/message").asText())
                    .contains("Content-Length must be a number of bytes")
                    .contains("stops");
            assertThat(exitCode).isZero();
        }
        assertThat(log.toString(UTF_8)).doesNotContain("Exception", "\tat ");
    }

    @Test
    void headerBlockWithoutContentLength_parseErrorThenCleanStop() throws Exception {
        String out = serve("header", "Content-Type: x\r\n\r\n" + PARSE_1);

        JsonNode answer = messages(out).get(0);
        assertThat(answer.at("/error/message").asText()).contains("without Content-Length");
        assertThat(exitCode).isZero();
    }

    @Test
    void framingHeader_plainJsonLines_parseErrorThenCleanStopInsteadOfWaiting() throws Exception {
        String out = serve("header", PARSE_1 + "\n" + PARSE_2 + "\n");

        List<JsonNode> answers = messages(out);
        assertThat(answers).hasSize(1);
        assertThat(answers.get(0).at("/error/message").asText())
                .contains("expected a header such as 'Content-Length: 42'");
    }

    @Test
    void oversizedContentLength_bodySkippedWithAnErrorAndTheNextMessageAnswered() throws Exception {
        long size = MessageReader.MAX_BODY_BYTES + 1L;
        InputStream input =
                new SequenceInputStream(
                        Collections.enumeration(
                                List.of(
                                        new ByteArrayInputStream(
                                                ("Content-Length: " + size + "\r\n\r\n")
                                                        .getBytes(UTF_8)),
                                        new ZeroBytes(size),
                                        new ByteArrayInputStream(
                                                header(PARSE_1).getBytes(UTF_8)))));

        List<JsonNode> answers = messages(serve("auto", input));

        assertThat(answers).hasSize(2);
        assertThat(answers.get(0).at("/error/code").asInt()).isEqualTo(-32600);
        assertThat(answers.get(0).at("/error/message").asText())
                .contains("exceeds the limit of " + MessageReader.MAX_BODY_BYTES + " bytes");
        assertThat(answers.get(1).path("id").asInt()).isEqualTo(1);
    }

    @Test
    void oversizedContentLength_streamEndsInsideIt_cleanStop() throws Exception {
        String out = serve("auto", "Content-Length: 999999999999\r\n\r\n{\"jsonrpc\"");

        assertThat(out).isEmpty();
        assertThat(exitCode).isZero();
    }

    /** {@code n} zero bytes without holding them in memory. */
    private static final class ZeroBytes extends InputStream {
        private long left;

        ZeroBytes(long n) {
            left = n;
        }

        @Override
        public int read() {
            if (left <= 0) {
                return -1;
            }
            left--;
            return 0;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (left <= 0) {
                return -1;
            }
            int n = (int) Math.min(len, left);
            java.util.Arrays.fill(b, off, off + n, (byte) 0);
            left -= n;
            return n;
        }
    }
}
