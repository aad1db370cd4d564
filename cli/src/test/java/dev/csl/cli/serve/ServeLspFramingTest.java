package dev.csl.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code csl serve} driven by vscode-jsonrpc (npm), the library VS Code extensions talk to their
 * backends with: its stock StreamMessageReader/StreamMessageWriter use LSP's Content-Length
 * framing, which serve detects from the first bytes and answers in. The package comes from the
 * project's own package.json and lock file ({@code cli/src/test/js/serve-client}), installed with
 * {@code npm ci} into target/ on first use.
 */
class ServeLspFramingTest {

    @TempDir Path tmp;

    @Test
    void vscodeJsonrpcClient_parseApplyInvalidParamsUndoCancel_overContentLengthFraming()
            throws Exception {
        Path installed =
                dev.csl.cli.NpmClient.install(
                        "serve-client", "vscode-jsonrpc", java.util.List.of("serve-client.cjs"));
        Path project = Files.createDirectories(tmp.resolve("project"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));

        String out =
                dev.csl.cli.NpmClient.run(
                        installed.resolve("serve-client.cjs"), java, classPath, project.toString());

        JsonNode got = new ObjectMapper().readTree(out.strip());
        assertThat(got.at("/parsed/ok").asBoolean()).isTrue();
        assertThat(got.at("/applied/ok").asBoolean()).isTrue();
        assertThat(got.at("/applied/results/0/status").asText()).isEqualTo("ok");
        assertThat(got.path("content").asText()).isEqualTo("h\u00e9llo \u2713\n");
        assertThat(got.at("/invalid/code").asInt()).isEqualTo(-32602);
        assertThat(got.at("/undone/ok").asBoolean()).isTrue();
        assertThat(project.resolve("a.txt")).doesNotExist();
        // $/cancelRequest: the queued apply never ran, the running one stopped and rolled back,
        // both answered with LSP's RequestCancelled.
        assertThat(got.at("/cancelledQueued/code").asInt()).as(out).isEqualTo(-32800);
        assertThat(project.resolve("queued.txt")).doesNotExist();
        assertThat(got.at("/cancelledRunning/code").asInt()).as(out).isEqualTo(-32800);
        assertThat(got.at("/cancelledRunning/data/results/0/status").asText()).isEqualTo("error");
        assertThat(project.resolve("t.txt")).as("the TASKS block rolled back").doesNotExist();
    }

    /**
     * vscode-jsonrpc at the edges of size, through the pipe that is serve's stdin, in LSP's framing
     * (its stock reader and writer) and one message per line (a line reader and writer plugged into
     * the same connection): a message one byte over the limit is skipped and refused -32600 with
     * the request's id (the connection rejects that request's promise) and serving goes on; a 32
     * MiB answer is parsed and answered with its own id beside a small request sent with it.
     */
    @ParameterizedTest
    @ValueSource(strings = {"header", "line"})
    void vscodeJsonrpcClient_overLimitAndLargeRequests_refusedOrAnsweredWithTheirIds(String framing)
            throws Exception {
        Path installed =
                dev.csl.cli.NpmClient.install(
                        "serve-client",
                        "vscode-jsonrpc",
                        java.util.List.of("serve-client.cjs", "serve-sizes.cjs"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        int large = 32 << 20;

        String out =
                dev.csl.cli.NpmClient.run(
                        installed.resolve("serve-sizes.cjs"),
                        java,
                        classPath,
                        framing,
                        String.valueOf(dev.csl.cli.BigMessages.LIMIT),
                        String.valueOf(large));

        JsonNode got = new ObjectMapper().readTree(out.strip());
        assertThat(got.at("/first/ok").asBoolean()).as(out).isTrue();
        assertThat(got.at("/over/code").asInt()).as(out).isEqualTo(-32600);
        assertThat(got.at("/over/message").asText()).contains("exceeds the limit", "skipped");
        assertThat(got.at("/afterOver/ok").asBoolean()).as("serving goes on").isTrue();
        assertThat(got.at("/big/ok").asBoolean()).as(out).isTrue();
        assertThat(got.path("bigContentLength").asLong())
                .isEqualTo(got.path("sentContentLength").asLong())
                .isGreaterThan(large - 100);
        assertThat(got.at("/small/file").asText()).isEqualTo("c.txt");
    }
}
