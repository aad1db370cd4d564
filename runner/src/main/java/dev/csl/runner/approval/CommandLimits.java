package dev.csl.runner.approval;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * The ceilings every child csl starts runs under, whatever its layer (the size of each file it
 * writes, the processes it may start), and the budgets of each apply (bytes and files written by
 * csl's operations and the built-ins, the free space kept on the file system, the size of a SEARCH
 * result). The user raises or lowers them in {@code .csl/commands.json} ({@code "limits":
 * {"fileSize": 4096, "processes": 8192, "written": 4096}}, sizes in MiB); an answer cannot, since
 * it can never write {@code .csl}. Other keys of {@code limits} (such as {@code timeout}) belong to
 * other ceilings and are left alone here. docs/budgets.md says why each default is what it is.
 *
 * @param fileSizeMiB the largest file a child may write, in MiB (RLIMIT_FSIZE)
 * @param processes how many processes and threads an approved command may have: its cgroup's
 *     pids.max where csl can make one (root included), and for every child RLIMIT_NPROC beyond
 *     those the user already runs (which the kernel counts per user, threads included, and never
 *     applies to root)
 * @param writtenMiB the bytes one apply may write, in MiB ({@code written})
 * @param files the files, directories and links one apply may write ({@code files})
 * @param freeSpaceMiB the free space, in MiB, an apply leaves on the file system ({@code
 *     freeSpace}); {@link #AUTO_FREE_SPACE} for the smaller of 256 MiB and 1% of it. A smaller
 *     value allows more.
 * @param searchResultMiB the largest file a SEARCH may make, in MiB ({@code searchResult})
 */
public record CommandLimits(
        long fileSizeMiB,
        long processes,
        long writtenMiB,
        long files,
        long freeSpaceMiB,
        long searchResultMiB) {
    public static final String FIELD = "limits";
    public static final long DEFAULT_FILE_SIZE_MIB = 1024;
    public static final long DEFAULT_PROCESSES = 2048;
    public static final long DEFAULT_WRITTEN_MIB = 1024;
    public static final long DEFAULT_FILES = 100_000;
    public static final long DEFAULT_SEARCH_RESULT_MIB = 256;

    /** The free-space floor chosen from the file system's size (see {@link #freeSpaceMiB}). */
    public static final long AUTO_FREE_SPACE = -1;

    public static final CommandLimits DEFAULTS =
            new CommandLimits(DEFAULT_FILE_SIZE_MIB, DEFAULT_PROCESSES);

    /** The keys of the budgets under {@code "limits"}, as the refusals name them. */
    public static final String WRITTEN = "written";

    public static final String FILES = "files";
    public static final String FREE_SPACE = "freeSpace";
    public static final String SEARCH_RESULT = "searchResult";

    /** Largest values accepted: 1 TiB per file, a million processes. */
    private static final long MAX_FILE_SIZE_MIB = 1L << 20;

    private static final long MAX_PROCESSES = 1_000_000;

    /** Largest budgets accepted: 1 PiB written, a billion files, a 1 GiB SEARCH result. */
    private static final long MAX_WRITTEN_MIB = 1L << 30;

    private static final long MAX_FILES = 1_000_000_000;
    private static final long MAX_FREE_SPACE_MIB = 1L << 30;

    /**
     * A Java string holds at most 2^31 characters, and the result is built in memory beside the
     * file: a SEARCH result beyond 1 GiB is no budget to grant.
     */
    private static final long MAX_SEARCH_RESULT_MIB = 1024;

    public CommandLimits {
        if (fileSizeMiB <= 0
                || processes <= 0
                || writtenMiB <= 0
                || files <= 0
                || searchResultMiB <= 0
                || (freeSpaceMiB < 0 && freeSpaceMiB != AUTO_FREE_SPACE)) {
            throw new IllegalArgumentException("limits must be positive");
        }
    }

    /**
     * Whether {@code value} under {@code "limits"} raises a ceiling above its default — a grant,
     * which counts only when the user trusted the file. A key csl does not know is taken as raising
     * (it cannot be shown to narrow).
     */
    static boolean raises(String key, JsonNode value) {
        Long fallback =
                switch (key) {
                    case "fileSize" -> DEFAULT_FILE_SIZE_MIB;
                    case "processes" -> DEFAULT_PROCESSES;
                    case "timeout" -> DEFAULT_TIMEOUT_SECONDS;
                    case WRITTEN -> DEFAULT_WRITTEN_MIB;
                    case FILES -> DEFAULT_FILES;
                    case SEARCH_RESULT -> DEFAULT_SEARCH_RESULT_MIB;
                    default -> null;
                };
        if (key.equals(FREE_SPACE)) {
            // the floor works the other way: a smaller one lets an apply write more; the automatic
            // floor is at most 256 MiB, so a floor of that much or more only narrows
            return value == null
                    || !value.isIntegralNumber()
                    || !value.canConvertToLong()
                    || value.asLong() < 256;
        }
        return fallback == null
                || value == null
                || !value.isIntegralNumber()
                || !value.canConvertToLong()
                || value.asLong() > fallback;
    }

    /** The default ceiling of a RUN block's {@code timeout}, in seconds (ten minutes). */
    public static final long DEFAULT_TIMEOUT_SECONDS = 600;

    /** The ceilings of children as given, every apply budget at its default. */
    public CommandLimits(long fileSizeMiB, long processes) {
        this(
                fileSizeMiB,
                processes,
                DEFAULT_WRITTEN_MIB,
                DEFAULT_FILES,
                AUTO_FREE_SPACE,
                DEFAULT_SEARCH_RESULT_MIB);
    }

    /** The file-size cap in bytes. */
    public long fileSizeBytes() {
        return fileSizeMiB << 20;
    }

    /** The bytes one apply may write. */
    public long writtenBytes() {
        return writtenMiB << 20;
    }

    /** The largest file a SEARCH may make, in bytes. */
    public long searchResultBytes() {
        return searchResultMiB << 20;
    }

    /**
     * The free space, in bytes, an apply leaves on a file system of {@code totalBytes}: the user's
     * {@code freeSpace}, else the smaller of 256 MiB and 1% of the file system (a small disk is not
     * refused whole, a large one keeps room for the system's own logs and temporary files).
     */
    public long freeSpaceBytes(long totalBytes) {
        if (freeSpaceMiB != AUTO_FREE_SPACE) {
            return freeSpaceMiB << 20;
        }
        return Math.min(256L << 20, Math.max(0, totalBytes) / 100);
    }

    /**
     * The limits of a commands.json's {@code limits} value (absent or null: the defaults).
     *
     * @throws IOException with a one-line message naming the bad key
     */
    static CommandLimits of(JsonNode limits) throws IOException {
        if (limits == null || limits.isNull()) {
            return DEFAULTS;
        }
        if (!limits.isObject()) {
            throw new IOException(
                    CommandsFile.RELATIVE_PATH
                            + ": \"limits\" must be an object such as {\"fileSize\": 2048,"
                            + " \"processes\": 4096}");
        }
        return new CommandLimits(
                positive(limits, "fileSize", DEFAULT_FILE_SIZE_MIB, MAX_FILE_SIZE_MIB, "MiB"),
                positive(limits, "processes", DEFAULT_PROCESSES, MAX_PROCESSES, "processes"),
                positive(limits, WRITTEN, DEFAULT_WRITTEN_MIB, MAX_WRITTEN_MIB, "MiB"),
                positive(limits, FILES, DEFAULT_FILES, MAX_FILES, "files"),
                whole(limits, FREE_SPACE, AUTO_FREE_SPACE, 0, MAX_FREE_SPACE_MIB, "MiB"),
                positive(
                        limits,
                        SEARCH_RESULT,
                        DEFAULT_SEARCH_RESULT_MIB,
                        MAX_SEARCH_RESULT_MIB,
                        "MiB"));
    }

    private static long positive(JsonNode limits, String key, long fallback, long max, String unit)
            throws IOException {
        return whole(limits, key, fallback, 1, max, unit);
    }

    private static long whole(
            JsonNode limits, String key, long fallback, long min, long max, String unit)
            throws IOException {
        JsonNode value = limits.get(key);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.canConvertToLong()
                || !value.isIntegralNumber()
                || value.asLong() < min
                || value.asLong() > max) {
            throw new IOException(
                    CommandsFile.RELATIVE_PATH
                            + ": \"limits\".\""
                            + key
                            + "\" must be a whole number from "
                            + min
                            + " to "
                            + max
                            + " ("
                            + unit
                            + "), not "
                            + value);
        }
        return value.asLong();
    }
}
