package dev.csl.fsguard;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The "use" half of the guard: primitive operations on a path given as names below the root, each
 * of which has already been resolved and verified (no symlinks left in it, except where an
 * operation acts on a link itself). No operation here follows a symlink in any component; an
 * implementation that walks under open directory handles makes check and use one step.
 */
interface Access {

    /** Human-readable name of the mode, reported by {@link GuardedFiles#mode()}. */
    String mode();

    /** The absolute path the names denote, for messages and the public API. */
    Path toPath(List<String> names);

    /** Attributes of the entry without following it; {@link Node#MISSING} when absent. */
    Node lstat(List<String> names) throws IOException;

    /** The target of a symlink, as stored. */
    Path readLink(List<String> names) throws IOException;

    /** Contents of a regular file (refuses anything else without blocking on FIFOs). */
    byte[] read(List<String> names) throws IOException;

    /**
     * Replaces the regular file (or creates it) by writing a temporary file in the same directory,
     * forcing it to disk, renaming it over the target and forcing the directory.
     *
     * @param posixMode mode to give the file, or -1 for the default
     */
    void replace(List<String> names, byte[] content, int posixMode) throws IOException;

    /**
     * The first half of {@link #replace} for a batch: writes {@code content} to a new temporary
     * file beside the target, forces it to disk and gives it {@code posixMode}; the target is not
     * touched. Returns the temporary file's name.
     */
    String writeTemporary(List<String> names, byte[] content, int posixMode) throws IOException;

    /**
     * The second half, for the files of a batch in one directory: renames each temporary file
     * ({@code temporaries}, by index) of {@code directory} over its target ({@code targets}, single
     * names), then forces the directory once, where the file system can force one, to make the
     * renames durable. A temporary file whose rename fails is removed. Returns, by index, what
     * failed (null where the rename was done).
     */
    IOException[] renameTemporaries(
            List<String> directory, List<String> targets, List<String> temporaries);

    /** Creates one directory; its parent exists. */
    void mkdir(List<String> names) throws IOException;

    /** Names in a directory, unsorted. */
    List<String> list(List<String> names) throws IOException;

    /**
     * The names in the root and in each directory below it along {@code names} (its last name
     * excluded), each unsorted; it stops before the first that is missing or not a directory. One
     * walk down instead of a walk from the root for each directory. The directories before {@code
     * from} are walked through but not listed: null stands for each (the caller knows them).
     */
    default List<List<String>> listAlong(List<String> names, int from) throws IOException {
        List<List<String>> out = new java.util.ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            List<String> dir = names.subList(0, i);
            if (i > 0 && !lstat(dir).isDirectory()) {
                break;
            }
            out.add(i < from ? null : list(dir));
        }
        return out;
    }

    /**
     * Names in a directory, unsorted, each with whether it is a directory itself (a symlink is not
     * followed): one listing for a walk instead of a listing and a stat per entry.
     */
    Map<String, Boolean> listMarkingDirectories(List<String> names) throws IOException;

    /** Removes a file, a symlink or an empty directory. */
    void delete(List<String> names, boolean directory) throws IOException;

    /** Renames within the root; replaces an existing file (POSIX rename). */
    void rename(List<String> from, List<String> to) throws IOException;

    void symlink(List<String> names, Path target) throws IOException;

    void setModified(List<String> names, Instant time) throws IOException;

    /** How many names the regular file has (hard links); 1 where the file system cannot tell. */
    int linkCount(List<String> names) throws IOException;

    /** Sets the permission bits of the entry itself (never through a symlink). */
    void setMode(List<String> names, int posixMode) throws IOException;

    /** Identifies the file system (device) a directory lives on; {@code null} where unknown. */
    Object deviceOf(List<String> names) throws IOException;

    /**
     * Opens the verified directory {@code names} for a walk: its entries are then seen, entered and
     * read relative to it.
     */
    Listing openListing(List<String> names) throws IOException;

    /** Removes stale temporary files a crashed csl left in the directory. */
    void cleanTemporaries(List<String> directory) throws IOException;
}
