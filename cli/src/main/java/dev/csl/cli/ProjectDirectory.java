package dev.csl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which directory a command works in (SPEC §5): {@code -C DIR} when given — a missing one is
 * created only when its parent exists, so a typo never makes a tree of new directories — otherwise
 * the project: the nearest directory from the current one upward that holds a {@code .csl/}
 * directory, so csl run from {@code src/} does not start a second project there. The search stops
 * at the root of the git work tree the current directory lies in, and never takes the home
 * directory itself: a {@code .csl/} there belongs to something else.
 *
 * @param dir the working directory (absolute, normalized), or null when {@link #error} says why
 *     there is none
 * @param missing whether {@code dir} (given with -C) does not exist yet, its parent does
 * @param notes what the user is told: the project when it is not the current directory, the current
 *     directory lying below a git work tree's root
 * @param error a usage error, or null
 */
record ProjectDirectory(Path dir, boolean missing, List<String> notes, String error) {
    ProjectDirectory {
        notes = List.copyOf(notes);
    }

    /** The working directory for {@code given} ({@code -C}, or null) seen from {@code current}. */
    static ProjectDirectory resolve(Path given, Path current) {
        Path here = current.toAbsolutePath().normalize();
        List<String> notes = new ArrayList<>();
        if (given != null) {
            Path dir = here.resolve(given).normalize();
            if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) || Files.exists(dir)) {
                return new ProjectDirectory(dir, false, notes, null);
            }
            Path parent = dir.getParent();
            if (parent == null || !Files.isDirectory(parent)) {
                return new ProjectDirectory(
                        null,
                        false,
                        notes,
                        "-C "
                                + dir
                                + " does not exist, nor does its parent "
                                + parent
                                + "; check the path for a typo (csl creates only the last"
                                + " directory of -C), or create it first");
            }
            return new ProjectDirectory(dir, true, notes, null);
        }
        Path gitRoot = nearestHolding(here, ".git", null);
        Path project = nearestHolding(here, ".csl", gitRoot);
        if (project != null && project.toString().equals(System.getProperty("user.home"))) {
            project = null;
        }
        if (project != null && !project.equals(here)) {
            notes.add(
                    "working in the project "
                            + project
                            + " (the nearest directory above that holds .csl/; -C sets another);"
                            + " the answer's paths are relative to it");
            return new ProjectDirectory(project, false, notes, null);
        }
        if (gitRoot != null && !gitRoot.equals(here)) {
            notes.add(
                    "the current directory lies below the git work tree at "
                            + gitRoot
                            + "; the answer's paths are taken relative to "
                            + here
                            + " (pass -C "
                            + gitRoot
                            + " if they are relative to the repository's root)");
        }
        return new ProjectDirectory(here, false, notes, null);
    }

    /**
     * Creates a missing {@code -C} directory (its parent exists); returns the note that says so, or
     * null when nothing was missing. The working directory itself, named by the user: the guard is
     * rooted here, so it cannot make it.
     */
    String createIfMissing() throws IOException {
        if (!missing) {
            return null;
        }
        Files.createDirectory(dir); // -C itself, named by the user, never an answer's path
        return "created the working directory " + dir + " (it did not exist)";
    }

    /**
     * The nearest of {@code from} and its parents holding {@code name}, below the file system's
     * root and not above {@code top} (when not null); or null.
     */
    private static Path nearestHolding(Path from, String name, Path top) {
        for (Path dir = from; dir != null && dir.getParent() != null; dir = dir.getParent()) {
            if (top != null && !dir.startsWith(top)) {
                return null;
            }
            Path candidate = dir.resolve(name);
            // .csl must be a real directory (csl refuses a symlinked one); .git may be a file.
            if (name.equals(".csl")
                    ? Files.isDirectory(candidate, LinkOption.NOFOLLOW_LINKS)
                    : Files.exists(candidate, LinkOption.NOFOLLOW_LINKS)) {
                return dir;
            }
        }
        return null;
    }
}
