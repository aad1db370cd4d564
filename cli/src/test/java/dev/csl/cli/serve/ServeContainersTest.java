package dev.csl.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.csl.runner.approval.ProjectTrust;
import dev.csl.runner.sandbox.ContainerPool;
import dev.csl.runner.sandbox.ContainerRuntime;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A real {@code csl serve} under the container layer (Podman, the host's root as the image): two
 * applies of one project run in one warm container, and the server's end removes it, whether told
 * to stop or terminated by a signal. Skipped, with the reason, where no runtime works or the exec
 * agent was not built.
 */
class ServeContainersTest {
    private static final String HOST =
            "<---RUN--->\nsh -c 'cat /proc/sys/kernel/hostname'\n<---END--->\n";

    @TempDir Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"shutdown", "SIGTERM"})
    void twoApplies_oneContainer_goneWhenTheServerEnds(String end) throws Exception {
        ContainerRuntime runtime = ContainerRuntime.machine(null);
        assumeTrue(runtime.works(), runtime.why());
        assumeTrue(runtime.name().equals("podman"), "a root file system needs podman");
        assumeTrue(ContainerPool.unavailable() == null, ContainerPool.unavailable());
        Path project = Files.createDirectories(tmp.resolve("project/.csl")).getParent();
        Files.writeString(
                project.resolve(".csl/commands.json"),
                "{\"allowed\": [\"sh *\"], \"container\": {\"rootfs\": \"/\"}}\n");
        ProjectTrust.trustAsWritten(project.toRealPath());
        Map<String, Object> apply =
                Map.of("workingDir", project.toString(), "answer", HOST, "sandbox", "container");

        String first;
        String second;
        try (ServeProcess serve = ServeProcess.start(tmp)) {
            first = stdout(serve.client.call(1, "apply", apply));
            second = stdout(serve.client.call(2, "apply", apply));
            if (end.equals("shutdown")) {
                serve.client.send(3, "shutdown", null);
            } else {
                serve.process.destroy(); // SIGTERM
            }
            serve.awaitExit();
        }

        assertThat(first).matches("[0-9a-f]{12}\n");
        assertThat(second).isEqualTo(first);
        assertThat(containerIds(runtime)).noneMatch(id -> id.startsWith(first.strip()));
    }

    private static String stdout(JsonNode response) {
        assertThat(response.at("/result/ok").asBoolean()).as(response.toString()).isTrue();
        return response.at("/result/results/0/commands/0/stdout").asText();
    }

    private static List<String> containerIds(ContainerRuntime runtime) throws Exception {
        List<String> ps = new ArrayList<>(runtime.client());
        ps.addAll(List.of("ps", "--all", "--no-trunc", "--format", "{{.ID}}"));
        Process process = new ProcessBuilder(ps).redirectErrorStream(true).start();
        String ids = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(ids).isZero();
        return ids.lines().toList();
    }
}
