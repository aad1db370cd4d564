package dev.csl.cli.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.cli.rpc.RequestCheck.Dialect;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** One message rule for both servers, with MCP's stricter ids and its responses. */
class RequestCheckTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(
            delimiter = '|',
            value = {
                "JSON_RPC | {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"apply\"} | ok",
                "JSON_RPC | {\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"apply\"} | ok",
                "JSON_RPC | {\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"apply\"} | ok",
                "JSON_RPC | {\"jsonrpc\":\"2.0\",\"method\":\"apply\"} | ok",
                "JSON_RPC | [] | a message must be a JSON object",
                "JSON_RPC | {\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"apply\"} | 'jsonrpc'",
                "JSON_RPC | {\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"apply\"} | 'id' must be",
                "JSON_RPC | {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":42} | 'method'",
                "JSON_RPC | {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}} | 'method'",
                "MCP | {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"} | ok",
                "MCP | {\"jsonrpc\":\"2.0\",\"id\":\"csl-1\",\"result\":{}} | ok",
                "MCP | {\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\"} | must not be null",
                "MCP | {\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"tools/list\"} | integer",
                "MCP | {\"jsonrpc\":\"2.0\",\"result\":{}} | a request needs a 'method'",
            })
    void problem_eachRule_namedInTheMessage(Dialect dialect, String message, String expected)
            throws Exception {
        RequestCheck.Problem problem = RequestCheck.problem(JSON.readTree(message), dialect);
        if (expected.equals("ok")) {
            assertThat(problem).isNull();
        } else {
            assertThat(problem).isNotNull();
            assertThat(problem.error().code()).isEqualTo(RpcError.INVALID_REQUEST);
            assertThat(problem.message()).startsWith("Invalid request: ").contains(expected);
        }
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"{\"jsonrpc\":\"1.0\",\"id\":7,\"method\":\"x\"}"})
    void problem_requestWithAnId_carriesItsId(String message) throws Exception {
        JsonNode id = RequestCheck.problem(JSON.readTree(message), Dialect.MCP).id();
        assertThat(id.asInt()).isEqualTo(7);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {"\"1\" | 1"})
    void key_stringAndNumber_apart(String string, String number) throws Exception {
        assertThat(RequestCheck.key(JSON.readTree(string)))
                .isNotEqualTo(RequestCheck.key(JSON.readTree(number)));
    }
}
