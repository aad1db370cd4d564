package dev.csl.fsguard;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;

/**
 * csl's own state, {@code .csl/} in the working directory (journal and history, audit log, lock,
 * approvals), reached only through the guard: {@code .csl} must be a real directory inside the
 * working directory (a symlink, or a file, is refused), and every path below it is resolved and
 * verified against {@code .csl} itself, so no link inside can carry a bookkeeping write out.
 */
public final class StateDirectory {
    public static final String NAME = ".csl";

    /** Keeps csl's state out of {@code git status} without touching the user's .gitignore. */
    static final String GITIGNORE = ".gitignore";

    private final GuardedFiles files;

    private StateDirectory(GuardedFiles files) {
        this.files = files;
    }

    /** Opens {@code .csl} of {@code workingRoot}, creating it (with a .gitignore) when missing. */
    public static StateDirectory open(Path workingRoot) throws IOException {
        Path dir = workingRoot.resolve(NAME);
        if (kind(dir) == null) {
            try {
                Files.createDirectory(dir);
            } catch (FileAlreadyExistsException raced) {
                // someone made it meanwhile: checked below like any existing one
            }
        }
        StateDirectory state = verified(workingRoot, dir);
        if (!state.exists(GITIGNORE)) {
            state.write(GITIGNORE, "*\n".getBytes(StandardCharsets.UTF_8));
        }
        return state;
    }

    /**
     * Opens an existing {@code .csl}, or returns null when there is none (readers need not make
     * it).
     */
    public static StateDirectory openIfExists(Path workingRoot) throws IOException {
        Path dir = workingRoot.resolve(NAME);
        return kind(dir) == null ? null : verified(workingRoot, dir);
    }

    private static BasicFileAttributes kind(Path dir) throws IOException {
        try {
            return Files.readAttributes(dir, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static StateDirectory verified(Path workingRoot, Path dir) throws IOException {
        BasicFileAttributes attrs = kind(dir);
        Path real = attrs == null ? null : dir.toRealPath();
        Path expected = workingRoot.toRealPath().resolve(NAME);
        if (attrs == null || !attrs.isDirectory() || !expected.equals(real)) {
            throw new GuardException(
                    ErrorCode.PROTECTED_PATH,
                    "csl keeps its state only in a real directory .csl inside the working directory,"
                            + " and "
                            + dir
                            + " is "
                            + (attrs != null && attrs.isSymbolicLink()
                                    ? "a symlink"
                                    : "not a directory")
                            + ": '"
                            + NAME
                            + "'",
                    NAME,
                    real == null ? dir : real,
                    "remove " + dir + " (csl makes a new .csl directory), then run csl again");
        }
        return new StateDirectory(Guard.open(real, true));
    }

    /**
     * The same directory, except that the repository-shape check of its writes lists each of its
     * directories once ({@link GuardedFiles#rememberingListings()}): for an apply, which forgets
     * after each RUN ({@link #forgetListings()}).
     */
    public StateDirectory rememberingListings() {
        return new StateDirectory(files.rememberingListings());
    }

    /** Forgets what {@link #rememberingListings()} listed (the tree may have changed outside). */
    public void forgetListings() {
        files.forgetListings();
    }

    /** The real path of {@code .csl}. */
    public Path path() {
        return files.root();
    }

    /** What {@code rel} is, without following a final symlink. */
    public FileInfo stat(String rel) throws IOException {
        return files.stat(rel);
    }

    public boolean exists(String rel) throws IOException {
        return files.exists(rel);
    }

    public byte[] read(String rel) throws IOException {
        return files.readBytes(rel);
    }

    /**
     * Names in a directory below {@code .csl}, sorted; empty when it does not exist. Anything else
     * there (a symlink, a file) is refused: reading it as "no entries" would make undo say there is
     * nothing to undo while the history sits behind a planted link.
     */
    public List<String> list(String rel) throws IOException {
        FileInfo info = files.stat(rel);
        return switch (info.type()) {
            case MISSING -> List.of();
            case DIRECTORY -> files.list(rel);
            default -> throw notReal(rel, info, "real directories");
        };
    }

    /**
     * Refuses {@code rel} unless it is absent or a regular file: a log that csl appends to at the
     * end of an apply is checked before the apply changes anything, so a planted link or directory
     * there stops it up front instead of after the files were written.
     */
    public void requireFileOrAbsent(String rel) throws IOException {
        FileInfo info = files.stat(rel);
        if (info.type() != FileInfo.Type.MISSING && info.type() != FileInfo.Type.FILE) {
            throw notReal(rel, info, "regular files");
        }
    }

    private GuardException notReal(String rel, FileInfo info, String what) {
        Path at = files.root().resolve(rel);
        return new GuardException(
                ErrorCode.PROTECTED_PATH,
                "csl keeps its state only in "
                        + what
                        + " inside .csl, and "
                        + at
                        + " is "
                        + switch (info.type()) {
                            case SYMLINK -> "a symlink to " + info.linkTarget();
                            case DIRECTORY -> "a directory";
                            case FILE -> "a file";
                            default -> "a FIFO, socket or device";
                        }
                        + ": '"
                        + NAME
                        + "/"
                        + rel
                        + "'",
                NAME + "/" + rel,
                at,
                "move " + at + " away (csl then starts it anew), then run csl again");
    }

    /** Replaces (or creates) a file atomically and durably (fsync of file and directory). */
    public void write(String rel, byte[] data) throws IOException {
        files.writeAtomic(rel, data);
    }

    /** Appends by atomic replace: a kill leaves the old or the new file, never a torn one. */
    public void append(String rel, byte[] data) throws IOException {
        files.append(rel, data);
    }

    public void createDirectories(String rel) throws IOException {
        files.createDirectories(rel);
    }

    /** Deletes a file or a tree below {@code .csl}, never following a link; nothing when absent. */
    public void delete(String rel) throws IOException {
        if (files.stat(rel).type() != FileInfo.Type.MISSING) {
            files.deleteRecursive(rel);
        }
    }

    /** Renames within {@code .csl}. */
    public void move(String from, String to) throws IOException {
        files.move(from, to);
    }

    /** Opens (creating) a lock file for {@link FileChannel#tryLock()}, never through a symlink. */
    public FileChannel openLock(String rel) throws IOException {
        Path path = files.resolveForWrite(rel);
        return FileChannel.open(
                path,
                StandardOpenOption.CREATE,
                StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS);
    }
}
