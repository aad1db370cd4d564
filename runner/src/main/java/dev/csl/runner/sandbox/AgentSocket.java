package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where a warm container's exec agent ({@link ExecAgent}) listens: {@code agent.sock} on a small
 * tmpfs of the container's own ({@link ContainerArguments#AGENT_DIR}), which the host reaches
 * through the container's first process ({@code /proc/PID/root}); nothing of the host is mounted
 * for it, so what a command writes there stays in the container and goes with it. A command may
 * remove or replace the socket (it runs as the agent's user); {@link #intact} then says so, and the
 * container is joined with {@code exec} from then on (the host's client also refuses any listener
 * but the container's first process, and never follows a link there).
 *
 * @param init the host's pid of the container's first process, the agent
 * @param inode the socket's inode once the agent listens, else 0
 */
record AgentSocket(long init, long inode) {
    static final String NAME = "agent.sock";

    /** The socket's path as the host reaches it. */
    Path socket() {
        return Path.of("/proc", Long.toString(init), "root")
                .resolve(ContainerArguments.AGENT_DIR.substring(1))
                .resolve(NAME);
    }

    /**
     * This socket once the agent listens (its inode recorded), or {@code null} when it did not
     * within {@code millis} or the agent ended first.
     */
    AgentSocket awaitListening(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        Path initDir = Path.of("/proc", Long.toString(init));
        while (System.nanoTime() < end && Files.isDirectory(initDir)) {
            long found = socketInode();
            if (found != 0) {
                return new AgentSocket(init, found);
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
}
