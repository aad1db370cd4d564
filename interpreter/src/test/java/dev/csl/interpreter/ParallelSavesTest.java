package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ParallelSavesTest {
    @Test
    void run_twentySaves_eachRunOnceAndEachFailureAtItsOwnIndex() {
        List<Integer> items = IntStream.range(0, 20).boxed().toList();
        Set<Integer> ran = ConcurrentHashMap.newKeySet();

        IOException[] failures =
                ParallelSaves.run(
                        items,
                        i -> {
                            assertThat(ran.add(i)).as("item %d ran once", i).isTrue();
                            if (i % 7 == 3) {
                                throw new IOException("disk full at " + i);
                            }
                        });

        assertThat(ran).hasSize(20);
        for (int i = 0; i < 20; i++) {
            if (i % 7 == 3) {
                assertThat(failures[i]).hasMessage("disk full at " + i);
            } else {
                assertThat(failures[i]).as("item %d", i).isNull();
            }
        }
    }

    @Test
    void run_aSaveThrowsARuntimeException_reportedAsThatItemsFailure() {
        IOException[] failures =
                ParallelSaves.run(
                        List.of("a", "b"),
                        s -> {
                            if (s.equals("b")) {
                                throw new IllegalStateException("bug in b");
                            }
                        });

        assertThat(failures[0]).isNull();
        assertThat(failures[1]).hasMessage("bug in b");
    }

    @Test
    void run_callerInterrupted_returnsOnlyAfterEverySaveAndKeepsTheInterrupt() {
        Set<Integer> finished = ConcurrentHashMap.newKeySet();
        Thread.currentThread().interrupt();

        ParallelSaves.run(
                List.of(0, 1, 2, 3, 4, 5),
                i -> {
                    long end = System.nanoTime() + 30_000_000L; // a save that ignores interrupts
                    while (System.nanoTime() < end) {
                        Thread.onSpinWait();
                    }
                    finished.add(i);
                });

        assertThat(finished).containsExactlyInAnyOrder(0, 1, 2, 3, 4, 5);
        assertThat(Thread.interrupted()).isTrue();
    }
}
