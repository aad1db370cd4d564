package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.base.CallContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call of csl works in its caller's directory, environment and streams, not the process's: what
 * the resident process relies on to serve many callers.
 */
class CallContextTest {
    @TempDir Path tmp;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private CallContext call(Path dir, Map<String, String> env, String stdin) {
        return new CallContext(
                dir,
                env,
                null,
                new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                () -> CallContext.Terminal.NONE);
    }

    private Map<String, String> env() {
        Map<String, String> env = new HashMap<>(System.getenv());
        env.remove("CSL_SANDBOX_LAYER");
        return env;
    }

    @Test
    void apply_relativeAnswerAndNoDir_workInTheCallersDirectory() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.createDirectories(project.resolve(".csl"));
        Files.writeString(
                project.resolve("answer.md"), "<---WRITE file=\"a.txt\"--->\nhi\n<---END--->\n");

        int code = Main.run(call(project, env(), ""), new String[] {"apply", "answer.md"});

        assertThat(code).isZero();
        assertThat(project.resolve("a.txt")).hasContent("hi");
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("✔ 1 WRITE a.txt");
    }

    @Test
    void apply_answerOnStdin_readFromTheCallersStdin() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));

        int code =
                Main.run(
                        call(tmp, env(), "<---WRITE file=\"b.txt\"--->\nfrom stdin\n<---END--->\n"),
                        new String[] {"apply", "-", "-C", "project", "--json"});

        assertThat(code).isZero();
        assertThat(project.resolve("b.txt")).hasContent("from stdin");
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("{");
    }

    @Test
    void apply_run_commandSeesTheCallersEnvironment() throws IOException {
        Path project = Files.createDirectories(tmp.resolve("project"));
        Files.writeString(project.resolve("answer.md"), "<---RUN--->\nprintenv TZ\n<---END--->\n");
        Map<String, String> env = env();
        env.put("TZ", "Caller/Zone-" + ProcessHandle.current().pid());

        int code =
                Main.run(
                        call(project, env, ""),
                        new String[] {
                            "apply",
                            "answer.md",
                            "--json",
                            "--allow",
                            "printenv TZ",
                            "--sandbox",
                            "off"
                        });

        assertThat(out.toString(StandardCharsets.UTF_8)).contains(env.get("TZ"));
        assertThat(code).isZero();
    }

    @Test
    void parse_relativeFile_readFromTheCallersDirectory() throws IOException {
        Files.writeString(tmp.resolve("x.md"), "<---WRITE file=\"a\"--->\nhi\n<---END--->\n");

        int code = Main.run(call(tmp, env(), ""), new String[] {"parse", "x.md"});

        assertThat(code).isZero();
    }

    @Test
    void version_printedOnTheCallersStdout() {
        int code = Main.run(call(tmp, env(), ""), new String[] {"--version"});

        assertThat(code).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("csl ");
    }
}
