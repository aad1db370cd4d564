package dev.csl.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets in csl's environment never reach a command, whose output goes back to the model: a real
 * csl process with an API key in its environment runs real programs (printenv, node).
 */
class CommandEnvironmentTest {
    private static final String SECRET = "sk-live-0123456789abcdef";

    @TempDir Path tmp;

    private String apply(String answer, String... extra) throws Exception {
        Path work = Files.createDirectories(tmp.resolve("work"));
        Path file = Files.writeString(tmp.resolve("answer.md"), answer);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(Main.class.getName());
        command.addAll(List.of("apply", file.toString(), "-C", work.toString(), "--json"));
        command.addAll(List.of(extra));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("OPENAI_API_KEY", SECRET);
        pb.environment().put("MY_TOOL_HOME", "/opt/tool");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void approvedCommand_secretInCslsEnvironment_notInTheCommandsEnvironment() throws Exception {
        String out = apply("<---RUN--->\nprintenv\n<---END--->\n", "--yes", "--sandbox", "off");

        assertThat(out).contains("PATH=").doesNotContain(SECRET).doesNotContain("MY_TOOL_HOME");
    }

    @Test
    void approvedCommand_nameListedUnderEnvInCommandsJson_passedThrough() throws Exception {
        Files.createDirectories(tmp.resolve("work/.csl"));
        Files.writeString(
                tmp.resolve("work/.csl/commands.json"),
                "{\"allowed\": [\"printenv\"], \"env\": [\"MY_TOOL_HOME\"]}\n");
        dev.csl.runner.approval.ProjectTrust.trustAsWritten(
                tmp.resolve("work")); // the user trusts what the test wrote

        String out = apply("<---RUN--->\nprintenv\n<---END--->\n", "--sandbox", "off");

        assertThat(out).contains("MY_TOOL_HOME=/opt/tool").doesNotContain(SECRET);
    }

    @Test
    void nodeScript_secretInCslsEnvironment_notInProcessEnv() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/node")), "node is not installed");

        String out =
                apply(
                        "<---RUN lang=\"node\"--->\nconsole.log(JSON.stringify(process.env))\n"
                                + "<---END--->\n",
                        "--sandbox",
                        "off");

        assertThat(out).contains("PATH").doesNotContain(SECRET);
    }
}
