package dev.csl.runner.base;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What one call of csl was given by whoever called it: the working directory, the environment, the
 * home directory, the three standard streams and whether they are a terminal. Built once where a
 * call starts ({@code Main} for a process of its own, the resident process for each call it serves)
 * and handed down to every command and, through {@link RunnerConfig}, to the runner; the programs a
 * RUN starts get their environment from it. Nothing below the entry reads the process's own
 * directory, environment or streams: in the resident process those belong to whoever started it.
 *
 * @param workingDir the caller's current directory (absolute)
 * @param environment the caller's environment variables (unmodifiable)
 * @param home the caller's home directory, or null when there is none
 * @param in the caller's standard input
 * @param out the caller's standard output
 * @param err the caller's standard error
 * @param terminal whether stdin and stdout are a terminal, and how wide; asked only when needed
 *     (the JVM's own answer costs a few milliseconds of a cold start)
 */
public record CallContext(
        Path workingDir,
        Map<String, String> environment,
        Path home,
        InputStream in,
        PrintStream out,
        PrintStream err,
        Supplier<Terminal> terminal) {

    /**
     * Whether the streams are a terminal.
     *
     * @param stdin stdin is a terminal (reading it would wait for typing)
     * @param console stdin and stdout are both a terminal (a person is there to be asked)
     * @param stderr stderr is a terminal
     * @param width the terminal's width in columns (80 when unknown)
     */
    public record Terminal(boolean stdin, boolean console, boolean stderr, int width) {
        public static final Terminal NONE = new Terminal(false, false, false, 80);
    }

    public CallContext {
        Objects.requireNonNull(workingDir, "workingDir");
        if (!workingDir.isAbsolute()) {
            throw new IllegalArgumentException("workingDir must be absolute: " + workingDir);
        }
        environment = Map.copyOf(environment);
        Objects.requireNonNull(in, "in");
        Objects.requireNonNull(out, "out");
        Objects.requireNonNull(err, "err");
        terminal = memoized(Objects.requireNonNull(terminal, "terminal"));
    }

    /**
     * The context of this process: its directory, environment, home and streams. Called only where
     * a call of csl starts in a process of its own ({@code Main}, the training run), and by the
     * resident process for its own settings.
     */
    public static CallContext ofProcess() {
        String home = System.getProperty("user.home");
        return new CallContext(
                Path.of("").toAbsolutePath(),
                System.getenv(),
                home == null || home.isEmpty() ? null : Path.of(home),
                System.in,
                System.out,
                System.err,
                CallContext::processTerminal);
    }

    private static Terminal processTerminal() {
        boolean console = System.console() != null;
        boolean stdin;
        try {
            String name = Files.readSymbolicLink(Path.of("/proc/self/fd/0")).toString();
            stdin = name.startsWith("/dev/pts/") || name.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException e) {
            stdin = console; // no /proc: both streams a terminal is the best sign
        }
        return new Terminal(stdin, console, console, width(System.getenv("COLUMNS")));
    }

    /** The value of the caller's environment variable {@code name}, or null. */
    public String getenv(String name) {
        return environment.get(name);
    }

    /** {@code path} as the caller means it: relative to the caller's working directory. */
    public Path resolve(Path path) {
        return workingDir.resolve(path);
    }

    /** {@code path} as the caller means it (see {@link #resolve(Path)}). */
    public Path resolve(String path) {
        return workingDir.resolve(path);
    }

    /** Whether a person is at a terminal on stdin and stdout. */
    public boolean console() {
        return terminal.get().console();
    }

    /** This context with other streams (a command whose stdout belongs to a protocol). */
    public CallContext withStreams(InputStream in, PrintStream out, PrintStream err) {
        return new CallContext(workingDir, environment, home, in, out, err, terminal);
    }

    /** A width from {@code COLUMNS}, 80 when absent or not a number. */
    public static int width(String columns) {
        try {
            int value = columns == null ? 0 : Integer.parseInt(columns.trim());
            return value > 0 ? value : 80;
        } catch (NumberFormatException e) {
            return 80;
        }
    }

    private static <T> Supplier<T> memoized(Supplier<T> supplier) {
        if (supplier instanceof Memo) {
            return supplier;
        }
        return new Memo<>(supplier);
    }

    /** Asks once. */
    private static final class Memo<T> implements Supplier<T> {
        private final Supplier<T> source;
        private volatile T value;

        Memo(Supplier<T> source) {
            this.source = source;
        }

        @Override
        public T get() {
            T v = value;
            if (v == null) {
                v = source.get();
                value = v;
            }
            return v;
        }
    }
}
