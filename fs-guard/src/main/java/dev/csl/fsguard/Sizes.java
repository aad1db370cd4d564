package dev.csl.fsguard;

import java.util.Locale;

/** Sizes as people read them: {@code 512 bytes}, {@code 3.2 MiB}, {@code 1.0 GiB}. */
public final class Sizes {
    private Sizes() {}

    public static String of(long bytes) {
        if (bytes == Long.MAX_VALUE) {
            return "no limit";
        }
        if (bytes < 1024) {
            return bytes + (bytes == 1 ? " byte" : " bytes");
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double value = bytes;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
