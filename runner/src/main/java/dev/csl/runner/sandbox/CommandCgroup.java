package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The cgroup of one command (made by {@link PidsCgroups#create}): {@code pids.max} caps its
 * processes and threads together, root's included; csl-confine moves the command into it before
 * anything else. Closing it kills whatever is still in it and removes it.
 *
 * @param dir the cgroup's directory
 */
public record CommandCgroup(Path dir) implements AutoCloseable {
    /** How often removal is tried while the killed processes finish exiting. */
    private static final int REMOVAL_ROUNDS = 200;

    /** A new cgroup at {@code dir} whose processes and threads may number {@code max}. */
    static CommandCgroup make(Path dir, long max) throws IOException {
        // a cgroup directory of csl's own, under the place PidsCgroups found (never a project)
        Files.createDirectory(dir);
        CommandCgroup cgroup = new CommandCgroup(dir);
        try {
            Files.writeString(dir.resolve("pids.max"), Long.toString(max), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            cgroup.close();
            throw e;
        }
        return cgroup;
    }

    /** The processes in the cgroup now (their ids as this process sees them). */
    long[] processes() {
        try {
            return Files.readAllLines(dir.resolve("cgroup.procs"), StandardCharsets.UTF_8).stream()
                    .filter(line -> !line.isBlank())
                    .mapToLong(line -> Long.parseLong(line.strip()))
                    .toArray();
        } catch (IOException | RuntimeException e) {
            return new long[0];
        }
    }

    /**
     * Kills every process left in the cgroup (a command's leftovers, should its PID namespace not
     * have ended them) and removes it, waiting a little for killed processes to finish exiting. A
     * cgroup that cannot be removed stays; the next csl removes it once it is empty.
     */
    @Override
    public void close() {
        for (int round = 0; round < REMOVAL_ROUNDS; round++) {
            try {
                // csl's own cgroup: rmdir of a cgroup removes it once no process is left in it
                Files.deleteIfExists(dir);
                return;
            } catch (IOException | RuntimeException e) {
                // still populated
            }
            for (long pid : processes()) {
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            try {
                Thread.sleep(round < 10 ? 1 : 10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
