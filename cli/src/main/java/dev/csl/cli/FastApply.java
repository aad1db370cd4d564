package dev.csl.cli;

import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code csl apply} without picocli, for the plain invocations people run most ({@code csl apply
 * answer.md -C dir}, with any of apply's options spelled out plainly).
 *
 * <p>Why: picocli's classes are Java 5 class files, which class-data sharing cannot archive, and
 * building its command model by reflection costs more than the whole apply of a typical answer.
 * Anything this class does not recognize exactly (help, a misspelt or repeated option, a missing
 * value, {@code --}) is left to picocli, which gives the usual messages. The behaviour and output
 * are those of {@link ApplyCommand}; {@code FastApplyTest} runs both on the same inputs.
 */
final class FastApply {
    /** Returned when the arguments are left to picocli. */
    static final int NOT_HANDLED = -1;

    private String file;
    private boolean fileSeen;
    private Path dir;
    private boolean dryRun;
    private String expectPlan;
    private boolean json;
    private final List<String> allow = new ArrayList<>();
    private boolean yes;
    private Integer timeout;
    private String sandbox;
    private String startDelimiter;
    private String endDelimiter;
    private boolean strict;
    private String fuzzy;

    private FastApply() {}

    /** Runs {@code csl apply} on the process's stdio, or returns {@link #NOT_HANDLED}. */
    static int tryRun(String[] args) {
        if (args.length == 0 || !args[0].equals("apply")) {
            return NOT_HANDLED;
        }
        FastApply apply = new FastApply();
        if (!apply.parse(args)) {
            return NOT_HANDLED;
        }
        PrintWriter out = writer(System.out, "sun.stdout.encoding");
        PrintWriter err = writer(System.err, "sun.stderr.encoding");
        try {
            return apply.execute(out, err);
        } catch (RuntimeException e) {
            // As UserFacingExceptionHandler does for the picocli path.
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            err.println("csl: internal error: " + message);
            return ExitCodes.USAGE;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Runs with the given writers (tests), or returns {@link #NOT_HANDLED}. */
    static int tryRun(String[] args, PrintWriter out, PrintWriter err) {
        FastApply apply = new FastApply();
        if (args.length == 0 || !args[0].equals("apply") || !apply.parse(args)) {
            return NOT_HANDLED;
        }
        return apply.execute(out, err);
    }

    /** The writer picocli would create for {@code stream}: same charset, buffered, autoflush. */
    static PrintWriter writer(OutputStream stream, String encodingProperty) {
        String name = System.getProperty(encodingProperty);
        Charset charset;
        if (name == null) {
            charset = Charset.defaultCharset();
        } else {
            try {
                charset = Charset.forName(name.equalsIgnoreCase("cp65001") ? "UTF-8" : name);
            } catch (IllegalArgumentException e) {
                charset = Charset.defaultCharset();
            }
        }
        return new PrintWriter(new BufferedWriter(new OutputStreamWriter(stream, charset)), true);
    }

    /** Reads the arguments after "apply"; false when picocli should handle them. */
    private boolean parse(String[] args) {
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            String name = arg;
            String value = null;
            if (arg.startsWith("--") && arg.indexOf('=') > 2) {
                name = arg.substring(0, arg.indexOf('='));
                value = arg.substring(arg.indexOf('=') + 1);
            } else if (arg.startsWith("-C") && arg.length() > 2) {
                name = "-C";
                value = arg.substring(2);
                if (value.startsWith("=")) {
                    return false;
                }
            }
            switch (name) {
                case "--dry-run":
                case "--json":
                case "--yes":
                case "--strict":
                    if (value != null || !setFlag(name)) {
                        return false;
                    }
                    continue;
                case "-C":
                case "--dir":
                case "--expect-plan":
                case "--allow":
                case "--timeout":
                case "--sandbox":
                case "--fuzzy":
                case "--start-delimiter":
                case "--end-delimiter":
                    if (value == null) {
                        if (i + 1 >= args.length || isOptionName(args[i + 1])) {
                            return false;
                        }
                        value = args[++i];
                    }
                    if (!setValue(name, value)) {
                        return false;
                    }
                    continue;
                default:
                    if (arg.startsWith("-") && !arg.equals("-")) {
                        return false;
                    }
                    if (fileSeen) {
                        return false;
                    }
                    fileSeen = true;
                    file = arg;
            }
        }
        return true;
    }

    private static boolean isOptionName(String arg) {
        switch (arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg) {
            case "-C":
            case "--dir":
            case "--dry-run":
            case "--expect-plan":
            case "--json":
            case "--allow":
            case "--yes":
            case "--timeout":
            case "--sandbox":
            case "--strict":
            case "--fuzzy":
            case "--start-delimiter":
            case "--end-delimiter":
            case "-h":
            case "--help":
            case "-V":
            case "--version":
                return true;
            default:
                return false;
        }
    }

    /** Sets a switch; false when it was already given (picocli's error is clearer). */
    private boolean setFlag(String name) {
        switch (name) {
            case "--dry-run":
                if (dryRun) {
                    return false;
                }
                dryRun = true;
                return true;
            case "--json":
                if (json) {
                    return false;
                }
                json = true;
                return true;
            case "--strict":
                if (strict) {
                    return false;
                }
                strict = true;
                return true;
            default:
                if (yes) {
                    return false;
                }
                yes = true;
                return true;
        }
    }

    private boolean setValue(String name, String value) {
        switch (name) {
            case "-C":
            case "--dir":
                if (dir != null) {
                    return false;
                }
                try {
                    dir = Path.of(value);
                } catch (InvalidPathException e) {
                    return false;
                }
                return true;
            case "--expect-plan":
                if (expectPlan != null) {
                    return false;
                }
                expectPlan = value;
                return true;
            case "--allow":
                allow.add(value);
                return true;
            case "--timeout":
                if (timeout != null || !isInteger(value)) {
                    return false;
                }
                timeout = Integer.valueOf(value);
                return true;
            case "--sandbox":
                if (sandbox != null) {
                    return false;
                }
                sandbox = value;
                return true;
            case "--fuzzy":
                if (fuzzy != null) {
                    return false;
                }
                fuzzy = value;
                return true;
            case "--start-delimiter":
                if (startDelimiter != null) {
                    return false;
                }
                startDelimiter = value;
                return true;
            default:
                if (endDelimiter != null) {
                    return false;
                }
                endDelimiter = value;
                return true;
        }
    }

    /** An int picocli would accept: optional minus, 1 to 9 digits (no overflow to worry about). */
    private static boolean isInteger(String value) {
        int start = value.startsWith("-") ? 1 : 0;
        if (value.length() == start || value.length() - start > 9) {
            return false;
        }
        for (int i = start; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** What {@link ApplyCommand#call()} does, on the given writers. */
    private int execute(PrintWriter out, PrintWriter err) {
        return new ApplyArgs(
                        file,
                        dir,
                        dryRun,
                        expectPlan,
                        json,
                        allow,
                        yes,
                        timeout,
                        sandbox == null ? "auto" : sandbox,
                        startDelimiter == null ? "<---" : startDelimiter,
                        endDelimiter == null ? "--->" : endDelimiter,
                        "auto",
                        false,
                        strict,
                        fuzzy == null ? "off" : fuzzy)
                .run(out, err);
    }
}
