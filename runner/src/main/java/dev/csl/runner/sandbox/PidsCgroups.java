package dev.csl.runner.sandbox;

import dev.csl.fsguard.Mounts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Where csl can make a cgroup with a {@code pids.max} for each approved command: the process
 * ceiling that holds for root, which the kernel exempts from RLIMIT_NPROC. Found once per process:
 * under cgroup v2 the cgroup csl runs in or its nearest ancestor that hands the pids controller to
 * its children ({@code pids} in {@code cgroup.subtree_control}: root, or a subtree delegated to the
 * user); else the cgroup v1 {@code pids} hierarchy. Each place is tried for real (a cgroup made,
 * its ceiling written, csl-confine moved into it, removed again); the first that works is used.
 * Where none does, the ceiling is RLIMIT_NPROC alone.
 *
 * @param parent the directory commands' cgroups are made in, or {@code null} when there is none
 * @param kind "cgroup v2" or "cgroup v1" (empty when there is none)
 * @param why why there is none (empty when there is one)
 */
public record PidsCgroups(Path parent, String kind, String why) {
    /** Names of csl's cgroups: {@code csl-<pid of the csl JVM>-<number>}. */
    static final String PREFIX = "csl-";

    private static final AtomicLong NEXT = new AtomicLong();

    private static final Once<PidsCgroups> MACHINE =
            new Once<>("csl-pids-cgroup", e -> none("the cgroup trial failed: " + e));

    /** The place of this machine, tried once. */
    public static PidsCgroups machine() {
        return MACHINE.get(PidsCgroups::probe);
    }

    static PidsCgroups none(String why) {
        return new PidsCgroups(null, "", why);
    }

    /** True when commands get a cgroup of their own. */
    public boolean available() {
        return parent != null;
    }

    /**
     * A new cgroup for one command whose processes and threads may number {@code max}, or {@code
     * null} where none can be made (then RLIMIT_NPROC is the ceiling).
     */
    CommandCgroup create(long max) {
        if (parent == null) {
            return null;
        }
        Path dir =
                parent.resolve(
                        PREFIX + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet());
        try {
            return CommandCgroup.make(dir, max);
        } catch (IOException | RuntimeException e) {
            return null; // out of cgroups, or the place was taken away: RLIMIT_NPROC holds
        }
    }

    private static PidsCgroups probe() {
        if (!Files.isReadable(Path.of("/proc/self/cgroup"))) {
            return none("this system has no cgroups");
        }
        ConfineLauncher launcher = ConfineLauncher.machine();
        if (!launcher.available()) {
            return none(launcher.why());
        }
        String membership;
        String mounts;
        try {
            membership = Files.readString(Path.of("/proc/self/cgroup"), StandardCharsets.UTF_8);
            mounts = Files.readString(Path.of("/proc/self/mountinfo"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return none("the cgroups of this process could not be read: " + e.getMessage());
        }
        List<String> failures = new ArrayList<>();
        for (Candidate candidate : candidates(membership, mounts, PidsCgroups::delegatesPids)) {
            String failure = tryOut(candidate.dir(), launcher.path());
            if (failure == null) {
                removeStale(candidate.dir());
                return new PidsCgroups(candidate.dir(), candidate.kind(), "");
            }
            failures.add(candidate.dir() + ": " + failure);
        }
        return none(
                failures.isEmpty()
                        ? "no cgroup with the pids controller that csl could use (cgroup v2 hands"
                                + " it to no cgroup above csl's, and there is no cgroup v1 pids"
                                + " hierarchy)"
                        : "no cgroup could be made: " + String.join("; ", failures));
    }

    /** A directory to make commands' cgroups in, and which cgroup version it belongs to. */
    record Candidate(Path dir, String kind) {}

    /**
     * The places to try, best first, from the text of {@code /proc/self/cgroup} and {@code
     * /proc/self/mountinfo}: cgroup v2's own cgroup and its ancestors that pass {@code delegates},
     * then the cgroup v1 pids hierarchy's own cgroup.
     */
    static List<Candidate> candidates(
            String membership, String mountinfo, java.util.function.Predicate<Path> delegates) {
        List<Candidate> v2 = new ArrayList<>();
        List<Candidate> v1 = new ArrayList<>();
        String unified = null;
        String pids = null;
        for (String line : membership.split("\n")) {
            String[] fields = line.split(":", 3);
            if (fields.length < 3) {
                continue;
            }
            if (fields[0].equals("0") && fields[1].isEmpty()) {
                unified = fields[2];
            } else if (Arrays.asList(fields[1].split(",")).contains("pids")) {
                pids = fields[2];
            }
        }
        for (String line : mountinfo.split("\n")) {
            String[] fields = line.split(" ");
            int dash = Arrays.asList(fields).indexOf("-");
            if (fields.length < 5 || dash < 0 || dash + 1 >= fields.length) {
                continue;
            }
            String type = fields[dash + 1];
            String superOptions = dash + 3 < fields.length ? fields[dash + 3] : "";
            Path root = Path.of(Mounts.unescape(fields[3]));
            Path point = Path.of(Mounts.unescape(fields[4]));
            if (type.equals("cgroup2") && unified != null) {
                Path own = inside(point, root, unified);
                for (Path dir = own;
                        dir != null && dir.startsWith(point);
                        dir = dir.equals(point) ? null : dir.getParent()) {
                    if (delegates.test(dir)) {
                        v2.add(new Candidate(dir, "cgroup v2"));
                    }
                }
            } else if (type.equals("cgroup")
                    && pids != null
                    && Arrays.asList(superOptions.split(",")).contains("pids")) {
                Path own = inside(point, root, pids);
                if (own != null) {
                    v1.add(new Candidate(own, "cgroup v1"));
                }
            }
        }
        List<Candidate> out = new ArrayList<>(v2);
        out.addAll(v1);
        return out;
    }

    /** Where the cgroup {@code path} lies under a mount of the hierarchy's {@code root}. */
    private static Path inside(Path point, Path root, String path) {
        Path cgroup = Path.of(path);
        if (!cgroup.startsWith(root)) {
            return null; // the cgroup lies outside what is mounted here
        }
        Path dir = point;
        for (Path name : root.relativize(cgroup)) {
            if (!name.toString().isEmpty()) {
                dir = dir.resolve(name);
            }
        }
        return dir.normalize();
    }

    /** True when {@code dir}'s children get the pids controller (cgroup v2). */
    private static boolean delegatesPids(Path dir) {
        try {
            String enabled =
                    Files.readString(dir.resolve("cgroup.subtree_control"), StandardCharsets.UTF_8);
            return Arrays.asList(enabled.strip().split("\\s+")).contains("pids");
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Makes a cgroup in {@code dir} with a ceiling, moves csl-confine into it, removes it: {@code
     * null} when all of it worked, else what failed.
     */
    private static String tryOut(Path dir, Path launcher) {
        Path trial = dir.resolve(PREFIX + ProcessHandle.current().pid() + "-trial");
        try (CommandCgroup cgroup = CommandCgroup.make(trial, 8)) {
            Process p =
                    new ProcessBuilder(
                                    launcher.toString(),
                                    "--cgroup",
                                    cgroup.dir().toString(),
                                    "--",
                                    "true")
                            .redirectErrorStream(true)
                            .start();
            p.getOutputStream().close();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return "csl-confine did not end";
            }
            return p.exitValue() == 0 ? null : out.strip();
        } catch (IOException | RuntimeException e) {
            return e.getMessage() == null ? e.toString() : e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /**
     * Removes the empty cgroups that a csl no longer running left behind (a crash before its
     * clean-up). Never kills anything: a cgroup that still holds processes stays.
     */
    private static void removeStale(Path dir) {
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, PREFIX + "*")) {
            for (Path entry : entries) {
                String[] parts = entry.getFileName().toString().split("-");
                if (parts.length != 3) {
                    continue;
                }
                try {
                    long pid = Long.parseLong(parts[1]);
                    if (pid != ProcessHandle.current().pid() && ProcessHandle.of(pid).isEmpty()) {
                        // a cgroup of csl's own, emptied: rmdir refuses one that holds processes
                        Files.deleteIfExists(entry);
                    }
                } catch (NumberFormatException | IOException e) {
                    // not one of csl's, or still in use
                }
            }
        } catch (IOException | RuntimeException e) {
            // nothing to tidy, or not allowed to: the next csl tries again
        }
    }
}
