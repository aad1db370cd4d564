package dev.csl.runner.sandbox;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The {@code csl-confine} options of the Landlock layer: which paths a command may read ({@code
 * --ro}) and which it may change ({@code --rw}). Landlock grants rights on whole hierarchies and
 * cannot take a subdirectory back out, so the view of {@link SandboxView} is built from the top:
 *
 * <ul>
 *   <li>Reads: every directory of the host that holds no hidden place, whole; a directory that
 *       holds one is granted entry by entry, the hidden ones left out (home directories, /run, the
 *       project's siblings, and — since no namespace can make them private — /tmp, /var/tmp and
 *       /dev/shm); the toolchains {@link SandboxView} shows again are granted on their own.
 *   <li>Writes: the working directory and the command's own temporary directory. A directory of the
 *       project that holds a {@code .git}, a {@code .csl} or a repository-shaped directory at any
 *       depth is not granted as a whole but entry by entry: its existing files and its other
 *       subdirectories, never the {@code .git}, {@code .csl} or repository-shaped one itself. So
 *       nothing in them is writable, and nothing can be created, renamed or removed directly in
 *       such a directory (usually the project's top): only its existing files can be changed in
 *       place. csl's own files inside the project ({@link OwnInstallation}) are left out the same
 *       way.
 * </ul>
 */
final class LandlockArguments {
    /** Shared places no namespace can make private under Landlock: not readable at all. */
    static final List<String> SHARED_SCRATCH = List.of("/tmp", "/var/tmp", "/dev/shm");

    /**
     * The devices a command may open, bubblewrap's minimal {@code /dev}: no terminal of the user's
     * ({@code /dev/pts/N}), no disk ({@code /dev/loop*}, {@code /dev/zram0}, {@code /dev/vda}). The
     * rest of {@code /dev} is not readable at all.
     */
    static final List<String> DEVICES =
            List.of(
                    "/dev/null",
                    "/dev/zero",
                    "/dev/full",
                    "/dev/random",
                    "/dev/urandom",
                    "/dev/tty");

    private static final Path DEV = Path.of("/dev");

    /** How deep the project is walked; a deeper directory is not writable (see Trees). */
    static final int MAX_DEPTH = 512;

    private LandlockArguments() {}

    /** The options granting reads and writes for a command in {@code realWorkingDir}. */
    static List<String> rules(
            Path realWorkingDir, List<Path> readOnly, Path tmpDir, String pathVariable) {
        SandboxView view = SandboxView.of(realWorkingDir, readOnly, pathVariable);
        Set<Path> hidden = new LinkedHashSet<>(view.hidden());
        for (String scratch : SHARED_SCRATCH) {
            Path p = Path.of(scratch);
            if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                hidden.add(p);
            }
        }
        hidden.add(DEV);
        List<String> args = new ArrayList<>();
        for (Path p : readable(Path.of("/"), hidden)) {
            grant(args, "--ro", p);
        }
        for (Path p : view.shown()) {
            grant(args, "--ro", p);
        }
        grant(args, "--ro", realWorkingDir);
        for (String device : DEVICES) {
            grant(args, "--rw", Path.of(device));
        }
        ProjectMetadata metadata =
                ProjectMetadata.of(realWorkingDir, OwnInstallation.inside(realWorkingDir));
        for (Path p : writable(realWorkingDir, metadata)) {
            grant(args, "--rw", p);
        }
        if (tmpDir != null) {
            grant(args, "--tmpdir", tmpDir);
        }
        return args;
    }

    /**
     * {@code option DEV:INO:PATH}: the file at {@code path} as csl sees it now, read without
     * following a link. csl-confine opens the path again one name at a time, following no link, and
     * refuses the command when it finds another file there (swapped in meanwhile). A path that is
     * gone, or a link (which would grant its target), is left out: it grants nothing.
     */
    static void grant(List<String> args, String option, Path path) {
        try {
            Map<String, Object> seen =
                    Files.readAttributes(path, "unix:dev,ino,mode", LinkOption.NOFOLLOW_LINKS);
            if (((Integer) seen.get("mode") & 0170000) == 0120000) {
                return;
            }
            args.add(option);
            args.add(seen.get("dev") + ":" + seen.get("ino") + ":" + path);
        } catch (IOException | RuntimeException e) {
            // gone, or unreadable: nothing is granted there
        }
    }

    /** {@code dir} whole when it holds nothing hidden; else its entries, the hidden left out. */
    static List<Path> readable(Path dir, Set<Path> hidden) {
        List<Path> out = new ArrayList<>();
        if (hidden.contains(dir)) {
            return out;
        }
        boolean holdsHidden = hidden.stream().anyMatch(h -> h.startsWith(dir) && !h.equals(dir));
        if (!holdsHidden) {
            out.add(dir);
            return out;
        }
        for (Path child : children(dir)) {
            // A link would grant its target: the target is reached by its own path instead.
            if (!Files.isSymbolicLink(child)) {
                out.addAll(readable(child, hidden));
            }
        }
        return out;
    }

    /**
     * The project's metadata: the repository-shaped directories ({@code HEAD} with {@code objects}
     * and {@code refs}, or with {@code commondir}: git takes them for a bare repository and runs
     * what their {@code config} names), and the directories (the working directory included) that
     * hold one, or a {@code .git} or {@code .csl} (a directory or a file, any letter case), at any
     * depth.
     */
    record ProjectMetadata(Set<Path> above, Set<Path> shaped) {
        static ProjectMetadata of(Path realWorkingDir) {
            return of(realWorkingDir, List.of());
        }

        /**
         * As {@link #of(Path)}, with csl's own files inside ({@link OwnInstallation}) kept out like
         * a repository-shaped directory: nothing in them, nor they themselves, is writable.
         */
        static ProjectMetadata of(Path realWorkingDir, List<Path> own) {
            ProjectMetadata found = new ProjectMetadata(new HashSet<>(), new HashSet<>());
            found.collect(realWorkingDir, realWorkingDir);
            for (Path p : own) {
                found.shaped.add(p);
                found.markAbove(realWorkingDir, p);
            }
            return found;
        }

        private void collect(Path root, Path dir) {
            if (root.relativize(dir).getNameCount() > MAX_DEPTH) {
                shaped.add(dir); // too deep to look into: nothing below is writable
                markAbove(root, dir);
                return;
            }
            List<Path> children = children(dir);
            if (GuardedFiles.repositoryShaped(
                    children.stream().map(c -> c.getFileName().toString()).toList())) {
                shaped.add(dir);
                markAbove(root, dir);
            }
            for (Path child : children) {
                if (isMetadata(child)) {
                    markAbove(root, child);
                } else if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                    collect(root, child);
                }
            }
        }

        /** Every directory above {@code entry}, up to and including the working directory. */
        private void markAbove(Path root, Path entry) {
            for (Path p = entry.getParent(); p != null && p.startsWith(root); p = p.getParent()) {
                if (!above.add(p)) {
                    break;
                }
            }
        }
    }

    /** What may be written: whole directories where possible, else entry by entry. */
    static List<Path> writable(Path dir, ProjectMetadata metadata) {
        List<Path> out = new ArrayList<>();
        if (metadata.shaped().contains(dir)) {
            return out;
        }
        if (!metadata.above().contains(dir)) {
            out.add(dir);
            return out;
        }
        for (Path child : children(dir)) {
            if (isMetadata(child)
                    || Files.isSymbolicLink(child)
                    || metadata.shaped().contains(child)) {
                continue;
            }
            if (Files.isDirectory(child, LinkOption.NOFOLLOW_LINKS)) {
                out.addAll(writable(child, metadata));
            } else if (Files.isRegularFile(child, LinkOption.NOFOLLOW_LINKS)) {
                out.add(child);
            }
        }
        return out;
    }

    private static boolean isMetadata(Path p) {
        String name = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.equals(".git") || name.equals(".csl");
    }

    private static List<Path> children(Path dir) {
        List<Path> out = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            entries.forEach(out::add);
        } catch (IOException | RuntimeException e) {
            // An unreadable directory grants nothing: the command is refused what lies in it.
        }
        out.sort(null);
        return out;
    }
}
