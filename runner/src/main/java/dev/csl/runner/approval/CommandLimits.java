package dev.csl.runner.approval;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * The ceilings every child csl starts runs under, whatever its layer: the size of each file it
 * writes and the processes it may start. The user raises them in {@code .csl/commands.json} ({@code
 * "limits": {"fileSize": 4096, "processes": 8192}}, sizes in MiB); an answer cannot, since it can
 * never write {@code .csl}. Other keys of {@code limits} (such as {@code timeout}) belong to other
 * ceilings and are left alone here.
 *
 * @param fileSizeMiB the largest file a child may write, in MiB (RLIMIT_FSIZE)
 * @param processes how many processes and threads an approved command may have: its cgroup's
 *     pids.max where csl can make one (root included), and for every child RLIMIT_NPROC beyond
 *     those the user already runs (which the kernel counts per user, threads included, and never
 *     applies to root)
 */
public record CommandLimits(long fileSizeMiB, long processes) {
    public static final String FIELD = "limits";
    public static final long DEFAULT_FILE_SIZE_MIB = 1024;
    public static final long DEFAULT_PROCESSES = 2048;
    public static final CommandLimits DEFAULTS =
            new CommandLimits(DEFAULT_FILE_SIZE_MIB, DEFAULT_PROCESSES);

    /** Largest values accepted: 1 TiB per file, a million processes. */
    private static final long MAX_FILE_SIZE_MIB = 1L << 20;

    private static final long MAX_PROCESSES = 1_000_000;

    public CommandLimits {
        if (fileSizeMiB <= 0 || processes <= 0) {
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
                    default -> null;
                };
        return fallback == null
                || value == null
                || !value.isIntegralNumber()
                || !value.canConvertToLong()
                || value.asLong() > fallback;
    }

    /** The default ceiling of a RUN block's {@code timeout}, in seconds (ten minutes). */
    public static final long DEFAULT_TIMEOUT_SECONDS = 600;

    /** The file-size cap in bytes. */
    public long fileSizeBytes() {
        return fileSizeMiB << 20;
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
                positive(limits, "processes", DEFAULT_PROCESSES, MAX_PROCESSES, "processes"));
    }

    private static long positive(JsonNode limits, String key, long fallback, long max, String unit)
            throws IOException {
        JsonNode value = limits.get(key);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.canConvertToLong()
                || !value.isIntegralNumber()
                || value.asLong() <= 0
                || value.asLong() > max) {
            throw new IOException(
                    CommandsFile.RELATIVE_PATH
                            + ": \"limits\".\""
                            + key
                            + "\" must be a whole number from 1 to "
                            + max
                            + " ("
                            + unit
                            + "), not "
                            + value);
        }
        return value.asLong();
    }
}
