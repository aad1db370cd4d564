package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the places of a warm container that a command can write (besides the project) hold: its
 * {@code /tmp}, {@code /dev} (a tmpfs the container's root user may add to), {@code /dev/shm},
 * {@code /dev/mqueue} and the exec agent's {@code /.csl-agent}, each entry with its type, inode,
 * owner and mode, and a regular file's size and time; read from the host through the container's
 * first process, never following a link or entering another file system. Taken at the start and
 * again when an apply hands the container back, the two must be equal for the next apply to get it
 * ({@link ContainerPool}): what the clearing after each command could not undo (a file planted in
 * {@code /dev}, a replaced device, a mode changed) retires the container instead.
 *
 * @param entries each entry's path under the container's root, and what it was
 */
record ContainerSnapshot(Map<String, List<Object>> entries) {
    /** The places, under the container's root. */
    static final List<String> PLACES =
            List.of(
                    "tmp",
                    "dev",
                    "dev/shm",
                    "dev/mqueue",
                    ContainerArguments.AGENT_DIR.substring(1));

    /** More entries than a fresh container has: such a snapshot is taken as unequal to any. */
    private static final int MAX_ENTRIES = 4096;

    ContainerSnapshot {
        entries = Map.copyOf(entries);
    }

    /**
     * The snapshot of the container whose first process is {@code init}, or {@code null} when it
     * cannot be read whole (it is gone, or holds too much).
     */
    static ContainerSnapshot of(long init) {
        Path root = Path.of("/proc", Long.toString(init), "root");
        Map<String, List<Object>> entries = new TreeMap<>();
        try {
            for (String place : PLACES) {
                Path top = root.resolve(place);
                Object device = Files.getAttribute(top, "unix:dev", LinkOption.NOFOLLOW_LINKS);
                Files.walkFileTree(
                        top,
                        EnumSet.noneOf(java.nio.file.FileVisitOption.class),
                        Integer.MAX_VALUE,
                        new SimpleFileVisitor<>() {
                            @Override
                            public FileVisitResult preVisitDirectory(
                                    Path dir, BasicFileAttributes attrs) throws IOException {
                                if (!device.equals(
                                        Files.getAttribute(
                                                dir, "unix:dev", LinkOption.NOFOLLOW_LINKS))) {
                                    return FileVisitResult.SKIP_SUBTREE; // a place of its own
                                }
                                record(dir, attrs);
                                return FileVisitResult.CONTINUE;
                            }

                            @Override
                            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                                    throws IOException {
                                record(file, attrs);
                                return FileVisitResult.CONTINUE;
                            }

                            @Override
                            public FileVisitResult visitFileFailed(Path file, IOException e)
                                    throws IOException {
                                throw e;
                            }

                            private void record(Path path, BasicFileAttributes attrs)
                                    throws IOException {
                                if (entries.size() >= MAX_ENTRIES) {
                                    throw new IOException("too many entries");
                                }
                                entries.put(
                                        root.relativize(path).toString(), describe(path, attrs));
                            }
                        });
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return new ContainerSnapshot(entries);
    }

    private static List<Object> describe(Path path, BasicFileAttributes attrs) throws IOException {
        Map<String, Object> unix =
                Files.readAttributes(path, "unix:ino,mode,uid,gid", LinkOption.NOFOLLOW_LINKS);
        List<Object> what =
                new java.util.ArrayList<>(
                        List.of(
                                unix.get("ino"),
                                unix.get("mode"),
                                unix.get("uid"),
                                unix.get("gid")));
        if (attrs.isSymbolicLink()) {
            what.add(Files.readSymbolicLink(path).toString());
        } else if (attrs.isRegularFile()) {
            // a directory's time changes with what the clearing removed; a device's as it is used
            what.add(attrs.size());
            what.add(attrs.lastModifiedTime().toString());
        }
        return what;
    }
}
