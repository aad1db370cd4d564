package dev.csl.cli;

import java.util.Arrays;
import java.util.function.Predicate;

/**
 * When a saved answer is ready to process. Editors and scripts save in steps (truncate then write,
 * half an answer and the rest a second later), so content is taken only once it stayed the same for
 * a while: {@code quietMillis} when it is complete (every block closed), {@code settleMillis} when
 * a block is still open (a half-saved answer, or an answer that really lacks an END, which is then
 * reported). Time comes from the caller, so the decision does not depend on the clock.
 */
final class SaveSettle {
    private final long quietMillis;
    private final long settleMillis;
    private final Predicate<byte[]> complete;
    private byte[] pending;
    private boolean pendingComplete;
    private long since;
    private boolean openBlockSaid;

    SaveSettle(long quietMillis, long settleMillis, Predicate<byte[]> complete) {
        this.quietMillis = quietMillis;
        this.settleMillis = Math.max(quietMillis, settleMillis);
        this.complete = complete;
    }

    /** The content seen at {@code now} (milliseconds); returned once it is ready, else null. */
    byte[] offer(long now, byte[] content) {
        if (pending == null || !Arrays.equals(pending, content)) {
            pending = content.clone();
            pendingComplete = complete.test(content);
            since = now;
        }
        if (now - since >= (pendingComplete ? quietMillis : settleMillis)) {
            pending = null;
            openBlockSaid = false;
            return content;
        }
        return null;
    }

    /**
     * True once per waiting answer, when it has stayed unchanged for the quiet time with a block
     * still open: the moment to say why it is not processed yet.
     */
    boolean sayOpenBlock(long now) {
        if (pending == null || pendingComplete || openBlockSaid || now - since < quietMillis) {
            return false;
        }
        openBlockSaid = true;
        return true;
    }

    /** Milliseconds until the waiting content is ready if it stays the same; -1: none waits. */
    long remaining(long now) {
        if (pending == null) {
            return -1;
        }
        return Math.max(0, since + (pendingComplete ? quietMillis : settleMillis) - now);
    }

    long settleMillis() {
        return settleMillis;
    }

    /** Nothing waits any more (the file went away or holds what was processed). */
    void clear() {
        pending = null;
        openBlockSaid = false;
    }
}
