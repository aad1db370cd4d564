package dev.csl.cli.mcp;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code csl mcp} driven by the official MCP Python SDK ({@code mcp} 2.3.0, from {@code
 * cli/src/test/python/mcp-client/requirements.txt}, installed by {@code pip install --target} into
 * {@code ~/.cache/csl-test/python-mcp-2.3.0} on first use on a machine; skipped with the reason
 * where python3 or pip is missing). The SDK starts csl as real hosts do: the launcher {@code
 * ./csl}, with its default environment, which has no {@code LANG} and no {@code LC_*}. The flow:
 * initialize, tools, an apply with non-ASCII content and file name, a check, a misspelt argument, a
 * {@code workingDir} outside with neither roots nor {@code -C} (apply and undo), progress, a
 * cancelled TASKS block, undo, an unapproved command approved through elicitation, and roots; then
 * {@code mcp.Client} probing and pinned to the stateless revision 2026-07-28: tools, apply, check,
 * an unapproved command, undo.
 */
class McpPythonClientTest {
    @TempDir Path tmp;

    @Test
    void pythonSdk_localeFreeEnvironment_wholeFlow() throws Exception {
        Path installed = install();
        Path launcher = dev.csl.cli.LauncherCheckout.create(tmp);
        Path server = Files.createDirectories(tmp.resolve("server"));
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "OUTSIDE-SECRET\n");
        Path root = Files.createDirectories(tmp.resolve("root"));

        ProcessBuilder pb =
                new ProcessBuilder(
                                "python3",
                                installed.resolve("client.py").toString(),
                                launcher.toString(),
                                server.toString(),
                                outside.toString(),
                                root.toString())
                        .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().put("PYTHONPATH", site().toString());
        Process python = pb.start();
        String out = dev.csl.cli.Hang.output(python, "the Python MCP client");
        assertThat(python.exitValue()).as(out).isZero();
        JsonNode got = new ObjectMapper().readTree(out.strip());

        assertThat(got.path("tools").toString()).isEqualTo("[\"apply\",\"check\",\"undo\"]");
        assertThat(got.path("closedSchemas").asBoolean()).isTrue();
        assertThat(got.at("/apply/isError").asBoolean()).as(got.toString()).isFalse();
        assertThat(got.at("/apply/text").asText()).contains("héllo wörld.txt").doesNotContain("?");
        assertThat(got.at("/check/text").asText())
                .contains("-café ✓ naïve 日本", "+coffee ✓ naïve 日本", "expectPlan")
                .doesNotContain("--expect-plan");
        assertThat(got.at("/misspelt/isError").asBoolean()).isTrue();
        assertThat(got.at("/misspelt/text").asText()).contains("'dryrun'", "'dryRun'");
        assertThat(server.resolve("real.txt")).doesNotExist();
        assertThat(got.at("/outside/isError").asBoolean()).isTrue();
        assertThat(got.at("/outside/text").asText()).contains("outside the directory");
        assertThat(got.at("/undoOutside/isError").asBoolean()).isTrue();
        assertThat(outside.resolve("pwned.txt")).doesNotExist();
        assertThat(got.at("/progress/isError").asBoolean()).isFalse();
        assertThat(got.at("/progress/messages").toString()).contains("progrès 1", "progrès 2");
        assertThat(got.at("/cancel/cancelled").asBoolean()).isTrue();
        assertThat(got.at("/afterCancel/isError").asBoolean())
                .as("a call after the hour-long command was cancelled")
                .isFalse();
        assertThat(server.resolve("tasks-a.txt")).as("the TASKS block rolled back").doesNotExist();
        assertThat(got.at("/undo/isError").asBoolean()).as(got.toString()).isFalse();
        // the cancelled TASKS changed nothing and left no history entry: undo went on to the
        // last apply that changed something, the one that made the non-ASCII file
        assertThat(got.at("/undo/text").asText()).contains("héllo wörld.txt");
        assertThat(server.resolve("héllo wörld.txt")).doesNotExist();
        assertThat(got.at("/elicitation/asked/0").asText())
                .contains("'printf apprové'", "not approved");
        assertThat(got.at("/elicitation/isError").asBoolean()).as(got.toString()).isFalse();
        assertThat(got.at("/elicitation/text").asText()).contains("$ printf apprové\n    apprové");
        assertThat(got.at("/roots/isError").asBoolean()).as(got.toString()).isFalse();
        assertThat(root.resolve("in-root.txt")).hasContent("rooted");
        // mcp.Client probing (finds 2026-07-28 through server/discover) and pinned to it (no
        // initialize): the same flow, in the stateless revision's shape, which the SDK validates
        for (String mode : List.of("auto", "2026-07-28")) {
            JsonNode step = got.path("modes").path(mode);
            String file = mode.equals("auto") ? "probed.txt" : "pinned.txt";
            assertThat(step.path("error").isMissingNode()).as(step.toString()).isTrue();
            assertThat(step.path("protocolVersion").asText()).isEqualTo("2026-07-28");
            assertThat(step.path("tools").toString()).isEqualTo("[\"apply\",\"check\",\"undo\"]");
            assertThat(step.at("/apply/isError").asBoolean()).as(step.toString()).isFalse();
            assertThat(step.at("/apply/ok").asBoolean()).isTrue();
            assertThat(step.at("/apply/text").asText()).contains(file);
            assertThat(step.at("/check/isError").asBoolean()).as(step.toString()).isFalse();
            assertThat(step.at("/check/text").asText()).contains("-x ✓", "+y");
            // unapproved commands asked about through an input_required result, then run or not
            assertThat(step.at("/unapproved/isError").asBoolean()).isTrue();
            assertThat(step.at("/unapproved/text").asText())
                    .contains("command_not_approved", "declined");
            assertThat(step.at("/allowed/isError").asBoolean()).as(step.toString()).isFalse();
            assertThat(step.at("/allowed/text").asText()).contains("$ printf oui\n    oui");
            assertThat(step.path("asked").toString()).contains("'printf nope'", "'printf oui'");
            assertThat(step.at("/undo/isError").asBoolean()).as(step.toString()).isFalse();
            assertThat(step.at("/undo/text").asText()).contains(file);
            assertThat(server.resolve(file)).as("applied, then undone").doesNotExist();
        }
        assertThat(got.at("/modes/auto/serverInfo").asText()).isEqualTo("csl");
    }

    /**
     * Where the SDK is installed: a cache of this machine's, named by the pinned version, so that a
     * fresh checkout (CI's) does not resolve and install it again (minutes on a 2-core machine).
     */
    private static Path site() {
        String cache = System.getenv("XDG_CACHE_HOME");
        Path base =
                cache != null && !cache.isEmpty()
                        ? Path.of(cache)
                        : Path.of(System.getProperty("user.home"), ".cache");
        return base.resolve("csl-test").resolve("python-mcp-2.3.0");
    }

    /** The client's files under target/python/mcp-client; the SDK installed on first use. */
    private static Path install() throws IOException, InterruptedException {
        assumeTrue(
                Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                        .anyMatch(d -> Files.isExecutable(Path.of(d, "python3"))),
                "python3 is not installed");
        Path source = Path.of("src", "test", "python", "mcp-client");
        Path target = Path.of("target", "python", "mcp-client").toAbsolutePath();
        Files.createDirectories(target);
        for (String file : List.of("requirements.txt", "client.py")) {
            Files.copy(
                    source.resolve(file),
                    target.resolve(file),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
        Path site = site();
        if (!Files.isDirectory(site.resolve("mcp"))) {
            // installed beside the cache, then renamed: a run killed half-way leaves no half SDK
            Files.createDirectories(site.getParent());
            Path partial = Files.createTempDirectory(site.getParent(), "partial-");
            Process pip =
                    new ProcessBuilder(
                                    "python3",
                                    "-m",
                                    "pip",
                                    "install",
                                    "--quiet",
                                    "--disable-pip-version-check",
                                    "--target",
                                    partial.toString(),
                                    "-r",
                                    target.resolve("requirements.txt").toString())
                            .redirectErrorStream(true)
                            .start();
            String log = new String(pip.getInputStream().readAllBytes(), UTF_8);
            boolean done = pip.waitFor(600, TimeUnit.SECONDS);
            assumeTrue(
                    done && pip.exitValue() == 0 && Files.isDirectory(partial.resolve("mcp")),
                    "pip could not install the MCP Python SDK (mcp 2.3.0): " + log);
            try {
                Files.move(partial, site, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.FileAlreadyExistsException
                    | java.nio.file.DirectoryNotEmptyException raced) {
                // another run installed it meanwhile: theirs is as good
            }
        }
        return target;
    }
}
