package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The hard resource limits csl runs under ({@code /proc/self/limits}), which a container's limits
 * must stay within: a container runtime's own defaults (Podman's 1048576 open files) can exceed
 * them, and the runtime then fails to start the container ("error setting rlimit").
 *
 * @param openFiles the hard RLIMIT_NOFILE
 * @param processes the hard RLIMIT_NPROC
 * @param fileSize the hard RLIMIT_FSIZE in bytes
 */
record HostLimits(long openFiles, long processes, long fileSize) {
    private static final long UNLIMITED = Long.MAX_VALUE;

    /**
     * RLIMIT_NPROC counts every process of the user on the host, so it cannot be the command's
     * ceiling (the cgroup's {@code --pids-limit} is); it is set high, but no higher than this: the
     * runtime's monitor (Podman's conmon) runs with 32768 on common hosts, and a container cannot
     * be given more than the process that starts it has.
     */
    private static final long PROCESSES_AT_MOST = 32768;

    private static final long OPEN_FILES_AT_MOST = 1 << 20;

    static HostLimits machine() {
        try {
            return parse(Files.readString(Path.of("/proc/self/limits")));
        } catch (IOException | RuntimeException e) {
            return new HostLimits(1024, 4096, UNLIMITED);
        }
    }

    static HostLimits parse(String text) {
        long files = 1024;
        long processes = 4096;
        long size = UNLIMITED;
        for (String line : text.split("\n")) {
            String[] words = line.trim().split("\\s{2,}");
            if (words.length < 3 || !words[2].matches("unlimited|\\d+")) {
                continue; // the header, or a value csl does not read
            }
            long hard = words[2].equals("unlimited") ? UNLIMITED : Long.parseLong(words[2]);
            switch (words[0]) {
                case "Max open files" -> files = hard;
                case "Max processes" -> processes = hard;
                case "Max file size" -> size = hard;
                default -> {}
            }
        }
        return new HostLimits(files, processes, size);
    }

    /** The open files a container gets: the host's hard limit, at most 2^20. */
    long containerOpenFiles() {
        return Math.min(openFiles, OPEN_FILES_AT_MOST);
    }

    /** The RLIMIT_NPROC a container gets (its ceiling is the cgroup's {@code --pids-limit}). */
    long containerProcesses() {
        return Math.min(processes, PROCESSES_AT_MOST);
    }

    /** The file-size ceiling a container gets: {@code wanted}, within the host's hard limit. */
    long containerFileSize(long wanted) {
        return Math.min(fileSize, wanted);
    }
}
