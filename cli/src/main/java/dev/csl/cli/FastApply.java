package dev.csl.cli;

import dev.csl.cli.options.ApplyOption;
import dev.csl.cli.options.ApplySettings;
import dev.csl.cli.terminal.TerminalText;
import dev.csl.runner.base.CallContext;
import java.io.BufferedWriter;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.EnumSet;

/**
 * {@code csl apply} without picocli, for the plain invocations people run most ({@code csl apply
 * answer.md -C dir}, with any of apply's options spelled out plainly). It reads the options of
 * {@link ApplyOption} into the {@link ApplyArgs} that picocli's {@link ApplyCommand} fills too.
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

    private final ApplyArgs apply;
    private final EnumSet<ApplyOption> seen = EnumSet.noneOf(ApplyOption.class);
    private boolean fileSeen;

    private FastApply(CallContext call) {
        apply = new ApplyArgs(call);
    }

    /** Runs {@code csl apply} on this process's stdio, or returns {@link #NOT_HANDLED} (tests). */
    static int tryRun(String[] args) {
        return tryRun(CallContext.ofProcess(), args);
    }

    /** Runs {@code csl apply} on the call's stdio, or returns {@link #NOT_HANDLED}. */
    static int tryRun(CallContext call, String[] args) {
        if (args.length == 0 || !args[0].equals("apply")) {
            return NOT_HANDLED;
        }
        FastApply apply = new FastApply(call);
        if (!apply.parse(args)) {
            return NOT_HANDLED;
        }
        PrintWriter out = writer(call.out());
        PrintWriter err = writer(call.err());
        try {
            return apply.apply.run(out, err);
        } catch (RuntimeException e) {
            // As UserFacingExceptionHandler does for the picocli path.
            String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            err.println("csl: internal error: " + TerminalText.body(message));
            return ExitCodes.USAGE;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Runs with the given writers (tests), or returns {@link #NOT_HANDLED}. */
    static int tryRun(String[] args, PrintWriter out, PrintWriter err) {
        FastApply apply = new FastApply(CallContext.ofProcess());
        if (args.length == 0 || !args[0].equals("apply") || !apply.parse(args)) {
            return NOT_HANDLED;
        }
        return apply.apply.run(out, err);
    }

    /**
     * A writer for csl's output: UTF-8 whatever the locale (README, "Using it"), buffered,
     * autoflush.
     */
    static PrintWriter writer(OutputStream stream) {
        return new PrintWriter(
                new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8)), true);
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
            ApplyOption option = ApplyOption.named(name);
            if (option == null) {
                if (arg.startsWith("-") && !arg.equals("-")) {
                    return false;
                }
                if (fileSeen) {
                    return false;
                }
                fileSeen = true;
                apply.file = arg;
                continue;
            }
            // Given twice: picocli's error is clearer.
            if (!seen.add(option) && option.arity() != ApplyOption.Arity.REPEATED) {
                return false;
            }
            if (option.arity() == ApplyOption.Arity.SWITCH) {
                if (value != null) {
                    return false;
                }
            } else if (value == null) {
                if (i + 1 >= args.length || isOptionName(args[i + 1])) {
                    return false;
                }
                value = args[++i];
            }
            if (!set(option, value)) {
                return false;
            }
        }
        return true;
    }

    /** What picocli takes for an option rather than a value. */
    private static boolean isOptionName(String arg) {
        String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
        switch (name) {
            case "-h":
            case "--help":
            case "-V":
            case "--version":
                return true;
            default:
                return ApplyOption.named(name) != null;
        }
    }

    /** Sets one option as picocli would; false when picocli must say what is wrong with it. */
    private boolean set(ApplyOption option, String value) {
        ApplySettings settings = apply.settings;
        switch (option) {
            case DIR:
                try {
                    apply.dir = Path.of(value);
                } catch (InvalidPathException e) {
                    return false;
                }
                return true;
            case DRY_RUN:
                settings.dryRun(true);
                return true;
            case EXPECT_PLAN:
                settings.expectPlan(value);
                return true;
            case ALLOW:
                settings.allow(value);
                return true;
            case YES:
                settings.yes(true);
                return true;
            case TIMEOUT:
                if (!isInteger(value)) {
                    return false;
                }
                settings.timeout(Integer.valueOf(value));
                return true;
            case SANDBOX:
                settings.sandbox(value);
                return true;
            case STRICT:
                settings.strict(true);
                return true;
            case FUZZY:
                settings.fuzzy(value);
                return true;
            case ATOMIC:
                settings.atomic(true);
                return true;
            case START_DELIMITER:
                apply.startDelimiter = value;
                return true;
            case END_DELIMITER:
                apply.endDelimiter = value;
                return true;
            case JSON:
                apply.json = true;
                return true;
            case COLOR:
                apply.color = value;
                return true;
            case NO_COLOR:
                apply.noColor = true;
                return true;
            case FULL_DIFF:
                apply.fullDiff = true;
                return true;
            case NO_DIFF:
                apply.noDiff = true;
                return true;
            default:
                return false;
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
}
