package dev.csl.runner.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Finds the processes a command left behind after it ended or was killed, also those that left its
 * process tree ({@code setsid}, a double fork re-parents them to init): every process csl starts
 * carries a token of its own in its environment, which children inherit, and {@code
 * /proc/PID/environ} tells it. Without the OS sandbox (whose PID namespace dies with the command)
 * this is what keeps a command's daemons from outliving it.
 */
final class Stragglers {
    /** The variable that carries the token. */
    static final String VARIABLE = "CSL_RUN_TOKEN";

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Path PROC = Path.of("/proc");

    private Stragglers() {}

    /** A new token for one command. */
    static String newToken() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** Kills every live process whose environment holds {@code token}; returns how many. */
    static int kill(String token) {
        byte[] needle = (VARIABLE + "=" + token).getBytes(StandardCharsets.UTF_8);
        long self = ProcessHandle.current().pid();
        int killed = 0;
        // A few rounds: a process may fork between the scan and the kill.
        for (int round = 0; round < 3; round++) {
            List<ProcessHandle> found = new ArrayList<>();
            try (DirectoryStream<Path> procs = Files.newDirectoryStream(PROC, "[0-9]*")) {
                for (Path proc : procs) {
                    long pid = Long.parseLong(proc.getFileName().toString());
                    if (pid != self && holds(proc.resolve("environ"), needle)) {
                        ProcessHandle.of(pid).ifPresent(found::add);
                    }
                }
            } catch (IOException | RuntimeException e) {
                return killed; // no /proc (not Linux): the process-tree kill is all there is
            }
            if (found.isEmpty()) {
                return killed;
            }
            found.forEach(ProcessHandle::destroyForcibly);
            // Wait until they are gone, so nothing of the command is alive when csl goes on.
            long deadline = System.nanoTime() + 2_000_000_000L;
            for (ProcessHandle p : found) {
                while (p.isAlive() && System.nanoTime() < deadline) {
                    Thread.onSpinWait();
                    try {
                        Thread.sleep(5);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return killed + found.size();
                    }
                }
            }
            killed += found.size();
        }
        return killed;
    }

    private static boolean holds(Path environ, byte[] needle) {
        byte[] env;
        try {
            env = Files.readAllBytes(environ);
        } catch (IOException | RuntimeException e) {
            return false; // gone, or another user's
        }
        outer:
        for (int i = 0; i + needle.length <= env.length; i++) {
            if (i > 0 && env[i - 1] != 0) {
                continue; // a variable starts after a NUL
            }
            for (int j = 0; j < needle.length; j++) {
                if (env[i + j] != needle[j]) {
                    continue outer;
                }
            }
            int end = i + needle.length;
            if (end == env.length || env[end] == 0) {
                return true;
            }
        }
        return false;
    }
}
