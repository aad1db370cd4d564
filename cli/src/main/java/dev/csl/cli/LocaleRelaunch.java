package dev.csl.cli;

import dev.csl.runner.base.Utf8Locale;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Starts csl again, once, with a UTF-8 locale when its JVM was started without one on Linux (by
 * {@code java -jar csl.jar}, not the launcher {@code ./csl}, which sets the locale itself). Such a
 * JVM encodes file names as ASCII ({@code sun.jnu.encoding} is fixed from the locale when the JVM
 * starts; no {@code -D} option changes it, on Java 17 as on 25), so it could not write {@code
 * héllo.txt}. The same command line runs again, read as bytes from {@code /proc/self/cmdline} by
 * bash (the JVM has already turned any non-ASCII argument into {@code ?}); this JVM only waits and
 * passes on the exit status. Where that cannot be done, csl runs on, and a non-ASCII name is
 * refused with a message that says why.
 */
final class LocaleRelaunch {
    /** Set in the second JVM, so that it never starts a third. */
    static final String MARK = "CSL_LOCALE_RELAUNCHED";

    private static final Path BASH = Path.of("/bin/bash");

    private LocaleRelaunch() {}

    /** The exit status of the relaunched csl, or -1 when this JVM should run csl itself. */
    static int runIfNeeded() {
        if (!needed()) {
            return -1;
        }
        ProcessBuilder pb =
                new ProcessBuilder(
                        BASH.toString(),
                        "-c",
                        // mapfile -d '' keeps every argument's bytes as they were.
                        "mapfile -d '' -t argv < /proc/$0/cmdline && exec \"${argv[@]}\"",
                        Long.toString(ProcessHandle.current().pid()));
        Utf8Locale.ensure(pb.environment());
        pb.environment().put(MARK, "1");
        pb.inheritIO();
        try {
            Process csl = pb.start();
            Runtime.getRuntime().addShutdownHook(new Thread(csl::destroy));
            return csl.waitFor();
        } catch (IOException e) {
            return -1; // run here; names the JVM cannot encode are refused with the reason
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return 130;
        }
    }

    /** True when this JVM has no UTF-8 locale and can start csl again with one. */
    static boolean needed() {
        if (utf8(System.getProperty("sun.jnu.encoding", "UTF-8"))) {
            return false; // the usual case, decided without touching the disk
        }
        return System.getenv(MARK) == null
                && System.getProperty("os.name", "").equals("Linux")
                && Files.isExecutable(BASH)
                && Files.isReadable(Path.of("/proc/self/cmdline"));
    }

    private static boolean utf8(String encoding) {
        try {
            return Charset.forName(encoding).equals(StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }
}
