package dev.csl.fsguard;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * Every file operation csl performs, each one behind the path guard (docs/guard.md). Paths are
 * strings exactly as an answer wrote them, relative to {@link #base()} (or absolute, when that
 * resolves inside the working directory). Every method refuses what the guard refuses by throwing
 * {@link GuardException}; other I/O failures are also reported as {@link GuardException} with code
 * {@code IO_ERROR}, {@code FILE_NOT_FOUND}, {@code IS_DIRECTORY} or {@code PERMISSION_DENIED}.
 *
 * <p>Instances are immutable and thread-safe (one made by {@link #rememberingListings()} keeps a
 * memory of listings, thread-safe too); obtain one with {@code GuardedFiles.open(root)}
 * (implementation provided by this module).
 */
public interface GuardedFiles {

    /**
     * Opens the guard for a working directory on any {@link java.nio.file.FileSystem} (real disk or
     * Jimfs). On the default file system where the JDK has {@link
     * java.nio.file.SecureDirectoryStream} (Linux) every use walks under open directory handles
     * without following symlinks, so check and use are one step ({@link #mode()} says {@code
     * handle-walk}); elsewhere (Jimfs, other systems) it resolves and verifies before each use
     * ({@code resolve-and-verify}).
     *
     * @throws GuardException {@code FILE_NOT_FOUND} or {@code IO_ERROR} if {@code workingDir} is
     *     not an existing directory
     */
    static GuardedFiles open(Path workingDir) throws IOException {
        return Guard.open(workingDir, true);
    }

    /**
     * As {@link #open(Path)}, protecting the files of {@code installation} that lie inside ({@link
     * #open(Path)} protects those of the csl that is running, {@link Installation#running()}).
     */
    static GuardedFiles open(Path workingDir, Installation installation) throws IOException {
        return Guard.open(workingDir, true, installation);
    }

    /**
     * True when {@code dir}, as given or as its real path, is the root of its file system: never a
     * working directory (csl's state would go to {@code /.csl}, and every path of the machine would
     * be "inside").
     */
    static boolean isFileSystemRoot(Path dir) {
        if (dir.toAbsolutePath().normalize().getParent() == null) {
            return true;
        }
        try {
            return dir.toRealPath().getParent() == null;
        } catch (IOException e) {
            return false; // a directory that does not exist yet is not the root
        }
    }

    /**
     * True when a directory holding entries with these names is one git would take for a
     * repository: {@code HEAD} with {@code objects} and {@code refs}, or {@code HEAD} with {@code
     * commondir}, in any letter case. The guard refuses to create one or to change anything inside
     * one (docs/guard.md, "Repository-shaped directories").
     */
    static boolean repositoryShaped(java.util.Collection<String> names) {
        return RepositoryShapes.shaped(names);
    }

    /** The real path of the working directory. */
    Path root();

    /** The directory relative paths are resolved against (the root, or a RUN {@code dir}). */
    Path base();

    /**
     * Which mode is active: {@code handle-walk} (race-free: every use re-walks the verified names
     * under directory handles with NOFOLLOW) or {@code resolve-and-verify} (check, then use).
     */
    String mode();

    /** The same guard with another base; {@code dir} must be an existing directory inside. */
    GuardedFiles withBase(String dir) throws GuardException;

    /**
     * This guard, except that its repository-shape check lists each directory once and remembers
     * what it found (kept up to date by the changes made through it, and through the guards {@link
     * #withBase} makes of it) until {@link #forgetListings()}: the directories along a path are no
     * longer listed again for every write below them. Changes made by anyone else are not seen, so
     * only a caller that knows when the tree may have changed outside it uses this, and forgets
     * then (an apply: after each RUN).
     */
    GuardedFiles rememberingListings();

    /**
     * Forgets what a guard made by {@link #rememberingListings()} listed; nothing for any other.
     */
    void forgetListings();

    /**
     * This guard, except that each write is first taken from {@code budget} (its content, a
     * recursive copy's whole tree, each directory and link made) and refused with {@code
     * LIMIT_EXCEEDED}, nothing written, when the budget would be overdrawn. Putting files back
     * ({@link #restoreFile}, {@link #restoreProtected}) is never refused. The guards {@link
     * #withBase} and {@link #rememberingListings} make of it spend the same budget.
     */
    default GuardedFiles withBudget(WriteBudget budget) {
        return new BudgetedFiles(this, budget);
    }

    /** Resolves and verifies {@code path} for reading; returns the resolved absolute path. */
    Path resolveForRead(String path) throws GuardException;

    /** Resolves and verifies {@code path} for writing (protected paths refused). */
    Path resolveForWrite(String path) throws GuardException;

    /**
     * As {@link #resolveForWrite(String)}, counting also {@code pending}: files the caller holds in
     * memory and will write later (absolute paths as {@code resolveForWrite} returned them), so
     * that a directory they and {@code path} would make repository-shaped together is refused now.
     */
    Path resolveForWrite(String path, java.util.Collection<Path> pending) throws GuardException;

    /** Resolves and verifies {@code path} for deleting (protected paths and the root refused). */
    Path resolveForDelete(String path) throws GuardException;

    boolean exists(String path) throws GuardException;

    /**
     * What the path is, without following a final symlink (like {@code lstat}; a trailing slash
     * follows). A missing path gives type {@code MISSING}, not an exception.
     */
    FileInfo stat(String path) throws GuardException;

    /** Like {@link #stat(String)}, following a final symlink when {@code followLinks} (stat -L). */
    FileInfo stat(String path, boolean followLinks) throws GuardException;

    byte[] readBytes(String path) throws IOException;

    /**
     * Opens a regular file for reading in pieces (a search of a file of any size in flat memory):
     * resolved and verified like {@link #readBytes}, then opened relative to its verified directory
     * without following a symlink. The caller closes it.
     */
    ReadableByteChannel openRead(String path) throws IOException;

    /**
     * Reads UTF-8 text. A binary file (a NUL byte) or malformed UTF-8 is refused with {@code
     * IO_ERROR} ("Binary file (contains NUL bytes), not text" / "File is not valid UTF-8 text").
     */
    String readText(String path) throws IOException;

    /**
     * Replaces (or creates) the file atomically: temporary file in the target's directory, fsync,
     * rename, fsync of the directory. Parent directories are created. The mode of a replaced file
     * is kept. A symlink that stays inside is resolved first, so its target is replaced.
     */
    void writeAtomic(String path, byte[] content) throws IOException;

    /**
     * A file of a batch of atomic writes ({@link #prepareWrite}): its new content is in a temporary
     * file beside it, forced to disk; the file itself is unchanged until {@link #commitWrites}.
     */
    interface PendingWrite {
        /** The path as the caller gave it. */
        String path();
    }

    /**
     * The first step of {@link #writeAtomic} for a batch: resolves and checks the path as {@link
     * #writeAtomic} does, creates the parent directories, and writes and forces the new content to
     * a temporary file in the target's directory. Safe to call from several threads at once.
     */
    PendingWrite prepareWrite(String path, byte[] content) throws IOException;

    /**
     * Renames each prepared file over its target, in order, then forces each directory once: a
     * batch pays for durability once per directory, not once per file, and a crash at any moment
     * still leaves each file old or new. Returns, index by index, what each rename threw (null
     * where it succeeded); a failed write's temporary file is removed.
     */
    IOException[] commitWrites(List<PendingWrite> writes);

    /** Appends bytes, also by atomic replace (never in place). Creates the file if absent. */
    void append(String path, byte[] content) throws IOException;

    void createDirectories(String path) throws IOException;

    /**
     * Names of the entries of a directory, sorted. Temporary files a crashed csl left there are
     * removed first.
     */
    List<String> list(String path) throws IOException;

    /**
     * Copies a file to exactly {@code to} (replacing a file there atomically; the parent must
     * exist), or with {@code recursive} a directory tree into {@code to} (created if missing,
     * merged if it exists). Symlinks in a tree are copied as symlinks, and only if they still point
     * inside from their new place. Directories named {@code .git}/{@code .csl} are never created.
     */
    void copy(String from, String to, boolean recursive) throws IOException;

    /**
     * Renames {@code from} (a final symlink is moved itself) to exactly {@code to}, replacing a
     * file there (POSIX rename); the parent of {@code to} must exist.
     */
    void move(String from, String to) throws IOException;

    /** Deletes a file, a symlink (not its target) or an empty directory. */
    void delete(String path) throws IOException;

    /**
     * Deletes a tree without following symlinks and without crossing onto another file system;
     * {@code link/} is treated like {@code link}.
     */
    void deleteRecursive(String path) throws IOException;

    /**
     * Every entry below a directory, depth first in sorted order (a directory before its entries),
     * as paths relative to {@code path} joined with {@code /}. Symlinks are listed, never followed
     * (a symlink given as {@code path} itself is followed). For find, tree and ls -R.
     */
    List<String> walk(String path) throws IOException;

    /**
     * As {@link #walk(String)}, but descends only into the directories whose name {@code descend}
     * accepts (the others are listed, not entered).
     */
    List<String> walk(String path, java.util.function.Predicate<String> descend) throws IOException;

    /**
     * Deletes a file or tree that a child process made where nothing may be made: a {@code .git} or
     * {@code .csl}, or a directory shaped like a git repository, which every other method here
     * refuses to touch. The path is resolved and verified like any other (a final symlink is
     * removed, not followed); the tree is deleted without following symlinks and without crossing
     * into another file system. For csl's check after external commands and Node scripts only.
     */
    void deletePlanted(String path) throws IOException;

    /**
     * Puts back a file under {@code .git} or {@code .csl} (any depth, any letter case) that a child
     * process changed where no layer kept it read-only: {@code content} replaces it atomically, or
     * {@code null} removes a file the child made. Only such files: any other path is refused as
     * {@code protected_path}'s opposite would be, with {@code INVALID_PATH}. The path is resolved
     * like any other (never out of the working directory), a final symlink is replaced, not
     * followed. For csl's check after external commands and Node scripts only.
     */
    void restoreProtected(String path, byte[] content) throws IOException;

    /**
     * Opens a directory for a recursive read (grep -r, find): {@code path} is resolved and verified
     * once, like {@link #list}; its entries are then read, entered and opened relative to the open
     * directory, never resolved from the root again. In {@code handle-walk} mode that is {@code
     * openat} under the directory's handle without following symlinks, so a directory swapped for a
     * symlink cannot lead out; in {@code resolve-and-verify} mode each entry is checked by path
     * right before it is used. Close it (and every directory entered from it) when done.
     */
    Directory openDirectory(String path) throws IOException;

    /**
     * One entry of a {@link Directory}, as {@code lstat} sees it: a symlink is a {@code SYMLINK}
     * (its target in {@link FileInfo#linkTarget()}), never followed. From {@link
     * Directory#walkEntries()}, {@code info} is {@code null} for an entry known to be no directory
     * without being looked at.
     */
    record Entry(String name, FileInfo info) {}

    /** A verified directory held open for a walk (see {@link #openDirectory}). */
    interface Directory extends AutoCloseable {
        /** The directory's verified absolute path. */
        Path path();

        /**
         * The entries, sorted by name, without the temporary files a crashed csl left (as {@link
         * #list}).
         */
        List<Entry> entries() throws IOException;

        /**
         * The entries as {@link #entries()}, looked at only as far as a walk needs to tell the
         * subdirectories: where the file system's link count of a directory is 2 plus its number of
         * subdirectories (ext4, xfs, tmpfs, overlay; not btrfs, NFS or CIFS), once that many were
         * seen the other entries are known to be no directory and are not looked at (GNU find's
         * leaf optimisation): their {@link Entry#info()} is {@code null} ({@link #info} looks at
         * one, {@link #openFile} opens one). Elsewhere every entry is looked at.
         */
        List<Entry> walkEntries() throws IOException;

        /**
         * What the entry {@code name} is now, without following it ({@code lstat} relative to this
         * directory); type {@code MISSING} when it is gone.
         */
        FileInfo info(String name) throws IOException;

        /**
         * Opens the subdirectory {@code name} (one name of {@link #entries()}) relative to this
         * one; a symlink or anything but a directory is refused.
         */
        Directory enter(String name) throws IOException;

        /**
         * Opens {@code name} for reading, relative to this directory, when it is a regular file
         * (one look at it, then {@code openat} without following a symlink); {@code null} when it
         * is anything else (a symlink, a directory, a special file) or is gone. A swap between the
         * look and the open is refused as by {@link #open}.
         */
        ReadableByteChannel openFile(String name) throws IOException;

        /**
         * Opens the regular file {@code name} (one name of {@link #entries()}) for reading,
         * relative to this directory; a symlink or anything but a regular file is refused. The
         * caller reads it in pieces and closes it.
         */
        ReadableByteChannel open(String name) throws IOException;

        @Override
        void close();
    }

    /**
     * The mount points strictly inside the working directory, as absolute real paths (compare with
     * {@link FileInfo#resolved()}). Recursive walks list a mount point but do not descend into it
     * (like {@code find -xdev}); read fresh on each call. Linux only ({@code
     * /proc/self/mountinfo}); empty elsewhere and on Jimfs.
     */
    Set<Path> mountPoints();

    /** Sets the modification time of an existing file or directory (touch). */
    void setLastModified(String path, Instant time) throws IOException;

    /**
     * Puts a regular file with exactly these bytes at exactly {@code path}, atomically: whatever
     * entry is there is replaced itself (a symlink is replaced, never its target); missing parents
     * are created. For undo and rollback, which put a path back as it was.
     *
     * @param posixMode the mode to give it, or -1 for the default
     */
    void restoreFile(String path, byte[] content, int posixMode) throws IOException;

    /**
     * Creates a symlink at {@code path}, which must not exist; refused with {@code PATH_ESCAPE},
     * and not left behind, when the link would lead outside the working directory from its place.
     */
    void createSymlink(String path, String target) throws IOException;

    /** Sets the permission bits of an existing file or directory itself (not through a link). */
    void setMode(String path, int posixMode) throws IOException;
}
