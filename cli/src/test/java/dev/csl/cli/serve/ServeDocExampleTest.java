package dev.csl.cli.serve;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/serve.md's "Try it from a shell": its request lines, sent as printf sends them. */
class ServeDocExampleTest {
    @TempDir Path tmp;

    private static final Pattern REQUEST = Pattern.compile("^\\s*'(\\{.*\\})' \\\\$");

    /** The quoted arguments of the printf in the section's bash block, as printf prints them. */
    private static List<String> requests() throws Exception {
        Path doc = Path.of("..", "docs", "serve.md");
        String text = Files.readString(doc);
        int section = text.indexOf("## Try it from a shell");
        int start = text.indexOf("```bash\n", section);
        String block = text.substring(start, text.indexOf("\n```\n", start));
        assertThat(block).contains("| ./csl serve");
        List<String> lines = new ArrayList<>();
        for (String line : block.split("\n")) {
            Matcher m = REQUEST.matcher(line);
            if (m.matches()) {
                lines.add(m.group(1)); // inside single quotes the shell changes nothing
            }
        }
        return lines;
    }

    @Test
    void shellExample_pastedAsDocumented_dryRunApplyUndoAndShutdownAnswered() throws Exception {
        List<String> requests = requests();
        assertThat(requests).hasSize(4);
        Path project = Files.createDirectories(tmp.resolve("csl-try"));
        Process serve =
                new ProcessBuilder(dev.csl.cli.CslJava.command("serve"))
                        .directory(tmp.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        try (OutputStream in = serve.getOutputStream()) {
            for (String request : requests) {
                in.write(
                        (request.replace("/tmp/csl-try", project.toString()) + "\n")
                                .getBytes(UTF_8));
            }
        }
        List<JsonNode> responses = new ArrayList<>();
        ObjectMapper json = new ObjectMapper();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(serve.getInputStream(), UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                responses.add(json.readTree(line));
            }
        }
        assertThat(serve.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(serve.exitValue()).isZero();

        assertThat(responses).hasSize(4);
        assertThat(responses.get(0).at("/id").asInt()).isEqualTo(1);
        assertThat(responses.get(0).at("/result/ok").asBoolean()).isTrue();
        assertThat(responses.get(0).at("/result/dryRun").asBoolean()).isTrue();
        assertThat(responses.get(0).at("/result/results/0/diff").asText()).contains("+Hello");
        assertThat(responses.get(1).at("/result/ok").asBoolean()).isTrue();
        assertThat(responses.get(1).at("/result/results/0/action").asText()).isEqualTo("created");
        assertThat(responses.get(2).at("/id").asInt()).isEqualTo(3);
        assertThat(responses.get(2).at("/result/ok").asBoolean()).isTrue();
        assertThat(project.resolve("hello.txt")).doesNotExist();
        assertThat(responses.get(3).toString())
                .isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":4,\"result\":null}");
    }
}
