package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second thread swaps a directory (and, separately, the final file) with a symlink to outside,
 * atomically with {@code renameat2(RENAME_EXCHANGE)}, while the guard writes, appends, reads and
 * lists through it. Nothing outside may change and no read may return outside data.
 *
 * <p>Each case runs for a time budget ({@value #BUDGET_SECONDS} s, {@code -Dcsl.race.seconds=N} for
 * a longer round) or {@value #OPERATIONS} operations, whichever ends first, and then on until the
 * race has shown both outcomes; it asserts on what it saw, so a busy machine does fewer operations
 * but never fails for being slow. Only a hang fails on time, after {@link #HANG}, naming the
 * operation that hung.
 */
@Tag("race")
class RaceTest {
    static final int OPERATIONS = 100_000;
    static final int BUDGET_SECONDS = 10;
    static final Duration HANG = Duration.ofMinutes(10);
    static final byte[] SECRET = "SECRET\n".getBytes(UTF_8);

    @TempDir Path tmp;
    Path work;
    Path root;
    Path outside;
    GuardedFiles guard;
    Map<String, String> outsideBefore;

    /** renameat2 through JNA; glibc has exported it since 2.28. */
    static final class Exchange {
        static final boolean LOADED;

        static {
            boolean ok;
            try {
                Native.register(Exchange.class, NativeLibrary.getInstance("c"));
                ok = true;
            } catch (Throwable e) {
                ok = false;
            }
            LOADED = ok;
        }

        static native int renameat2(
                int olddirfd, byte[] oldpath, int newdirfd, byte[] newpath, int flags)
                throws LastErrorException;

        static void swap(Path a, Path b) {
            Exchange.renameat2(-100, cString(a), -100, cString(b), 2);
        }

        static byte[] cString(Path p) {
            byte[] raw = p.toString().getBytes(UTF_8);
            return Arrays.copyOf(raw, raw.length + 1);
        }
    }

    @BeforeEach
    void setUp() throws IOException {
        assumeThat(Exchange.LOADED).isTrue();
        // tmpfs when the machine has one: fsync there is free, the race is the same
        Path shm = Path.of("/dev/shm");
        Path parent =
                Files.isDirectory(shm) && Files.isWritable(shm)
                        ? Files.createTempDirectory(shm, "csl-race")
                        : tmp;
        work = parent;
        root = Files.createDirectories(work.resolve("proj"));
        outside = Files.createDirectories(work.resolve("outside"));
        Files.write(outside.resolve("f.txt"), SECRET);
        Files.write(outside.resolve("g.txt"), SECRET);
        guard = GuardedFiles.open(root);
        assumeThat(guard.mode()).as("race-free mode").isEqualTo("handle-walk");
        outsideBefore = Workspace.snapshot(outside);
    }

    @AfterEach
    void cleanUp() throws IOException {
        if (work != null && !work.equals(tmp)) {
            try (var s = Files.walk(work)) {
                s.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
            }
        }
    }

    enum Outcome {
        OK,
        PATH_ESCAPE,
        OTHER_REFUSAL
    }

    @Test
    void directorySwappedForSymlink_guardNeverTouchesOutside() throws Exception {
        Files.createDirectories(root.resolve("d"));
        Files.write(root.resolve("d/f.txt"), "inside\n".getBytes(UTF_8));
        Files.createSymbolicLink(root.resolve("swap"), outside);
        Map<Outcome, Long> outcomes =
                race(root.resolve("d"), root.resolve("swap"), outside, "d/f.txt", "d/g.txt");
        assertNoTouchOutside(outcomes);
    }

    @Test
    void finalFileSwappedForSymlink_guardNeverTouchesOutside() throws Exception {
        Files.createDirectories(root.resolve("d"));
        Files.write(root.resolve("d/f.txt"), "inside\n".getBytes(UTF_8));
        Files.createSymbolicLink(root.resolve("d/flink"), outside.resolve("f.txt"));
        Map<Outcome, Long> outcomes =
                race(
                        root.resolve("d/f.txt"),
                        root.resolve("d/flink"),
                        outside.resolve("f.txt"),
                        "d/f.txt",
                        "d/f.txt");
        assertNoTouchOutside(outcomes);
    }

    private void assertNoTouchOutside(Map<Outcome, Long> outcomes) throws IOException {
        assertThat(Workspace.snapshot(outside)).isEqualTo(outsideBefore);
        // the race really happened: both successes and refusals were seen
        assertThat(outcomes.get(Outcome.OK)).as("guard operations that succeeded").isPositive();
        assertThat(outcomes.get(Outcome.PATH_ESCAPE))
                .as("guard operations refused as an escape")
                .isPositive();
    }

    /**
     * Swaps {@code a} and {@code b} (one of them a symlink to {@code outsideTarget}) until the
     * guard is done. A guard write can replace the link by a file (correctly: rename replaces the
     * link, not its target), so the flipper puts a fresh link back whenever none is left.
     */
    private Map<Outcome, Long> race(
            Path a, Path b, Path outsideTarget, String file, String appendFile) throws Exception {
        String dir = "d";
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong swaps = new AtomicLong();
        Thread flipper =
                new Thread(
                        () -> {
                            while (!stop.get()) {
                                Exchange.swap(a, b);
                                swaps.incrementAndGet();
                                if (!Files.isSymbolicLink(a) && !Files.isSymbolicLink(b)) {
                                    rearm(b, outsideTarget);
                                }
                            }
                        });
        flipper.setDaemon(true);
        flipper.start();
        Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            outcomes.put(o, 0L);
        }
        byte[] content = "written by guard\n".getBytes(UTF_8);
        long budget = TimeUnit.SECONDS.toNanos(Long.getLong("csl.race.seconds", BUDGET_SECONDS));
        String[] current = {"none yet"};
        try {
            assertTimeoutPreemptively(
                    HANG,
                    () -> {
                        long started = System.nanoTime();
                        for (long i = 0;
                                !enoughSeen(outcomes, i, System.nanoTime() - started, budget);
                                i++) {
                            current[0] = operationName(i, file, appendFile, dir);
                            outcomes.merge(
                                    operation(i, file, appendFile, dir, content), 1L, Long::sum);
                        }
                    },
                    () ->
                            "no end after "
                                    + HANG.toMinutes()
                                    + " min: the guard's "
                                    + current[0]
                                    + " hung, or the race never showed both outcomes (so far "
                                    + outcomes
                                    + ")");
        } finally {
            stop.set(true);
            flipper.join();
        }
        assertThat(swaps.get()).isPositive();
        return outcomes;
    }

    /**
     * Done after {@value #OPERATIONS} operations or the time budget, whichever comes first, once
     * the race has shown both a success and an escape refusal.
     */
    private static boolean enoughSeen(
            Map<Outcome, Long> outcomes, long done, long elapsedNanos, long budgetNanos) {
        boolean bothSeen = outcomes.get(Outcome.OK) > 0 && outcomes.get(Outcome.PATH_ESCAPE) > 0;
        return bothSeen && (done >= OPERATIONS || elapsedNanos >= budgetNanos);
    }

    private static String operationName(long i, String file, String appendFile, String dir) {
        return switch ((int) (i % 4)) {
                    case 0 -> "write of " + file;
                    case 1 -> "read of " + file;
                    case 2 -> "append to " + appendFile;
                    default -> "list of " + dir;
                }
                + " (operation "
                + i
                + ")";
    }

    private Outcome operation(long i, String file, String appendFile, String dir, byte[] content)
            throws IOException {
        try {
            switch ((int) (i % 4)) {
                case 0 -> guard.writeAtomic(file, content);
                case 1 -> assertNotSecret(guard.readBytes(file));
                case 2 -> guard.append(appendFile, i % 64 == 2 ? content : new byte[0]);
                default -> guard.list(dir);
            }
            return Outcome.OK;
        } catch (GuardException e) {
            return e.code() == ErrorCode.PATH_ESCAPE ? Outcome.PATH_ESCAPE : Outcome.OTHER_REFUSAL;
        }
    }

    private static void rearm(Path link, Path target) {
        try {
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, target);
        } catch (IOException e) {
            // the guard created something there meanwhile; try again on the next swap
        }
    }

    private static void assertNotSecret(byte[] read) {
        assertThat(Arrays.equals(read, SECRET)).as("read returned outside content").isFalse();
    }
}
