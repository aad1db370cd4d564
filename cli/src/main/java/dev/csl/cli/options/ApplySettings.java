package dev.csl.cli.options;

import dev.csl.grammar.Delimiters;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.runner.base.SandboxMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of one apply as a caller gives them, with their defaults. {@link #options} checks
 * them, always in the same order and with the same message per spelling, and makes the
 * interpreter's {@link ApplyOptions}. Every way to apply fills one: picocli's {@code ApplyCommand}
 * and {@code WatchCommand}, the picocli-free {@code FastApply}, serve's {@code apply} and mcp's
 * {@code apply} and {@code check}. A setter given null keeps the default (an option not given).
 *
 * <p>Delimiters come checked: each entry point reads them as its {@code parse} does.
 */
public final class ApplySettings {
    private static final String SANDBOX_DEFAULT = "auto";
    private static final String FUZZY_DEFAULT = "off";

    private Delimiters delimiters = Delimiters.DEFAULT;
    private boolean dryRun;
    private String expectPlan;
    private final List<String> allow = new ArrayList<>();
    private boolean yes;
    private Integer timeout;
    private String sandbox = SANDBOX_DEFAULT;
    private boolean strict;
    private String fuzzy = FUZZY_DEFAULT;
    private boolean atomic;

    public ApplySettings delimiters(Delimiters value) {
        delimiters = value == null ? Delimiters.DEFAULT : value;
        return this;
    }

    /** {@code --dry-run}: show the diffs, change nothing. */
    public ApplySettings dryRun(boolean value) {
        dryRun = value;
        return this;
    }

    /** {@code --expect-plan}: apply only if a dry run's plan hash still holds. */
    public ApplySettings expectPlan(String hash) {
        expectPlan = hash;
        return this;
    }

    /** {@code --allow}, repeatable: commands approved for this apply. */
    public ApplySettings allow(String command) {
        allow.add(command);
        return this;
    }

    public ApplySettings allow(List<String> commands) {
        allow.addAll(commands);
        return this;
    }

    /** {@code --yes}: approve every command. */
    public ApplySettings yes(boolean value) {
        yes = value;
        return this;
    }

    /** {@code --timeout}: seconds per command unless its RUN block sets one; positive. */
    public ApplySettings timeout(Integer seconds) {
        timeout = seconds;
        return this;
    }

    /** {@code --sandbox}: auto (default), required or off. */
    public ApplySettings sandbox(String mode) {
        sandbox = mode == null ? SANDBOX_DEFAULT : mode;
        return this;
    }

    /** {@code --strict}: every warning refuses its operation. */
    public ApplySettings strict(boolean value) {
        strict = value;
        return this;
    }

    /** {@code --fuzzy}: off (default) or whitespace. */
    public ApplySettings fuzzy(String mode) {
        fuzzy = mode == null ? FUZZY_DEFAULT : mode;
        return this;
    }

    /** {@code --atomic}: any failure withdraws every file change of the answer. */
    public ApplySettings atomic(boolean value) {
        atomic = value;
        return this;
    }

    /**
     * The interpreter's options for an apply in {@code workingDir}; a caller adds its own prompter,
     * output and cancellation. Checks sandbox, fuzzy and timeout, in that order.
     *
     * @throws BadOptionValue for the first value its option does not take
     */
    public ApplyOptions options(Path workingDir) throws BadOptionValue {
        SandboxMode mode = sandboxMode(sandbox);
        boolean fuzzyWhitespace = fuzzyWhitespace(fuzzy);
        if (timeout != null && timeout <= 0) {
            throw new BadOptionValue(
                    "--timeout must be a positive number of seconds",
                    "Parameter 'timeout' must be a positive whole number");
        }
        return ApplyOptions.defaults(workingDir)
                .withDelimiters(delimiters)
                .withDryRun(dryRun)
                .withExpectPlan(expectPlan)
                .withApprovals(allow, yes)
                .withTimeout(timeout)
                .withSandbox(mode)
                .withTolerance(strict, fuzzyWhitespace)
                .withAtomic(atomic);
    }

    private static SandboxMode sandboxMode(String value) throws BadOptionValue {
        switch (value) {
            case "auto":
                return SandboxMode.AUTO;
            case "required":
                return SandboxMode.REQUIRED;
            case "off":
                return SandboxMode.OFF;
            case "container":
                return SandboxMode.CONTAINER;
            default:
                throw new BadOptionValue(
                        "--sandbox must be auto, required, off or container, not '" + value + "'",
                        "Parameter 'sandbox' must be 'auto', 'required', 'off' or 'container'");
        }
    }

    private static boolean fuzzyWhitespace(String value) throws BadOptionValue {
        switch (value) {
            case "off":
                return false;
            case "whitespace":
                return true;
            default:
                throw new BadOptionValue(
                        "--fuzzy must be off or whitespace, not '" + value + "'",
                        "fuzzy must be \"off\" or \"whitespace\", not \"" + value + "\"");
        }
    }
}
