package dev.csl.cli;

import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * {@code System.out} and {@code System.err} in UTF-8 whatever the locale. A JVM started without a
 * UTF-8 locale (containers, cron, MCP clients, which start servers with a minimal environment)
 * prints every non-ASCII character as {@code ?}: csl's own output would tell a model that {@code
 * café} is {@code caf?}.
 */
final class Utf8Streams {
    private Utf8Streams() {}

    static void install() {
        if (!isUtf8(
                System.getProperty(
                        "stdout.encoding",
                        System.getProperty(
                                "sun.stdout.encoding", System.getProperty("file.encoding"))))) {
            System.setOut(utf8(FileDescriptor.out));
        }
        if (!isUtf8(
                System.getProperty(
                        "stderr.encoding",
                        System.getProperty(
                                "sun.stderr.encoding", System.getProperty("file.encoding"))))) {
            System.setErr(utf8(FileDescriptor.err));
        }
    }

    private static boolean isUtf8(String name) {
        try {
            return name != null && Charset.forName(name).equals(StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** As the JVM makes its own: buffered, flushed at every line. */
    private static PrintStream utf8(FileDescriptor fd) {
        return new PrintStream(
                new BufferedOutputStream(new FileOutputStream(fd), 8192), // stdout/stderr
                true,
                StandardCharsets.UTF_8);
    }
}
