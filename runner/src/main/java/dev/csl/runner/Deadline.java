package dev.csl.runner;

import java.io.IOException;

/**
 * When a step of a RUN must be over: recording the state before a built-in and running it share the
 * command's timeout, so a tree too large or too deep to record ends in {@code timeout} instead of
 * holding csl without limit.
 */
public final class Deadline {
    /** No limit (recording outside a RUN: WRITE, undo). */
    public static final Deadline NONE = new Deadline(0, false);

    private final long atNanos;
    private final boolean limited;

    private Deadline(long atNanos, boolean limited) {
        this.atNanos = atNanos;
        this.limited = limited;
    }

    /** A deadline {@code millis} from now. */
    public static Deadline in(long millis) {
        return new Deadline(System.nanoTime() + millis * 1_000_000L, true);
    }

    public boolean passed() {
        return limited && System.nanoTime() - atNanos >= 0;
    }

    /** Milliseconds left (at least 1), or {@link Long#MAX_VALUE} without a limit. */
    public long remainingMillis() {
        if (!limited) {
            return Long.MAX_VALUE;
        }
        return Math.max(1, (atNanos - System.nanoTime()) / 1_000_000L);
    }

    /** Throws {@link Passed} once the deadline has passed. */
    public void check() throws Passed {
        if (passed()) {
            throw new Passed();
        }
    }

    /** The deadline passed before the work was done; nothing was changed by that step. */
    public static final class Passed extends IOException {
        private static final long serialVersionUID = 1L;

        public Passed() {
            super("the deadline passed");
        }
    }
}
