package dev.csl.cli;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.Ownership;
import dev.csl.fsguard.UnsafeDirectory;
import dev.csl.runner.base.CallContext;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Which directory a command works in: {@code -C DIR} when given — a missing one is created only
 * when its parent exists, so a typo never makes a tree of new directories — otherwise the project:
 * the nearest directory from the current one upward that holds a {@code .csl/} directory, so csl
 * run from {@code src/} does not start a second project there; otherwise the root of the git work
 * tree the current directory lies in (as git, Aider and Claude Code anchor there); otherwise the
 * current directory. The search never reaches above the git work tree's root, nor the home
 * directory or above it (a {@code .csl/} there belongs to something else), and it stops at a
 * directory another user owns; a {@code .csl/} above the current directory in a directory others
 * may write (a planted {@code /tmp/.csl}) is never adopted. Whatever the choice, csl works in it
 * only when it and its {@code .csl/} are this user's, or marked safe ({@link Ownership}).
 *
 * @param dir the working directory (absolute, normalized), or null when {@link #error} says why
 *     there is none
 * @param missing whether {@code dir} (given with -C) does not exist yet, its parent does
 * @param notes what the user is told: the project when it is not the current directory, and a
 *     {@code .csl/} above that was not taken
 * @param error a usage error, or null
 * @param unsafe when the error is that the directory is not this user's to work in, why
 */
record ProjectDirectory(
        Path dir, boolean missing, List<String> notes, String error, UnsafeDirectory unsafe) {
    private static final String CSL = ".csl";

    ProjectDirectory {
        notes = List.copyOf(notes);
    }

    /**
     * The working directory for {@code given} ({@code -C}, or null) seen from the caller's current
     * directory.
     */
    static ProjectDirectory resolve(Path given, CallContext call) {
        return resolve(given, call.workingDir(), home(call.home()), Ownership.current());
    }

    /** The home directory as the current directory spells it (its real path), or null. */
    private static Path home(Path home) {
        if (home == null || home.toString().isEmpty()) {
            return null;
        }
        try {
            return home.toRealPath();
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return null; // no home directory: nothing to keep the search below
        }
    }

    /**
     * The working directory for {@code given} ({@code -C}, or null) seen from {@code current}, for
     * the user whose home is {@code home} (or null) and whose files {@code owners} tells.
     */
    static ProjectDirectory resolve(Path given, Path current, Path home, Ownership owners) {
        Path here = current.toAbsolutePath().normalize();
        if (given != null) {
            return given(here.resolve(given).normalize(), owners);
        }
        List<String> notes = new ArrayList<>();
        // Below the home directory, neither it nor anything above is searched.
        Path top = home != null && here.startsWith(home.normalize()) ? home.normalize() : null;
        Path gitRoot = nearestGitRoot(here, top);
        Path project = nearestProject(here, top, gitRoot, owners, notes);
        if (project == null && gitRoot != null && !gitRoot.equals(here)) {
            String shared = Ownership.othersMayWrite(gitRoot);
            if (shared != null) {
                return refused(UnsafeDirectory.writableByOthers(gitRoot, shared), notes);
            }
        }
        Path dir = project != null ? project : gitRoot != null ? gitRoot : here;
        UnsafeDirectory unsafe = owners.check(dir);
        if (unsafe != null) {
            return refused(unsafe, notes);
        }
        if (project != null && !project.equals(here)) {
            notes.add(
                    "working in the project "
                            + dir
                            + " (the nearest directory above that holds .csl/; -C sets another):"
                            + " the answer's paths are relative to it");
        } else if (project == null && !dir.equals(here)) {
            notes.add(
                    "working in "
                            + dir
                            + ", the root of the git work tree the current directory lies in (-C"
                            + " sets another): the answer's paths are relative to it");
        }
        if (gitRoot != null && !dir.equals(gitRoot)) {
            notes.add(
                    "the project "
                            + dir
                            + " lies below the root of the git work tree at "
                            + gitRoot
                            + "; the answer's paths are taken relative to the project (pass -C "
                            + gitRoot
                            + " if they are relative to the repository's root)");
        }
        return new ProjectDirectory(dir, false, notes, null, null);
    }

    /** {@code -C dir}: that directory, if it is this user's (or it does not exist yet). */
    private static ProjectDirectory given(Path dir, Ownership owners) {
        List<String> notes = List.of();
        if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS) || Files.exists(dir)) {
            UnsafeDirectory unsafe = owners.check(dir);
            return unsafe != null
                    ? refused(unsafe, notes)
                    : new ProjectDirectory(dir, false, notes, null, null);
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
                            + " directory of -C), or create it first",
                    null);
        }
        return new ProjectDirectory(dir, true, notes, null, null);
    }

    private static ProjectDirectory refused(UnsafeDirectory unsafe, List<String> notes) {
        return new ProjectDirectory(
                null,
                false,
                notes,
                unsafe.message()
                        + " ("
                        + ErrorCode.UNSAFE_DIRECTORY.wireName()
                        + "); "
                        + unsafe.hint(),
                unsafe);
    }

    /**
     * Prints the error as {@code csl COMMAND: ...}; under {@code --json} the document then carries
     * its code ({@code unsafe_directory} when the directory is not this user's).
     */
    void printError(String command, PrintWriter err) {
        err.println("csl " + command + ": " + error);
        if (unsafe != null) {
            JsonUsage.code(err, ErrorCode.UNSAFE_DIRECTORY, unsafe.hint());
        }
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
     * The nearest directory from {@code here} upward that holds a {@code .csl/} csl may adopt, not
     * above {@code gitRoot}, below {@code top}; or null. The search stops at a directory or a
     * {@code .csl/} another user owns, and at a {@code .csl/} above {@code here} that others may
     * write (saying so in {@code notes}).
     */
    private static Path nearestProject(
            Path here, Path top, Path gitRoot, Ownership owners, List<String> notes) {
        for (Path dir = here; below(dir, top); dir = dir.getParent()) {
            boolean above = !dir.equals(here);
            Path csl = dir.resolve(CSL);
            UnsafeDirectory foreign = above ? owners.check(dir) : null;
            if (foreign != null) {
                if (Files.isDirectory(csl, LinkOption.NOFOLLOW_LINKS)) {
                    notes.add("did not take " + csl + " as the project: " + foreign.message());
                }
                return null;
            }
            // .csl must be a real directory (csl refuses a symlinked one)
            if (Files.isDirectory(csl, LinkOption.NOFOLLOW_LINKS)) {
                String shared = above ? sharedWhy(dir, csl) : null;
                if (shared != null) {
                    notes.add(
                            "did not take "
                                    + csl
                                    + " as the project: "
                                    + shared
                                    + ", so others may have put it there (-C "
                                    + dir
                                    + " works there if you mean it)");
                    return null;
                }
                return dir;
            }
            if (dir.equals(gitRoot)) {
                return null;
            }
        }
        return null;
    }

    /** Why others than its owner may write {@code dir} or its {@code csl}; null when none may. */
    private static String sharedWhy(Path dir, Path csl) {
        String why = Ownership.othersMayWrite(dir);
        if (why != null) {
            return dir + " " + why;
        }
        why = Ownership.othersMayWrite(csl);
        return why == null ? null : csl + " " + why;
    }

    /**
     * The nearest of {@code from} and its parents holding {@code .git} (a directory, or the file of
     * a linked work tree), below {@code top} and the file system's root; or null.
     */
    private static Path nearestGitRoot(Path from, Path top) {
        for (Path dir = from; below(dir, top); dir = dir.getParent()) {
            if (Files.exists(dir.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
                return dir;
            }
        }
        return null;
    }

    /**
     * Whether the search may look at {@code dir}: not the file system's root, below {@code top}.
     */
    private static boolean below(Path dir, Path top) {
        return dir != null
                && dir.getParent() != null
                && (top == null || (dir.startsWith(top) && !dir.equals(top)));
    }
}
