package dev.csl.runner.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reply is a JSON header line and the output's bytes as they are: any text comes back the same,
 * stray lines of the JVM before a header are skipped, and a reply cut short is an error, never a
 * shorter output.
 */
class ProtocolTest {
    private static byte[] written(WorkerReply... replies) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (WorkerReply r : replies) {
            Protocol.writeReply(r, out);
        }
        return out.toByteArray();
    }

    @Test
    void readReply_repliesOfEveryKindOfText_comeBackTheSame() throws IOException {
        String big = "line \"quoted\" \\ tab\t é ✓ 😀\n".repeat(20_000);
        WorkerReply first = new WorkerReply(1, 0, big, "", null);
        WorkerReply second =
                new WorkerReply(2, 2, "{\"not\":\"a header\"}\n", "grep: x: No such file\n", null);
        WorkerReply third = new WorkerReply(3, -1, "", "", WorkerReply.OUT_OF_MEMORY);
        ByteArrayInputStream in = new ByteArrayInputStream(written(first, second, third));

        assertThat(Protocol.readReply(in)).isEqualTo(first);
        assertThat(Protocol.readReply(in)).isEqualTo(second);
        assertThat(Protocol.readReply(in)).isEqualTo(third);
        assertThat(Protocol.readReply(in)).isNull();
    }

    @Test
    void budget_requestAndReply_crossTheProtocolWhole() throws IOException {
        WorkerRequest request =
                new WorkerRequest(
                        4,
                        "/p",
                        "/p",
                        100,
                        new Invocation("cp", List.of(), List.of("a", "b")),
                        new WorkerBudget(1L << 30, 100_000, 1L << 20, 5000, 7));
        WorkerReply reply =
                new WorkerReply(
                        4,
                        1,
                        "",
                        "cp: refused\n",
                        null,
                        12,
                        3,
                        new WorkerReply.Limit("Writing 'b' would …", "raise \"written\""));

        assertThat(Protocol.decodeRequest(Protocol.encode(request))).isEqualTo(request);
        assertThat(Protocol.readReply(new ByteArrayInputStream(written(reply)))).isEqualTo(reply);
    }

    @Test
    void readReply_strayLineBeforeTheHeader_skipped() throws IOException {
        WorkerReply reply = new WorkerReply(7, 0, "hi\n", "", null);
        byte[] stray =
                "OpenJDK 64-Bit Server VM warning: something\n".getBytes(StandardCharsets.UTF_8);
        byte[] both = new byte[stray.length + written(reply).length];
        System.arraycopy(stray, 0, both, 0, stray.length);
        System.arraycopy(written(reply), 0, both, stray.length, written(reply).length);

        assertThat(Protocol.readReply(new ByteArrayInputStream(both))).isEqualTo(reply);
    }

    @Test
    void readReply_cutShort_isAnErrorNotAShorterOutput() throws IOException {
        byte[] whole = written(new WorkerReply(1, 0, "0123456789".repeat(100), "", null));
        byte[] cut = Arrays.copyOf(whole, whole.length - 10);

        assertThatThrownBy(() -> Protocol.readReply(new ByteArrayInputStream(cut)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("of 1000 bytes");
    }

    @Test
    void readReply_headerWithoutSizes_isAnError() {
        byte[] old =
                "{\"id\":1,\"exit\":0,\"out\":\"hi\",\"err\":\"\"}\n"
                        .getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> Protocol.readReply(new ByteArrayInputStream(old)))
                .isInstanceOf(IOException.class);
    }
}
