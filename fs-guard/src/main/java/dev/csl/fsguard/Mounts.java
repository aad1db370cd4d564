package dev.csl.fsguard;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The mount points strictly inside a working directory. A bind mount of a directory outside has the
 * same device number as the working directory when both live on one disk, so comparing {@code
 * st_dev} (GNU's {@code --one-file-system}) does not see it; Linux's mount table does. Read fresh
 * on every call (a few kilobytes), so a mount made during an apply is seen by the next recursive
 * operation. Empty where there is no {@code /proc/self/mountinfo} (Jimfs, other systems): there the
 * device comparison of the tree operations is the only check.
 */
public final class Mounts {
    private static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");

    private Mounts() {}

    /** One line of the mount table: where a file system is mounted, and its type. */
    private record Mount(Path point, String type) {}

    /**
     * The mount table's lines, in order, for a path of the default file system; empty where there
     * is none to read (Jimfs, other systems). Lines that cannot be read are left out.
     */
    private static List<Mount> table(Path of) {
        List<Mount> mounts = new ArrayList<>();
        if (of.getFileSystem() != FileSystems.getDefault() || !Files.isReadable(MOUNTINFO)) {
            return mounts;
        }
        String table;
        try {
            table = Files.readString(MOUNTINFO, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return mounts; // no table to read: the device comparison still applies
        }
        for (String line : table.split("\n")) {
            String[] fields = line.split(" ");
            if (fields.length < 5) {
                continue;
            }
            int dash = Arrays.asList(fields).indexOf("-");
            try {
                mounts.add(
                        new Mount(
                                Path.of(unescape(fields[4])),
                                dash < 0 || dash + 1 >= fields.length ? null : fields[dash + 1]));
            } catch (RuntimeException e) {
                // a mount point that is no path here
            }
        }
        return mounts;
    }

    /** Absolute mount points strictly below {@code root} (a real path). */
    public static Set<Path> below(Path root) {
        Set<Path> out = new HashSet<>();
        for (Mount m : table(root)) {
            if (m.point().startsWith(root) && !m.point().equals(root)) {
                out.add(m.point());
            }
        }
        return out;
    }

    /**
     * The type of the file system {@code path} (a real path) lives on, as the mount table names it
     * ({@code ext4}, {@code tmpfs}, {@code overlay}, ...): that of the mount point nearest above
     * it. {@code null} where there is no table (Jimfs, other systems).
     */
    public static String typeOf(Path path) {
        String type = null;
        int depth = -1;
        for (Mount m : table(path)) {
            // the last of equally deep mounts is the one on top (mounts are listed in order)
            if (m.type() != null
                    && path.startsWith(m.point())
                    && m.point().getNameCount() >= depth) {
                depth = m.point().getNameCount();
                type = m.type();
            }
        }
        return type;
    }

    /** The kernel writes space, tab, newline and backslash in mount points as octal escapes. */
    public static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder s = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && isOctal(field, i + 1)) {
                s.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                s.append(c);
            }
        }
        return s.toString();
    }

    private static boolean isOctal(String s, int from) {
        if (from + 3 > s.length()) {
            return false;
        }
        for (int i = from; i < from + 3; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
