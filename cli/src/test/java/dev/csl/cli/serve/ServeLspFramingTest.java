package dev.csl.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code csl serve} driven by vscode-jsonrpc (npm), the library VS Code extensions talk to their
 * backends with: its stock StreamMessageReader/StreamMessageWriter use LSP's Content-Length
 * framing, which serve detects from the first bytes and answers in. The package comes from the
 * project's own package.json and lock file ({@code cli/src/test/js/serve-client}), installed with
 * {@code npm ci} into target/ on first use.
 */
class ServeLspFramingTest {
    private static final Path CLIENT = Path.of("src", "test", "js", "serve-client");

    @TempDir Path tmp;

    @Test
    void vscodeJsonrpcClient_parseApplyInvalidParamsUndo_overContentLengthFraming()
            throws Exception {
        Path installed = install();
        Path project = Files.createDirectories(tmp.resolve("project"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));

        Process node =
                new ProcessBuilder(
                                "node",
                                installed.resolve("serve-client.cjs").toString(),
                                java,
                                classPath,
                                project.toString())
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
        String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(node.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(node.exitValue()).as(out).isZero();

        JsonNode got = new ObjectMapper().readTree(out.strip());
        assertThat(got.at("/parsed/ok").asBoolean()).isTrue();
        assertThat(got.at("/applied/ok").asBoolean()).isTrue();
        assertThat(got.at("/applied/results/0/status").asText()).isEqualTo("ok");
        assertThat(got.path("content").asText()).isEqualTo("h\u00e9llo \u2713\n");
        assertThat(got.at("/invalid/code").asInt()).isEqualTo(-32602);
        assertThat(got.at("/undone/ok").asBoolean()).isTrue();
        assertThat(project.resolve("a.txt")).doesNotExist();
    }

    /** npm ci of the lock file into target/, once; skipped with the reason where npm cannot. */
    private static Path install() throws IOException, InterruptedException {
        Path target = Path.of("target", "js", "serve-client").toAbsolutePath();
        Files.createDirectories(target);
        for (String file : List.of("package.json", "package-lock.json", "serve-client.cjs")) {
            Files.copy(
                    CLIENT.resolve(file),
                    target.resolve(file),
                    StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(target.resolve("node_modules/vscode-jsonrpc"))) {
            Process npm;
            try {
                npm =
                        new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund")
                                .directory(target.toFile())
                                .redirectErrorStream(true)
                                .start();
            } catch (IOException e) {
                assumeTrue(false, "npm is not installed: " + e.getMessage());
                throw e;
            }
            String log = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            boolean done = npm.waitFor(300, TimeUnit.SECONDS);
            assumeTrue(done && npm.exitValue() == 0, "npm ci of vscode-jsonrpc failed: " + log);
        }
        return target;
    }
}
