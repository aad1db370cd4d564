package dev.csl.cli;

import dev.csl.interpreter.ApplyOptions;
import dev.csl.runner.base.RunnerConfig;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How an apply treats commands and doubtful operations ({@code --allow}, {@code --yes}, {@code
 * --timeout}, {@code --sandbox}, {@code --strict}, {@code --fuzzy}): one declaration, mixed into
 * every command that applies answers ({@code apply}, {@code watch}), so their names, help and
 * defaults cannot drift apart.
 */
final class ApplyPolicyOptions {
    @Option(
            names = "--allow",
            paramLabel = "CMD",
            description = "Approve a command for this apply (repeatable), e.g. 'npm test'.")
    List<String> allow = new ArrayList<>();

    @Option(names = "--yes", description = "Approve every command (dangerous).")
    boolean yes;

    @Option(
            names = "--timeout",
            paramLabel = "SEC",
            description =
                    "Timeout of each command in seconds, unless its RUN block sets one (default: "
                            + RunnerConfig.DEFAULT_TIMEOUT_SECONDS
                            + ").")
    Integer timeout;

    @Option(
            names = "--sandbox",
            paramLabel = "MODE",
            description = "Run commands in the OS sandbox: auto, required or off (default: auto).",
            defaultValue = "auto")
    String sandbox;

    @Option(
            names = "--strict",
            description =
                    "Refuse every operation that would carry a warning (a fenced markdown file, a"
                            + " whitespace-adjusted SEARCH).")
    boolean strict;

    @Option(
            names = "--fuzzy",
            paramLabel = "MODE",
            description =
                    "Off, or whitespace: a SEARCH that matches exactly one region once"
                            + " indentation and trailing whitespace are ignored is applied,"
                            + " re-indented, with a warning (default: off).",
            defaultValue = "off")
    String fuzzy;

    /**
     * {@code options} with these settings. The values are checked with the messages {@code csl
     * apply} gives (its fast path checks them in ApplyArgs, which reuses the sandbox check).
     *
     * @throws IllegalArgumentException for a value the option does not take
     */
    ApplyOptions applyTo(ApplyOptions options) {
        if (!fuzzy.equals("off") && !fuzzy.equals("whitespace")) {
            throw new IllegalArgumentException(
                    "--fuzzy must be off or whitespace, not '" + fuzzy + "'");
        }
        if (timeout != null && timeout <= 0) {
            throw new IllegalArgumentException("--timeout must be a positive number of seconds");
        }
        return options.withApprovals(allow, yes)
                .withTimeout(timeout)
                .withSandbox(ApplyArgs.sandboxMode(sandbox))
                .withTolerance(strict, fuzzy.equals("whitespace"));
    }
}
