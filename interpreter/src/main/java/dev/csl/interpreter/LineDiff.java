package dev.csl.interpreter;

import com.github.difflib.DiffUtils;
import com.github.difflib.algorithm.DiffAlgorithmListener;
import com.github.difflib.patch.AbstractDelta;
import com.github.difflib.patch.ChangeDelta;
import com.github.difflib.patch.Chunk;
import com.github.difflib.patch.DeleteDelta;
import com.github.difflib.patch.InsertDelta;
import com.github.difflib.patch.Patch;
import java.util.List;

/**
 * Line diffs at a cost linear in the two sides. Myers' diff (java-diff-utils) costs (N+M)·D, where
 * D is the number of lines that differ: the square of the input when the sides have little in
 * common (a pattern of 16,000 blank lines against a short file). Here it may take at most {@code
 * budget / (N+M)} steps of D; past that the lines between the common head and tail are reported as
 * one change, line against line, which is still a true diff, only not the smallest one.
 */
final class LineDiff {
    /** Line comparisons allowed per line of the two sides. */
    static final long PER_LINE = 64;

    /** Small inputs always get the smallest diff: this much work costs a few milliseconds. */
    static final long FLOOR = 4_000_000;

    private LineDiff() {}

    /** The budget of line comparisons for inputs of {@code lines} lines in all. */
    static long budget(long lines) {
        return Math.max(FLOOR, PER_LINE * lines);
    }

    /**
     * The deltas turning {@code a} into {@code b}, within {@code budget} line comparisons. Myers
     * runs only between the common head and tail (as GNU diff does): an edit changes a few lines of
     * a file, and a cold JVM spent ~10 ms of a typical apply's diff walking the rest.
     */
    static Patch<String> diff(List<String> a, List<String> b, long budget) {
        long maxSteps = Math.max(1, budget / (a.size() + b.size() + 1L));
        int head = commonHead(a, b);
        int tail = commonTail(a, b, head);
        try {
            Patch<String> middle =
                    DiffUtils.diff(
                            a.subList(head, a.size() - tail),
                            b.subList(head, b.size() - tail),
                            new StepLimit(maxSteps));
            return head == 0 ? middle : shifted(middle, head);
        } catch (OverBudget e) {
            return oneChange(a, b, head, tail);
        }
    }

    private static int commonHead(List<String> a, List<String> b) {
        int head = 0;
        while (head < a.size() && head < b.size() && a.get(head).equals(b.get(head))) {
            head++;
        }
        return head;
    }

    private static int commonTail(List<String> a, List<String> b, int head) {
        int tail = 0;
        while (tail < a.size() - head
                && tail < b.size() - head
                && a.get(a.size() - 1 - tail).equals(b.get(b.size() - 1 - tail))) {
            tail++;
        }
        return tail;
    }

    /** The deltas of a diff of the lines after the first {@code head}, placed in the whole. */
    private static Patch<String> shifted(Patch<String> middle, int head) {
        Patch<String> patch = new Patch<>();
        for (AbstractDelta<String> d : middle.getDeltas()) {
            Chunk<String> from =
                    new Chunk<>(d.getSource().getPosition() + head, d.getSource().getLines());
            Chunk<String> to =
                    new Chunk<>(d.getTarget().getPosition() + head, d.getTarget().getLines());
            patch.addDelta(delta(from, to));
        }
        return patch;
    }

    private static AbstractDelta<String> delta(Chunk<String> from, Chunk<String> to) {
        return from.size() == 0
                ? new InsertDelta<>(from, to)
                : to.size() == 0 ? new DeleteDelta<>(from, to) : new ChangeDelta<>(from, to);
    }

    /** The common head and tail kept, everything between them one delta. */
    private static Patch<String> oneChange(List<String> a, List<String> b, int head, int tail) {
        Chunk<String> from = new Chunk<>(head, a.subList(head, a.size() - tail));
        Chunk<String> to = new Chunk<>(head, b.subList(head, b.size() - tail));
        Patch<String> patch = new Patch<>();
        if (from.size() == 0 && to.size() == 0) {
            return patch;
        }
        patch.addDelta(delta(from, to));
        return patch;
    }

    /** Stops Myers' search once it has taken its share of the budget. */
    private record StepLimit(long maxSteps) implements DiffAlgorithmListener {
        @Override
        public void diffStart() {}

        @Override
        public void diffStep(int value, int max) {
            if (value > maxSteps) {
                throw new OverBudget();
            }
        }

        @Override
        public void diffEnd() {}
    }

    /** Thrown by {@link StepLimit}; no stack trace, it is an answer, not a failure. */
    private static final class OverBudget extends RuntimeException {
        OverBudget() {
            super("over budget", null, false, false);
        }
    }
}
