package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;

/**
 * Where a warm container's exec agent ({@link ExecAgent}) listens: {@code agent.sock} in a
 * directory of csl's that is mounted into the container, inside a parent readable by csl's user
 * only and never mounted, so that nothing a command writes into the directory (which it can: it
 * runs as the agent's user) is reachable by another user of the host. A command may also remove or
 * replace the socket; {@link #intact} then says so and the container is joined with {@code exec}
 * from then on (the host's client refuses any listener but the container's init anyway).
 *
 * @param parent csl's private directory
 * @param dir the directory mounted into the container
 * @param inode the socket's inode once the agent listens, else 0
 */
record AgentSocket(Path parent, Path dir, long inode) {
    static final String NAME = "agent.sock";

    /** A fresh pair of directories under the system's temporary directory. */
    static AgentSocket create() throws IOException {
        Path parent =
                Files.createTempDirectory(
                                "csl-agent-",
                                PosixFilePermissions.asFileAttribute(
                                        PosixFilePermissions.fromString("rwx------")))
                        .toRealPath();
        // csl's own directory just made above, never a project
        Path dir = Files.createDirectory(parent.resolve("a"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        return new AgentSocket(parent, dir, 0);
    }

    Path socket() {
        return dir.resolve(NAME);
    }

    /**
     * This socket once the agent listens (its inode recorded), or {@code null} when it did not
     * within {@code millis} or {@code init} ended first.
     */
    AgentSocket awaitListening(long init, long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        Path initDir = Path.of("/proc", Long.toString(init));
        while (System.nanoTime() < end && Files.isDirectory(initDir)) {
            long found = socketInode();
            if (found != 0) {
                return new AgentSocket(parent, dir, found);
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }
        return null;
    }

    /** Whether the agent's socket is still the one it made (no command removed or replaced it). */
    boolean intact() {
        return inode != 0 && socketInode() == inode;
    }

    private long socketInode() {
        try {
            Map<String, Object> attrs =
                    Files.readAttributes(socket(), "unix:ino,mode", LinkOption.NOFOLLOW_LINKS);
            boolean isSocket = ((Integer) attrs.get("mode") & 0170000) == 0140000;
            return isSocket ? (Long) attrs.get("ino") : 0;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * Removes both directories and whatever a command left in the mounted one, by directory handles
     * and never following a link (as a warm container's {@code /tmp} is emptied); once the
     * container is gone nothing writes there any more. Quiet.
     */
    void delete() {
        WarmContainer.emptyTmp(dir);
        try {
            // csl's own directories, emptied just above
            Files.deleteIfExists(dir);
            Files.deleteIfExists(parent);
        } catch (IOException e) {
            // a leftover under the system's temporary directory, readable by csl's user only
        }
    }
}
