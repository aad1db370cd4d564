package dev.csl.fsguard;

import java.io.File;
import java.nio.file.FileSystems;
import java.nio.file.Path;

/**
 * What one apply may still write: bytes and files (csl's own saves and the built-ins together), and
 * the free space it must leave on the working directory's file system. Every write is taken from
 * the budget before it starts ({@link #spend}); one that would overdraw it is refused with {@code
 * LIMIT_EXCEEDED} and takes nothing. The refusals name the key of {@code "limits"} in {@code
 * .csl/commands.json} that the user changes to allow more (docs/budgets.md). Thread-safe.
 */
public final class WriteBudget {
    /** The keys of {@code "limits"} in {@code .csl/commands.json} the refusals name. */
    public static final String WRITTEN_KEY = "written";

    public static final String FILES_KEY = "files";
    public static final String FREE_SPACE_KEY = "freeSpace";

    private static final String SETTINGS = ".csl/commands.json";

    private final long maxBytes;
    private final long maxFiles;
    private final long floorBytes;
    private final Path fileSystem;
    private long bytes;
    private long files;
    private GuardException refusal;

    /**
     * @param maxBytes the bytes the whole apply may write
     * @param maxFiles the files, directories and links the whole apply may write
     * @param floorBytes the free space to leave on the file system of {@code fileSystem}
     * @param fileSystem a directory on the file system whose free space counts, or {@code null}
     *     where there is none to ask (Jimfs)
     * @param spentBytes bytes the apply wrote before (a worker continues the apply's budget)
     * @param spentFiles files the apply wrote before
     */
    public WriteBudget(
            long maxBytes,
            long maxFiles,
            long floorBytes,
            Path fileSystem,
            long spentBytes,
            long spentFiles) {
        if (maxBytes < 0 || maxFiles < 0 || floorBytes < 0 || spentBytes < 0 || spentFiles < 0) {
            throw new IllegalArgumentException("a budget is never negative");
        }
        this.maxBytes = maxBytes;
        this.maxFiles = maxFiles;
        this.floorBytes = floorBytes;
        this.fileSystem =
                fileSystem != null && fileSystem.getFileSystem() == FileSystems.getDefault()
                        ? fileSystem
                        : null;
        this.bytes = spentBytes;
        this.files = spentFiles;
    }

    /** No budget at all (tests, and csl's own putting back of files). */
    public static WriteBudget unlimited() {
        return new WriteBudget(Long.MAX_VALUE, Long.MAX_VALUE, 0, null, 0, 0);
    }

    public long maxBytes() {
        return maxBytes;
    }

    public long maxFiles() {
        return maxFiles;
    }

    public long floorBytes() {
        return floorBytes;
    }

    public synchronized long spentBytes() {
        return bytes;
    }

    public synchronized long spentFiles() {
        return files;
    }

    /** The first refusal this budget made, or {@code null}. */
    public synchronized GuardException refusal() {
        return refusal;
    }

    /**
     * Takes {@code newBytes} and {@code newFiles} for writing {@code what} (a path, or "N files");
     * refuses, taking nothing, when the apply would pass its bytes or files, or leave less free
     * space than the floor.
     */
    public synchronized void spend(String what, long newBytes, long newFiles)
            throws GuardException {
        if (newBytes > maxBytes - bytes) {
            throw refuse(
                    what,
                    "Writing "
                            + what
                            + " ("
                            + Sizes.of(newBytes)
                            + ") would bring this apply's writes to "
                            + Sizes.of(saturated(bytes, newBytes))
                            + ", over its budget of "
                            + Sizes.of(maxBytes)
                            + " ("
                            + Sizes.of(bytes)
                            + " written so far); it was not written.",
                    "Write less in one answer (one step per answer), or, if the user wants more,"
                            + " they raise \"limits\": {\""
                            + WRITTEN_KEY
                            + "\": MiB} in "
                            + SETTINGS
                            + " (now "
                            + (maxBytes >> 20)
                            + ").");
        }
        if (newFiles > maxFiles - files) {
            throw refuse(
                    what,
                    "Writing "
                            + what
                            + " ("
                            + newFiles
                            + (newFiles == 1 ? " file" : " files")
                            + ") would bring this apply to "
                            + saturated(files, newFiles)
                            + " files written, over its budget of "
                            + maxFiles
                            + " ("
                            + files
                            + " so far); it was not written.",
                    "Make fewer files in one answer, or, if the user wants more, they raise"
                            + " \"limits\": {\""
                            + FILES_KEY
                            + "\": N} in "
                            + SETTINGS
                            + " (now "
                            + maxFiles
                            + ").");
        }
        if (newBytes > 0 && fileSystem != null) {
            File dir = fileSystem.toFile();
            long free = dir.getUsableSpace();
            if (dir.getTotalSpace() > 0 && newBytes > free - floorBytes) {
                throw refuse(
                        what,
                        "Writing "
                                + what
                                + " would take "
                                + Sizes.of(newBytes)
                                + " of the "
                                + Sizes.of(free)
                                + " free on the file system of "
                                + fileSystem
                                + ", leaving less than the "
                                + Sizes.of(floorBytes)
                                + " csl keeps free; it was not written.",
                        "Free space on that disk first, or, if the user accepts a fuller disk,"
                                + " they lower \"limits\": {\""
                                + FREE_SPACE_KEY
                                + "\": MiB} in "
                                + SETTINGS
                                + " (now "
                                + (floorBytes >> 20)
                                + "; 0 keeps nothing free).");
            }
        }
        bytes += newBytes;
        files += newFiles;
    }

    /**
     * Counts what was written elsewhere under this budget (a worker's built-ins, which spent their
     * own copy of it), without refusing anything.
     */
    public synchronized void spent(long moreBytes, long moreFiles) {
        bytes = saturated(bytes, Math.max(0, moreBytes));
        files = saturated(files, Math.max(0, moreFiles));
    }

    private GuardException refuse(String what, String message, String hint) {
        GuardException e = new GuardException(ErrorCode.LIMIT_EXCEEDED, message, what, null, hint);
        if (refusal == null) {
            refusal = e;
        }
        return e;
    }

    private static long saturated(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }
}
