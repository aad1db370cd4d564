package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills (SIGKILL) a child JVM in the middle of many atomic replaces of 0–10 MB files. Every file
 * must afterwards be byte-identical to the last version the child completed or the one it was
 * writing, and the temporary files of the dead child must vanish once the guard next touches the
 * directory. A child that stops writing without dying would block the test: each round fails after
 * {@link #HANG}, a limit no busy machine reaches, saying where it waited.
 */
@Tag("crash")
class CrashTest {
    static final int FILES = 4;
    static final int ROUNDS = 6;
    static final Duration HANG = Duration.ofMinutes(5);

    @TempDir Path root;

    @Test
    void killDuringAtomicReplaces_eachFileOldOrNew_andTemporariesCleaned() throws Exception {
        killRepeatedly("single");
    }

    /**
     * The same with batches (prepareWrite of every file, then commitWrites: renames, then one force
     * of the directory): a kill between two renames of a batch leaves some files new and the rest
     * old, none torn.
     */
    @Test
    void killDuringBatchedReplaces_eachFileOldOrNew_andTemporariesCleaned() throws Exception {
        killRepeatedly("batch");
    }

    private void killRepeatedly(String mode) throws Exception {
        GuardedFiles guard = GuardedFiles.open(root);
        long[] done = new long[FILES];
        for (int f = 0; f < FILES; f++) {
            guard.writeAtomic("data/" + CrashChild.name(f), CrashChild.content(f, 0));
        }
        SplittableRandom random = new SplittableRandom(42);
        int tornWrites = 0;
        for (int round = 0; round < ROUNDS; round++) {
            int killAfter = 4 + random.nextInt(8);
            int pause = random.nextInt(20);
            boolean awaitTemporary = round % 2 == 0;
            String[] waitingFor = {"the child to start"};
            int r = round;
            int writes =
                    assertTimeoutPreemptively(
                            HANG,
                            () ->
                                    killAfterWrites(
                                            mode,
                                            killAfter,
                                            awaitTemporary,
                                            pause,
                                            done,
                                            waitingFor),
                            () ->
                                    "round "
                                            + r
                                            + " ("
                                            + mode
                                            + "): no end while waiting for "
                                            + waitingFor[0]);
            assertThat(writes).as("child wrote before it was killed").isEqualTo(killAfter);
            for (int f = 0; f < FILES; f++) {
                byte[] bytes = Files.readAllBytes(root.resolve("data/" + CrashChild.name(f)));
                long version = CrashChild.versionOf(bytes);
                assertThat(version).as("version of file %d", f).isBetween(done[f], done[f] + 1);
                assertThat(bytes)
                        .as("file %d version %d is whole", f, version)
                        .isEqualTo(CrashChild.content(f, version));
                done[f] = version;
            }
            tornWrites += temporaries().size();
            guard.list("data");
            assertThat(temporaries()).as("temporary files after the guard listed data").isEmpty();
        }
        assertThat(tornWrites).as("kills that left a half-written temporary file").isPositive();
    }

    /**
     * Starts a child, reads its reports of {@code killAfter} finished writes, kills it (once a
     * temporary file exists, or after {@code pauseMillis}) and reads the reports it still sent.
     */
    private int killAfterWrites(
            String mode,
            int killAfter,
            boolean awaitTemporary,
            int pauseMillis,
            long[] done,
            String[] waitingFor)
            throws Exception {
        Process child = startChild(mode);
        int writes = 0;
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            waitingFor[0] = "the child's report of write 1 of " + killAfter;
            while (writes < killAfter && (line = out.readLine()) != null) {
                String[] w = line.split(" ");
                done[Integer.parseInt(w[0])] = Long.parseLong(w[1]);
                writes++;
                waitingFor[0] = "the child's report of write " + (writes + 1) + " of " + killAfter;
            }
            if (awaitTemporary) {
                waitingFor[0] = "a temporary file";
                awaitTemporaryFile(child); // the child is between creating and renaming it
            } else {
                Thread.sleep(pauseMillis); // any moment at all
            }
            // SIGKILL through the handle: Process.destroyForcibly would close our pipe
            child.toHandle().destroyForcibly();
            waitingFor[0] = "the end of the killed child's output";
            String rest;
            while ((rest = out.readLine()) != null) {
                String[] w = rest.split(" ");
                done[Integer.parseInt(w[0])] = Long.parseLong(w[1]);
            }
            child.waitFor();
        } finally {
            child.toHandle().destroyForcibly();
        }
        return writes;
    }

    private void awaitTemporaryFile(Process child) throws IOException {
        while (temporaries().isEmpty()) {
            assertThat(child.isAlive()).as("the child, still writing").isTrue();
            Thread.onSpinWait();
        }
    }

    private List<Path> temporaries() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.list(root.resolve("data"))) {
            s.filter(p -> TempFiles.isTemporary(p.getFileName().toString())).forEach(out::add);
        }
        return out;
    }

    private Process startChild(String mode) throws IOException {
        String classpath =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        return new ProcessBuilder(
                        java.toString(),
                        "-Xmx96m",
                        "-XX:TieredStopAtLevel=1",
                        "-cp",
                        classpath.replace(
                                File.pathSeparator + File.pathSeparator, File.pathSeparator),
                        CrashChild.class.getName(),
                        root.toString(),
                        Integer.toString(FILES),
                        mode)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }
}
