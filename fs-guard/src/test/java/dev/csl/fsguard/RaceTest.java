package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second thread swaps a directory (and, separately, the final file) with a symlink to outside,
 * atomically with {@code renameat2(RENAME_EXCHANGE)}, while the guard writes, appends, reads and
 * lists through it 100 000 times. Nothing outside may change and no read may return outside data.
 */
@Tag("race")
@Timeout(60)
class RaceTest {
    static final int OPERATIONS = 100_000;
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
        long total = outcomes.values().stream().mapToLong(Long::longValue).sum();
        assertThat(total).isGreaterThanOrEqualTo(OPERATIONS);
        // the race really happened: both successes and refusals were seen
        assertThat(outcomes.get(Outcome.OK)).isPositive();
        assertThat(outcomes.get(Outcome.PATH_ESCAPE)).isPositive();
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
        try {
            for (int i = 0; i < OPERATIONS; i++) {
                Outcome o;
                try {
                    switch (i % 4) {
                        case 0 -> guard.writeAtomic(file, content);
                        case 1 -> assertNotSecret(guard.readBytes(file));
                        case 2 -> guard.append(appendFile, i % 64 == 2 ? content : new byte[0]);
                        default -> guard.list(dir);
                    }
                    o = Outcome.OK;
                } catch (GuardException e) {
                    o =
                            e.code() == ErrorCode.PATH_ESCAPE
                                    ? Outcome.PATH_ESCAPE
                                    : Outcome.OTHER_REFUSAL;
                }
                outcomes.merge(o, 1L, Long::sum);
            }
        } finally {
            stop.set(true);
            flipper.join();
        }
        assertThat(swaps.get()).isPositive();
        return outcomes;
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
