package dev.csl.runner.sandbox;

import dev.csl.fsguard.Mounts;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The file system as {@link ViewFacts#DIRECT} answers, and a {@link Witness} of what the answers
 * depend on: every directory a name was looked up or listed in, by its device, inode and change
 * time, and the mount table. A directory's change time moves whenever an entry is added to it,
 * removed, renamed or replaced (a new socket, a symlink made again), and a mount changes the table,
 * so while the witness holds the same questions get the same answers. Each directory is looked at
 * before it is read, so a change after the look shows in the next check.
 *
 * <p>No witness is given (the answers are used once) when a directory was changed less than {@link
 * #RECENT} before the look (a second change within the file system's clock tick would leave its
 * change time as it was), lies on a file system not known to keep change times exactly as local
 * Linux file systems do (network and FUSE file systems, {@code /proc}), cannot be looked at, or
 * when this class's own resolution of a path disagrees with the JDK's.
 */
final class WitnessedFacts implements ViewFacts {
    /** How long ago a directory must have changed for its change time to tell a later change. */
    static final java.time.Duration RECENT = java.time.Duration.ofSeconds(2);

    /** File systems that set a directory's change time on every change of its entries. */
    static final Set<String> KEEPING_CHANGE_TIMES =
            Set.of("ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "overlay");

    private static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");

    /** The symbolic links one resolution may follow, as Linux's limit. */
    private static final int MAX_LINKS = 40;

    /** A directory as it was looked at. */
    record Stamp(Path dir, long dev, long ino, FileTime ctime) {}

    /**
     * What a set of answers depended on; {@link #holds()} says whether it still stands.
     *
     * @param mounts the mount table as it was
     * @param mountsHere its lines of mounts on a directory looked at or on an entry of one: another
     *     table (a container started elsewhere on the machine) with the same such lines holds too
     * @param stamps the directories looked at
     */
    record Witness(byte[] mounts, List<String> mountsHere, List<Stamp> stamps) {
        Witness {
            mountsHere = List.copyOf(mountsHere);
            stamps = List.copyOf(stamps);
        }

        /** Whether the mounts that matter and every directory looked at are as they were. */
        boolean holds() {
            byte[] table = readMounts();
            if (table == null) {
                return false;
            }
            if (!Arrays.equals(mounts, table)
                    && !mountsHere.equals(mountsOn(table, directories(stamps)))) {
                return false;
            }
            for (Stamp s : stamps) {
                Stamp now = look(s.dir());
                if (now == null
                        || now.dev() != s.dev()
                        || now.ino() != s.ino()
                        || !now.ctime().equals(s.ctime())) {
                    return false;
                }
            }
            return true;
        }
    }

    /** A path resolved: its real path and what it names. */
    private record Resolved(Path path, Kind kind) {}

    private final byte[] mounts;
    private final Set<String> keepingDevices;
    private final Instant recentSince;
    private final Map<Path, Stamp> stamps = new LinkedHashMap<>();
    private boolean witnessed;

    private WitnessedFacts(byte[] mounts, Instant now) {
        this.mounts = mounts;
        this.keepingDevices = mounts == null ? Set.of() : keepingDevices(mounts);
        this.recentSince = now.minus(RECENT);
        this.witnessed = mounts != null;
    }

    /** Starts answering, {@code now} being the time the answers are asked for. */
    static WitnessedFacts start(Instant now) {
        return new WitnessedFacts(readMounts(), now);
    }

    /** What the answers so far depend on, or {@code null} when they must not be remembered. */
    Witness witness() {
        if (!witnessed) {
            return null;
        }
        List<Stamp> all = new ArrayList<>(stamps.values());
        return new Witness(mounts, mountsOn(mounts, directories(all)), all);
    }

    @Override
    public Path real(Path p) {
        Resolved r = resolve(p, true);
        Path direct = DIRECT.real(p);
        agree(r == null ? null : r.path(), direct);
        return direct;
    }

    @Override
    public boolean isDirectory(Path p) {
        Resolved r = resolve(p, true);
        boolean direct = DIRECT.isDirectory(p);
        agree(r != null && r.kind() == Kind.DIRECTORY, direct);
        return direct;
    }

    @Override
    public Kind kind(Path p) {
        Resolved r = resolve(p, false);
        Kind direct = DIRECT.kind(p);
        agree(r == null ? null : r.kind(), direct);
        return direct;
    }

    @Override
    public List<Entry> entries(Path dir) {
        Resolved r = resolve(dir, false);
        if (r == null || r.kind() != Kind.DIRECTORY || !r.path().equals(dir)) {
            witnessed = false; // only real directories are listed
        } else {
            stamp(dir); // before its entries are read
        }
        return DIRECT.entries(dir);
    }

    private void agree(Object mine, Object direct) {
        if (!Objects.equals(mine, direct)) {
            witnessed = false;
        }
    }

    /**
     * {@code p}'s real path and what it names, as realpath(3) finds it: name by name from the root,
     * a link's text put in place of its name (its last name followed only with {@code followLast});
     * every directory a name is looked up in is stamped first. {@code null} when something on the
     * way is missing, no directory, unreadable or a loop.
     */
    private Resolved resolve(Path p, boolean followLast) {
        Path abs;
        try {
            abs = p.toAbsolutePath();
        } catch (RuntimeException e) {
            return null;
        }
        Deque<String> todo = new ArrayDeque<>();
        for (Path name : abs) {
            todo.addLast(name.toString());
        }
        Path root = abs.getRoot();
        Path cur = root;
        Kind kind = Kind.DIRECTORY;
        int links = 0;
        while (!todo.isEmpty()) {
            String name = todo.pollFirst();
            if (name.isEmpty() || name.equals(".")) {
                continue;
            }
            if (name.equals("..")) {
                Path up = cur.getParent();
                cur = up == null ? root : up; // cur is real: its parent is its name's directory
                continue;
            }
            stamp(cur);
            Path next = cur.resolve(name);
            Kind k = lstatKind(next);
            if (k == null) {
                return null;
            }
            if (k == Kind.LINK && (followLast || !todo.isEmpty())) {
                if (++links > MAX_LINKS) {
                    return null;
                }
                Path target;
                try {
                    target = Files.readSymbolicLink(next);
                } catch (IOException | RuntimeException e) {
                    return null;
                }
                List<String> names = new ArrayList<>();
                for (Path n : target) {
                    names.add(n.toString());
                }
                for (int i = names.size() - 1; i >= 0; i--) {
                    todo.addFirst(names.get(i));
                }
                if (target.isAbsolute()) {
                    cur = root;
                }
                continue;
            }
            if (k != Kind.DIRECTORY && !todo.isEmpty()) {
                return null; // a name below something that is no directory
            }
            cur = next;
            kind = k;
        }
        return new Resolved(cur, kind);
    }

    private static Kind lstatKind(Path p) {
        try {
            return ViewFacts.kindOf(
                    (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Notes {@code dir} as it is now, before anything in it is read. */
    private void stamp(Path dir) {
        if (stamps.containsKey(dir)) {
            return;
        }
        Stamp s = look(dir);
        if (s == null
                || !s.ctime().toInstant().isBefore(recentSince)
                || !keepingDevices.contains(majorMinor(s.dev()))) {
            witnessed = false;
        }
        if (s != null) {
            stamps.put(dir, s);
        }
    }

    /** The directory {@code dir} (not followed) as it is now; {@code null} when it is none. */
    private static Stamp look(Path dir) {
        try {
            Map<String, Object> a =
                    Files.readAttributes(dir, "unix:dev,ino,ctime,mode", LinkOption.NOFOLLOW_LINKS);
            if (ViewFacts.kindOf((Integer) a.get("mode")) != Kind.DIRECTORY) {
                return null;
            }
            return new Stamp(
                    dir, (Long) a.get("dev"), (Long) a.get("ino"), (FileTime) a.get("ctime"));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The mount table, or {@code null} where there is none to read. */
    private static byte[] readMounts() {
        try {
            return Files.readAllBytes(MOUNTINFO);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static Set<Path> directories(List<Stamp> stamps) {
        Set<Path> dirs = new HashSet<>();
        for (Stamp s : stamps) {
            dirs.add(s.dir());
        }
        return dirs;
    }

    /**
     * The lines of {@code table} mounting something on one of {@code dirs} or on an entry of one.
     */
    private static List<String> mountsOn(byte[] table, Set<Path> dirs) {
        List<String> lines = new ArrayList<>();
        for (String line : new String(table, StandardCharsets.UTF_8).split("\n")) {
            String[] fields = line.split(" ");
            if (fields.length < 5) {
                continue;
            }
            try {
                Path point = Path.of(Mounts.unescape(fields[4]));
                if (dirs.contains(point)
                        || point.getParent() != null && dirs.contains(point.getParent())) {
                    lines.add(line);
                }
            } catch (RuntimeException e) {
                lines.add(line); // a mount point csl cannot read may be anywhere
            }
        }
        return lines;
    }

    /** The devices ({@code major:minor}) of the mounted file systems that keep change times. */
    private static Set<String> keepingDevices(byte[] mounts) {
        Set<String> devices = new HashSet<>();
        for (String line : new String(mounts, StandardCharsets.UTF_8).split("\n")) {
            String[] fields = line.split(" ");
            int dash = Arrays.asList(fields).indexOf("-");
            if (fields.length > 2 && dash > 0 && dash + 1 < fields.length) {
                if (KEEPING_CHANGE_TIMES.contains(fields[dash + 1])) {
                    devices.add(fields[2]);
                }
            }
        }
        return devices;
    }

    /** A device number as glibc encodes it, as the mount table writes it. */
    static String majorMinor(long dev) {
        long major = ((dev >>> 8) & 0xfffL) | ((dev >>> 32) & 0xfffff000L);
        long minor = (dev & 0xffL) | ((dev >>> 12) & 0xffffff00L);
        return major + ":" + minor;
    }
}
