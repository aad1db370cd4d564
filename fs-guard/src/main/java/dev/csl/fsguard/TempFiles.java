package dev.csl.fsguard;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Names of the temporary files atomic writes use. A name carries the writer's process id, so a
 * later csl can tell a leftover of a crashed (dead) process from one a live writer still needs.
 * Uniqueness comes from CREATE_NEW; the random part only avoids collisions, so no SecureRandom
 * (whose seeding would cost start-up time).
 */
final class TempFiles {
    static final String PREFIX = ".csl-tmp-";
    private static final long PID = ProcessHandle.current().pid();

    private TempFiles() {}

    static String newName() {
        return PREFIX
                + PID
                + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
    }

    static boolean isTemporary(String name) {
        return name.startsWith(PREFIX);
    }

    /** True for a temporary file whose writer is no longer running. */
    static boolean isStale(String name) {
        if (!isTemporary(name)) {
            return false;
        }
        int dash = name.indexOf('-', PREFIX.length());
        if (dash < 0) {
            return true;
        }
        try {
            long pid = Long.parseLong(name.substring(PREFIX.length(), dash));
            return pid != PID && ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
