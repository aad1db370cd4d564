package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real bind mount of a directory outside, inside the working directory: made with {@code unshare
 * -rm} (an unprivileged user and mount namespace), so the test needs no root. The bind mount has
 * the same device number as the working directory, which is why the guard reads the mount table.
 */
@EnabledOnOs(OS.LINUX)
class MountTest {
    @TempDir Path tmp;

    @Test
    void bindMountOfOutsideDirectory_recursiveChangesRefused_walkDoesNotEnter() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside/deep"));
        Files.writeString(tmp.resolve("outside/keep.txt"), "outside\n");
        Files.writeString(outside.resolve("deeper.txt"), "outside too\n");
        Path root = Files.createDirectories(tmp.resolve("proj/tree/mnt"));
        Files.writeString(tmp.resolve("proj/tree/mine.txt"), "mine\n");

        List<String> lines = runInNamespace(tmp.resolve("outside"), root, tmp.resolve("proj"));

        assertThat(lines)
                .containsExactly(
                        "mounts 1",
                        "walk ok tree,tree/mine.txt,tree/mnt",
                        "copy path_escape",
                        "move path_escape",
                        "delete path_escape",
                        "list ok deep,keep.txt");
        assertThat(Files.readString(tmp.resolve("outside/keep.txt"))).isEqualTo("outside\n");
        assertThat(Files.readString(outside.resolve("deeper.txt"))).isEqualTo("outside too\n");
        assertThat(Files.readString(tmp.resolve("proj/tree/mine.txt"))).isEqualTo("mine\n");
        assertThat(Files.exists(tmp.resolve("proj/copy"))).isFalse();
        assertThat(Files.exists(tmp.resolve("proj/moved"))).isFalse();
    }

    private static List<String> runInNamespace(Path outside, Path mountPoint, Path root)
            throws IOException, InterruptedException {
        Assumptions.assumeTrue(
                unshareWorks(), "unshare -rm is not allowed here: no bind mount can be made");
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String classPath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        String script =
                "mount --bind \"$1\" \"$2\" && exec \"$3\" -cp \"$4\" dev.csl.fsguard.MountChild"
                        + " \"$5\"";
        Process p =
                new ProcessBuilder(
                                "unshare",
                                "-rm",
                                "sh",
                                "-c",
                                script,
                                "sh",
                                outside.toString(),
                                mountPoint.toString(),
                                java.toString(),
                                classPath,
                                root.toString())
                        .redirectError(ProcessBuilder.Redirect.INHERIT)
                        .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out.lines().toList();
    }

    private static boolean unshareWorks() {
        try {
            Process p =
                    new ProcessBuilder("unshare", "-rm", "true")
                            .redirectErrorStream(true)
                            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                            .start();
            return p.waitFor(5, TimeUnit.MINUTES) && p.exitValue() == 0; // only a hang ends it
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
