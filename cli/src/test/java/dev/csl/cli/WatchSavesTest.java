package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.grammar.Delimiters;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@code csl watch} sees real editors' saves on the real disk, driven step by step: the clock
 * is the test's and each wait of the watcher runs the editor's next step when its time comes, so no
 * verdict depends on the machine's speed. Whatever the save pattern, watch takes only a whole
 * answer, never half of one, and something other than a file in FILE's place is said, not fatal.
 */
class WatchSavesTest {
    @TempDir Path tmp;

    private static final String FIRST_HALF = "Here it is.\n<---WRITE file=\"a.txt\"--->\nhello\n";
    private static final String ANSWER = FIRST_HALF + "<---END--->\n";
    private static final long QUIET = 200;
    private static final long SETTLE = 3000;

    private long now;
    private final List<String> notes = new ArrayList<>();
    private final TreeMap<Long, Step> steps = new TreeMap<>();
    private final List<Long> returnedAt = new ArrayList<>();

    /** One thing the editor does to the disk. */
    interface Step {
        void run() throws IOException;
    }

    private void at(long millis, Step step) {
        steps.put(millis, step);
    }

    private FileWatch watch(Path file) {
        SaveSettle settle =
                new SaveSettle(QUIET, SETTLE, b -> WatchPlan.complete(b, Delimiters.DEFAULT));
        return new FileWatch(file, 500, settle, notes::add, () -> now, this::await);
    }

    /** The watcher's wait: the editor's next step wakes it, as the directory's event would. */
    private void await(long millis) {
        Map.Entry<Long, Step> next = steps.firstEntry();
        if (next == null || next.getKey() > now + millis) {
            now += millis;
            return;
        }
        steps.remove(next.getKey());
        now = Math.max(now, next.getKey());
        try {
            next.getValue().run();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** What the watcher returns, in order, until the simulated minute is over. */
    private List<String> contents(FileWatch watch) {
        List<String> got = new ArrayList<>();
        byte[] content;
        while ((content = watch.next(() -> now > 60_000)) != null) {
            got.add(new String(content, StandardCharsets.UTF_8));
            returnedAt.add(now);
        }
        return got;
    }

    @Test
    void twoWritesASecondApart_firstHalfWithoutEnd_onlyTheWholeAnswerIsTaken() throws IOException {
        Path file = Files.writeString(tmp.resolve("answer.md"), FIRST_HALF);
        at(1000, () -> Files.writeString(file, ANSWER));

        assertThat(contents(watch(file))).containsExactly(ANSWER);
        assertThat(returnedAt).containsExactly(1000 + QUIET);
        assertThat(notes)
                .containsExactly(
                        "answer.md: a block has no END yet; it is processed once complete, or as"
                                + " it is when unchanged for 3 s");
    }

    @Test
    void twoWritesASecondApart_secondAppendsTheRest_onlyTheWholeAnswerIsTaken() throws IOException {
        Path file = Files.writeString(tmp.resolve("answer.md"), FIRST_HALF);
        at(1000, () -> Files.writeString(file, "<---END--->\n", StandardOpenOption.APPEND));

        assertThat(contents(watch(file))).containsExactly(ANSWER);
    }

    @Test
    void answerThatReallyLacksEnd_takenAsItIsOnceUnchangedForTheSettleTime() throws IOException {
        Path file = Files.writeString(tmp.resolve("answer.md"), FIRST_HALF);

        assertThat(contents(watch(file))).containsExactly(FIRST_HALF);
        assertThat(returnedAt).containsExactly(SETTLE);
    }

    @Test
    void truncateThenWrite_theEmptyFileIsNotTakenAndTheNewAnswerIs() throws IOException {
        Path file = Files.writeString(tmp.resolve("answer.md"), ANSWER);
        FileWatch watch = watch(file);
        watch.seen(ANSWER.getBytes(StandardCharsets.UTF_8)); // processed before
        String second = ANSWER.replace("hello", "hello again");
        at(1000, () -> Files.write(file, new byte[0], StandardOpenOption.TRUNCATE_EXISTING));
        at(1100, () -> Files.writeString(file, second, StandardOpenOption.APPEND));

        assertThat(contents(watch)).containsExactly(second);
    }

    @Test
    void renameOver_vimAndJetBrainsStyle_theNewFilesAnswerIsTaken() throws IOException {
        Path file = Files.writeString(tmp.resolve("answer.md"), ANSWER);
        FileWatch watch = watch(file);
        watch.seen(ANSWER.getBytes(StandardCharsets.UTF_8));
        String second = ANSWER.replace("hello", "renamed over");
        at(
                1000,
                () -> {
                    Path swap = Files.writeString(tmp.resolve("answer.md~"), second);
                    Files.move(
                            swap,
                            file,
                            StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.ATOMIC_MOVE);
                });

        assertThat(contents(watch)).containsExactly(second);
    }

    @Test
    void directoryInItsPlace_saidOnceAndTheFileSavedAfterIsTaken() throws IOException {
        Path file = Files.writeString(tmp.resolve("answer.md"), ANSWER);
        FileWatch watch = watch(file);
        watch.seen(ANSWER.getBytes(StandardCharsets.UTF_8));
        at(
                1000,
                () -> {
                    Files.delete(file);
                    Files.createDirectory(file);
                });
        String second = ANSWER.replace("hello", "after the directory");
        at(
                5000,
                () -> {
                    Files.delete(file);
                    Files.writeString(file, second);
                });

        assertThat(contents(watch)).containsExactly(second);
        assertThat(notes)
                .containsExactly(
                        "answer.md is a directory, not an answer file: nothing to apply; still"
                                + " watching for an answer saved under its name",
                        "answer.md is a file again");
    }

    @Test
    void symlinkInItsPlace_toADirectoryOrToNothing_saidAndWatchedOn() throws IOException {
        Path file = Files.writeString(tmp.resolve("answer.md"), ANSWER);
        Path dir = Files.createDirectory(tmp.resolve("dir"));
        FileWatch watch = watch(file);
        watch.seen(ANSWER.getBytes(StandardCharsets.UTF_8));
        at(
                1000,
                () -> {
                    Files.delete(file);
                    Files.createSymbolicLink(file, dir.getFileName());
                });
        at(
                2000,
                () -> {
                    Files.delete(file);
                    Files.createSymbolicLink(file, Path.of("gone.md"));
                });
        Path elsewhere = Files.writeString(tmp.resolve("elsewhere.md"), ANSWER.replace("o", "0"));
        at(
                3000,
                () -> {
                    Files.delete(file);
                    Files.createSymbolicLink(file, elsewhere.getFileName());
                });

        // A link to a file is read (the apply then leaves its target alone: WatchLinksTest).
        assertThat(contents(watch)).containsExactly(ANSWER.replace("o", "0"));
        assertThat(notes)
                .containsExactly(
                        "answer.md is a symbolic link to a directory, not an answer file: nothing"
                                + " to apply; still watching for an answer saved under its name",
                        "answer.md is a symbolic link to nothing (its target does not exist), not"
                                + " an answer file: nothing to apply; still watching for an answer"
                                + " saved under its name",
                        "answer.md is a file again");
    }

    @Test
    void watchersOwnWrite_isNoChange() throws IOException {
        Path file = Files.writeString(tmp.resolve("answer.md"), ANSWER);
        FileWatch watch = watch(file);
        String withResult = "result\n" + ANSWER;
        at(
                1000,
                () -> {
                    Files.writeString(file, withResult);
                    watch.seen(withResult.getBytes(StandardCharsets.UTF_8));
                });

        assertThat(contents(watch)).containsExactly(ANSWER); // the first look only
    }
}
