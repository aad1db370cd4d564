package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * csl's own files inside the working directory ({@link OwnInstallation}), taken before a child
 * process runs and compared after it: where no layer kept them read-only (no sandbox), a command
 * could rewrite the launcher or the jar, which would run unconfined at csl's next start. What
 * changed is undone as far as csl can: a small file (the launcher) is written back as it was,
 * anything else that changed or appeared is removed (a missing jar or cache is built or recorded
 * again by the launcher at the next start). Nothing is read when no own file lies inside, the usual
 * case.
 */
final class OwnSnapshot {
    /** Files up to this size are kept whole, to be put back. */
    static final int KEPT_BYTES = 64 * 1024;

    /** At most this many files are looked at (a build directory holds a few hundred). */
    static final int MAX_FILES = 20_000;

    private record Entry(Object key, long size, long modified, byte[] content) {}

    private final List<Path> roots;
    private final Map<Path, Entry> before;

    private OwnSnapshot(List<Path> roots, Map<Path, Entry> before) {
        this.roots = roots;
        this.before = before;
    }

    static OwnSnapshot take(Path realRoot) {
        List<Path> roots = OwnInstallation.inside(realRoot);
        return new OwnSnapshot(roots, roots.isEmpty() ? Map.of() : read(roots, true));
    }

    /**
     * What changed since {@link #take}, each one put back or removed; empty when nothing changed.
     */
    List<String> restore() {
        if (roots.isEmpty()) {
            return List.of();
        }
        Map<Path, Entry> after = read(roots, false);
        List<String> changed = new ArrayList<>();
        for (Map.Entry<Path, Entry> now : after.entrySet()) {
            Entry then = before.get(now.getKey());
            if (then == null || !same(then, now.getValue())) {
                changed.add(now.getKey().toString());
                undo(now.getKey(), then);
            }
        }
        for (Map.Entry<Path, Entry> then : before.entrySet()) {
            if (!after.containsKey(then.getKey())) {
                changed.add(then.getKey().toString());
                undo(then.getKey(), then.getValue());
            }
        }
        return changed;
    }

    private static boolean same(Entry a, Entry b) {
        return Objects.equals(a.key, b.key) && a.size == b.size && a.modified == b.modified;
    }

    /** Puts {@code file} back as {@code then} was (kept whole), else removes it. */
    private void undo(Path file, Entry then) {
        try {
            // csl's own file, at a path csl took from its own installation: a link placed there by
            // the command is removed, never followed, and nothing is done where a directory on the
            // way was swapped for a link
            if (!file.getParent().toRealPath().equals(file.getParent())) {
                return;
            }
            Files.deleteIfExists(file);
            if (then != null && then.content != null && Files.isDirectory(file.getParent())) {
                Files.write(file, then.content);
            }
        } catch (IOException | RuntimeException e) {
            // what could not be undone is still named in the failure
        }
    }

    private static Map<Path, Entry> read(List<Path> roots, boolean keep) {
        Map<Path, Entry> out = new LinkedHashMap<>();
        for (Path root : roots) {
            try (Stream<Path> walk = Files.walk(root)) {
                walk.limit(MAX_FILES).forEach(p -> add(out, p, keep));
            } catch (IOException | RuntimeException e) {
                // gone or unreadable: compared as absent
            }
        }
        return out;
    }

    private static void add(Map<Path, Entry> out, Path p, boolean keep) {
        try {
            BasicFileAttributes a =
                    Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (a.isDirectory()) {
                return;
            }
            byte[] content =
                    keep && a.isRegularFile() && a.size() <= KEPT_BYTES
                            ? Files.readAllBytes(p)
                            : null;
            out.put(
                    p,
                    new Entry(
                            a.fileKey(),
                            a.isSymbolicLink() ? -1 : a.size(),
                            a.lastModifiedTime().toMillis(),
                            content));
        } catch (IOException e) {
            // vanished meanwhile
        }
    }
}
