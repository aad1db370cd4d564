package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.PatchFailedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The diffs dry runs and applies show: always a true diff, and the smallest one for an edit. */
class LineDiffTest {
    private static List<String> lines(Random random, int count, int alphabet) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add("line " + random.nextInt(alphabet));
        }
        return lines;
    }

    @Test
    void diff_randomSides_patchTurnsOneIntoTheOther() throws PatchFailedException {
        Random random = new Random(42);
        for (int round = 0; round < 2_000; round++) {
            List<String> a = lines(random, random.nextInt(12), 4);
            List<String> b = new ArrayList<>(a);
            int edits = random.nextInt(4);
            for (int e = 0; e < edits; e++) {
                int at = b.isEmpty() ? 0 : random.nextInt(b.size() + 1);
                if (random.nextBoolean() && at < b.size()) {
                    b.remove(at);
                } else {
                    b.add(at, "line " + random.nextInt(4));
                }
            }

            var patch = LineDiff.diff(a, b, LineDiff.budget(a.size() + b.size()));

            assertThat(patch.applyTo(a)).as("round %d: %s -> %s", round, a, b).isEqualTo(b);
            int changed =
                    patch.getDeltas().stream()
                            .mapToInt(d -> d.getSource().size() + d.getTarget().size())
                            .sum();
            int smallest =
                    DiffUtils.diff(a, b).getDeltas().stream()
                            .mapToInt(d -> d.getSource().size() + d.getTarget().size())
                            .sum();
            assertThat(changed).as("round %d: %s -> %s", round, a, b).isEqualTo(smallest);
        }
    }

    @Test
    void diff_oneEditInTheMiddleOfALongFile_oneDeltaAtItsLine() {
        List<String> a = new ArrayList<>();
        for (int i = 1; i <= 5_000; i++) {
            a.add("line " + i);
        }
        List<String> b = new ArrayList<>(a);
        b.set(2_499, "changed");
        b.add(2_500, "added");

        var deltas = LineDiff.diff(a, b, LineDiff.budget(a.size() + b.size())).getDeltas();

        assertThat(deltas).hasSize(1);
        assertThat(deltas.get(0).getSource().getPosition()).isEqualTo(2_499);
        assertThat(deltas.get(0).getSource().getLines()).containsExactly("line 2500");
        assertThat(deltas.get(0).getTarget().getPosition()).isEqualTo(2_499);
        assertThat(deltas.get(0).getTarget().getLines()).containsExactly("changed", "added");
    }
}
