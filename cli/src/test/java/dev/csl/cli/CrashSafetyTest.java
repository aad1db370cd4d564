package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.interpreter.UndoReport;
import dev.csl.interpreter.Undoer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing is ever half-written (docs/interpreter.md, "A killed apply is rolled back"): a real
 * {@code csl apply} child is killed with SIGKILL at random moments during a large answer (hundreds
 * of writes, files up to 10 MB). Every file must be old or new, and the next undo or apply must
 * find no debris and restore exactly.
 */
class CrashSafetyTest {
    private static final int SMALL_FILES = 160;
    private static final int NEW_FILES = 60;
    private static final int TRIALS = 4;

    @TempDir Path tmp;

    private final Map<String, byte[]> before = new TreeMap<>();
    private final Map<String, byte[]> after = new TreeMap<>();

    @Test
    void apply_killedAtRandomMoments_everyFileOldOrNewAndUndoLeavesNoDebris() throws Exception {
        Path work = tmp.resolve("work");
        Path answer = tmp.resolve("answer.md");
        Files.writeString(answer, buildProject(work), StandardCharsets.UTF_8);

        long fullMillis = timeFullApply(work, answer);
        assertThat(snapshot(work)).isEqualTo(after);
        assertThat(new Undoer().undo(work, false).ok()).isTrue();
        assertThat(snapshot(work)).isEqualTo(before);

        Random random = new Random(20261121L);
        int killedMidway = 0;
        for (int trial = 0; trial < TRIALS; trial++) {
            long delay = 150 + (long) (random.nextDouble() * Math.max(200, fullMillis));
            Process child = start(work, answer);
            Thread.sleep(delay);
            boolean finished = !child.isAlive();
            child.destroyForcibly();
            child.waitFor(); // SIGKILL: it ends

            Map<String, byte[]> now = snapshot(work);
            now.keySet().removeIf(k -> k.contains(".csl-tmp-"));
            for (String path : union()) {
                byte[] v = now.get(path);
                assertThat(Arrays.equals(v, before.get(path)) || Arrays.equals(v, after.get(path)))
                        .as(
                                "trial %d (kill after %d ms): %s is neither old nor new",
                                trial, delay, path)
                        .isTrue();
            }
            // A killed writer may leave its temporary file; the next undo or apply removes it.
            assertThat(now.keySet()).isSubsetOf(union());
            if (!finished && !now.equals(before) && !now.equals(after)) {
                killedMidway++;
            }

            UndoReport undo = new Undoer().undo(work, false);
            assertThat(undo.ok() || undo.error().code() == ErrorCode.NOTHING_TO_UNDO)
                    .as(undo.toString())
                    .isTrue();
            assertThat(snapshot(work))
                    .as("trial %d: undo restores the state before", trial)
                    .isEqualTo(before);
            assertThat(debris(work)).as("trial %d: no temporary files left", trial).isEmpty();
        }

        // The next apply after a kill also starts clean and completes.
        Process child = start(work, answer);
        Thread.sleep(150 + fullMillis / 2);
        child.destroyForcibly();
        child.waitFor();
        Process again = start(work, answer);
        Hang.waitFor(again, "the apply after a killed one");
        assertThat(snapshot(work)).isEqualTo(after);
        assertThat(debris(work)).isEmpty();
        System.out.println(
                "crash safety: full apply "
                        + fullMillis
                        + " ms, killed midway in "
                        + killedMidway
                        + " of "
                        + TRIALS
                        + " trials");
    }

    private long timeFullApply(Path work, Path answer) throws Exception {
        long t0 = System.nanoTime();
        Process p = start(work, answer);
        Hang.waitFor(p, "the first, uninterrupted apply");
        assertThat(p.exitValue())
                .as(new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                .isZero();
        return (System.nanoTime() - t0) / 1_000_000;
    }

    private static Process start(Path work, Path answer) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(
                        java,
                        "-XX:+UseSerialGC",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.csl.cli.Main",
                        "apply",
                        answer.toString(),
                        "-C",
                        work.toString())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    /** Creates the project, fills {@link #before} and {@link #after}, returns the answer. */
    private String buildProject(Path work) throws IOException {
        Files.createDirectories(work);
        StringBuilder answer = new StringBuilder("A large refactoring.\n\n");
        Random random = new Random(1);
        for (int i = 0; i < SMALL_FILES; i++) {
            String path = "src/m" + (i % 10) + "/f" + i + ".txt";
            String old = ("old line of file " + i + "\n").repeat(1 + random.nextInt(400));
            String neu = ("new line of file " + i + "\n").repeat(1 + random.nextInt(400));
            put(work, path, old);
            after.put(path, neu.getBytes(StandardCharsets.UTF_8));
            answer.append("<---WRITE file=\"")
                    .append(path)
                    .append("\"--->\n")
                    .append(neu, 0, neu.length() - 1)
                    .append("\n<---END--->\n");
        }
        for (int b = 0; b < 3; b++) {
            String path = "data/big" + b + ".txt";
            StringBuilder sb = new StringBuilder();
            int target = (b + 1) * 3_400_000;
            for (int line = 0; sb.length() < target; line++) {
                sb.append("record ").append(line).append(" of big file ").append(b).append('\n');
            }
            String old = sb.toString();
            put(work, path, old);
            String neu = old;
            for (int k = 0; k < 20; k++) {
                String pattern = "record " + (k * 1000 + 7) + " of big file " + b;
                String replacement = "RECORD " + (k * 1000 + 7) + " EDITED";
                neu = neu.replace(pattern + "\n", replacement + "\n");
                answer.append("<---SEARCH file=\"")
                        .append(path)
                        .append("\"--->\n")
                        .append(pattern)
                        .append("\n<---REPLACE--->\n")
                        .append(replacement)
                        .append("\n<---END--->\n");
            }
            after.put(path, neu.getBytes(StandardCharsets.UTF_8));
        }
        for (int i = 0; i < NEW_FILES; i++) {
            String path = "generated/g" + (i % 5) + "/new" + i + ".txt";
            String neu = "generated " + i + "\n";
            after.put(path, neu.getBytes(StandardCharsets.UTF_8));
            answer.append("<---WRITE file=\"")
                    .append(path)
                    .append("\"--->\n")
                    .append("generated ")
                    .append(i)
                    .append("\n<---END--->\n");
        }
        return answer.toString();
    }

    private void put(Path work, String path, String content) throws IOException {
        Path p = work.resolve(path);
        Files.createDirectories(p.getParent());
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        Files.write(p, bytes);
        before.put(path, bytes);
    }

    private java.util.Set<String> union() {
        java.util.Set<String> all = new java.util.TreeSet<>(before.keySet());
        all.addAll(after.keySet());
        return all;
    }

    /** Every regular file outside .csl, by relative path. */
    private static Map<String, byte[]> snapshot(Path work) throws IOException {
        Map<String, byte[]> out = new HashMap<>();
        try (Stream<Path> walk = Files.walk(work)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                String rel = work.relativize(p).toString().replace('\\', '/');
                if (rel.startsWith(".csl") || !Files.isRegularFile(p)) {
                    continue;
                }
                out.put(rel, Files.readAllBytes(p));
            }
        }
        return new TreeMap<>(out) {
            private static final long serialVersionUID = 1L;

            @Override
            public boolean equals(Object o) {
                if (!(o instanceof Map<?, ?> m) || !m.keySet().equals(keySet())) {
                    return false;
                }
                return entrySet().stream()
                        .allMatch(e -> Arrays.equals(e.getValue(), (byte[]) m.get(e.getKey())));
            }

            @Override
            public int hashCode() {
                return keySet().hashCode();
            }
        };
    }

    private static java.util.List<String> debris(Path work) throws IOException {
        try (Stream<Path> walk = Files.walk(work)) {
            // the path in the project, so that a failure says where the debris was left
            return walk.filter(
                            p -> {
                                String n = p.getFileName().toString();
                                return n.startsWith(".csl-tmp-")
                                        || n.startsWith(".csl-undo-")
                                        || n.endsWith(".tmp");
                            })
                    .map(p -> work.relativize(p).toString())
                    .toList();
        }
    }
}
