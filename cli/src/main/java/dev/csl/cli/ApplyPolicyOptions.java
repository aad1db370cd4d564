package dev.csl.cli;

import dev.csl.cli.options.ApplySettings;
import dev.csl.runner.base.RunnerConfig;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How an apply treats commands and doubtful operations ({@code --allow}, {@code --yes}, {@code
 * --timeout}, {@code --sandbox}, {@code --strict}, {@code --fuzzy}, {@code --atomic}): one
 * declaration, mixed into every command that applies answers ({@code apply}, {@code watch}), so
 * their names and help cannot drift apart. Their defaults and checks are {@link ApplySettings}'.
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
            description =
                    "Run commands in the OS sandbox: auto, required, off or container (the"
                            + " image named in .csl/commands.json; default: auto).")
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
                            + " re-indented, with a warning (default: off).")
    String fuzzy;

    @Option(
            names = "--atomic",
            description =
                    "All or nothing: when an operation fails, every file change csl made for the"
                            + " answer is rolled back and the rest is not run (what external"
                            + " commands changed themselves stays).")
    boolean atomic;

    /** {@code settings} with these options; an option not given keeps its default. */
    ApplySettings fill(ApplySettings settings) {
        return settings.allow(allow)
                .yes(yes)
                .timeout(timeout)
                .sandbox(sandbox)
                .strict(strict)
                .fuzzy(fuzzy)
                .atomic(atomic);
    }
}
