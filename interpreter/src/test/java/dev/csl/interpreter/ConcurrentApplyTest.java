package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.GuardedFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One Interpreter serves applies for different directories at the same time (csl serve). */
class ConcurrentApplyTest {
    @Test
    void apply_eightDirectoriesAtOnce_eachGetsItsOwnResult(@TempDir Path tmp) throws Exception {
        Interpreter interpreter = new Interpreter(new FakeRunners(), GuardedFiles::open);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<ApplyReport>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                Path dir = tmp.resolve("w" + i);
                Files.createDirectories(dir);
                Files.writeString(dir.resolve("a.txt"), "value = 0\n");
                String answer =
                        "<---SEARCH file=\"a.txt\"--->\nvalue = 0\n<---REPLACE--->\nvalue = "
                                + i
                                + "\n<---END--->\n<---TASKS--->\n<---WRITE file=\"t"
                                + i
                                + ".txt\"--->\n"
                                + i
                                + "\n<---END--->\n"
                                + (i % 2 == 0 ? "<---RUN--->\nfalse\n<---END--->\n" : "")
                                + "<---END--->\n";
                futures.add(
                        pool.submit(() -> interpreter.apply(answer, ApplyOptions.defaults(dir))));
            }
            for (int i = 0; i < 8; i++) {
                ApplyReport report = futures.get(i).get();
                Path dir = tmp.resolve("w" + i);
                assertThat(Files.readString(dir.resolve("a.txt"))).isEqualTo("value = " + i + "\n");
                assertThat(report.ok()).isEqualTo(i % 2 == 1);
                assertThat(dir.resolve("t" + i + ".txt").toFile().exists()).isEqualTo(i % 2 == 1);
                assertThat(report.workingDir()).isEqualTo(dir.toAbsolutePath().toString());
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
