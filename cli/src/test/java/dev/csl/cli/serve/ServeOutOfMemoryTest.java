package dev.csl.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code csl serve} with a 64 MiB heap, asked to SEARCH a file larger than its heap: the
 * apply fails with {@code limit_exceeded} (out of memory) and serve answers the next requests.
 */
class ServeOutOfMemoryTest {
    @TempDir Path tmp;

    @Test
    void apply_fileLargerThanTheHeap_limitExceededAndServeGoesOn() throws Exception {
        Path project = Files.createDirectories(tmp.resolve("p"));
        try (RandomAccessFile big =
                new RandomAccessFile(project.resolve("big.txt").toFile(), "rw")) {
            big.setLength(96L << 20); // sparse: costs no disk
        }
        List<String> command = dev.csl.cli.CslJava.command("serve");
        command.add(1, "-Xmx64m");
        Process process =
                new ProcessBuilder(command)
                        .directory(tmp.toFile())
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        try {
            RpcClient client = new RpcClient(process.getOutputStream(), process.getInputStream());
            JsonNode applied =
                    client.call(
                            1,
                            "apply",
                            Map.of(
                                    "answer",
                                    "<---SEARCH file=\"big.txt\"--->\na\n<---REPLACE--->\nb\n"
                                            + "<---END--->\n",
                                    "workingDir",
                                    project.toString()));
            JsonNode next =
                    client.call(
                            2,
                            "apply",
                            Map.of(
                                    "answer",
                                    "<---WRITE file=\"after.txt\"--->\nok\n<---END--->\n",
                                    "workingDir",
                                    project.toString()));
            client.send(3, "shutdown", null);

            JsonNode error = applied.at("/result/results/0/error");
            assertThat(error.path("code").asText()).isEqualTo("limit_exceeded");
            assertThat(error.path("message").asText()).startsWith("csl ran out of memory");
            assertThat(next.at("/result/ok").asBoolean()).isTrue();
            assertThat(Files.readString(project.resolve("after.txt"))).isEqualTo("ok\n");
            assertThat(client.awaitId(3).has("result")).isTrue();
            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(process.exitValue()).isZero();
        } finally {
            process.destroyForcibly();
        }
    }
}
