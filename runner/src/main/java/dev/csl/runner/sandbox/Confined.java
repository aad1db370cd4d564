package dev.csl.runner.sandbox;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * A command line ready to start, and what closing it removes: the temporary directory of the
 * command's own (under Landlock; {@code null} otherwise) and its cgroup (where csl can make one;
 * {@code null} otherwise), with any process left in it.
 *
 * @param argv the whole command line
 * @param tmpDir the command's {@code TMPDIR}, or {@code null}
 * @param cgroup the command's cgroup, or {@code null}
 * @param leftover removes what a killed client left behind (a container), or {@code null}
 * @param afterward run when the command has ended, however it ended (a warm container's processes
 *     and {@code /tmp} cleared for the next command), or {@code null}
 */
public record Confined(
        List<String> argv, Path tmpDir, CommandCgroup cgroup, Runnable leftover, Runnable afterward)
        implements AutoCloseable {
    public Confined {
        argv = List.copyOf(argv);
    }

    public Confined(List<String> argv, Path tmpDir, CommandCgroup cgroup, Runnable leftover) {
        this(argv, tmpDir, cgroup, leftover, null);
    }

    public Confined(List<String> argv, Path tmpDir, CommandCgroup cgroup) {
        this(argv, tmpDir, cgroup, null);
    }

    /**
     * After a timeout: removes what the killed command's client left running (a container, which
     * the runtime's monitor keeps, not the client csl killed).
     */
    public void removeLeftover() {
        if (leftover != null) {
            leftover.run();
        }
    }

    /**
     * A new directory under the system's temporary directory, readable by its owner only (its real
     * path: csl-confine grants it following no link).
     */
    static Path createTemporaryDirectory() throws IOException {
        // csl's own directory under the system's temporary directory, never a project
        return Files.createTempDirectory(
                        "csl-cmd-",
                        java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
                                java.nio.file.attribute.PosixFilePermissions.fromString(
                                        "rwx------")))
                .toRealPath();
    }

    /**
     * Runs {@code afterward}, removes the cgroup (killing what is left in it), then the temporary
     * directory and what the command left in it (links are not followed).
     */
    @Override
    public void close() {
        if (afterward != null) {
            afterward.run();
        }
        if (cgroup != null) {
            cgroup.close();
        }
        if (tmpDir == null) {
            return;
        }
        try {
            // csl's own temporary directory: its links are removed, never followed
            Files.walkFileTree(
                    tmpDir,
                    new SimpleFileVisitor<>() {
                        @Override
                        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs)
                                throws IOException {
                            Files.deleteIfExists(file);
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult visitFileFailed(Path file, IOException e) {
                            return FileVisitResult.CONTINUE;
                        }

                        @Override
                        public FileVisitResult postVisitDirectory(Path dir, IOException e)
                                throws IOException {
                            Files.deleteIfExists(dir);
                            return FileVisitResult.CONTINUE;
                        }
                    });
        } catch (IOException e) {
            // A leftover in the temporary directory harms nobody.
        }
    }
}
