package dev.csl.fsguard;

import java.security.SecureRandom;

/**
 * Names of the temporary files atomic writes use. A name carries the writer's process id, so a
 * later csl can tell a leftover of a crashed (dead) process from one a live writer still needs.
 */
final class TempFiles {
    static final String PREFIX = ".csl-tmp-";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final long PID = ProcessHandle.current().pid();

    private TempFiles() {}

    static String newName() {
        return PREFIX + PID + "-" + Long.toHexString(RANDOM.nextLong() & Long.MAX_VALUE);
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
