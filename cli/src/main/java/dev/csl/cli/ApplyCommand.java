package dev.csl.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code csl apply [FILE|-] [-C DIR] [--dry-run] [--expect-plan HASH] [--json] ...} (README, "Using
 * it"): the picocli spelling of the options of {@link dev.csl.cli.options.ApplyOption}, for help
 * and for everything {@link FastApply} leaves to picocli. Both fill an {@link ApplyArgs}.
 */
@Command(
        name = "apply",
        mixinStandardHelpOptions = true,
        description = "Carries out the operations of an answer.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:every operation succeeded",
            "1:at least one operation failed or was skipped",
            "2:usage error (bad option, unreadable input)",
            "3:CSL syntax error (nothing applied)"
        })
final class ApplyCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "FILE",
            description = "The answer to apply; '-' or none reads standard input.")
    String file;

    @Option(
            names = {"-C", "--dir"},
            paramLabel = "DIR",
            description =
                    "Working directory (default: the project, the nearest directory upward"
                            + " holding .csl/, else the git work tree's root, else the current one;"
                            + " created if missing and its parent exists).")
    Path dir;

    @Option(names = "--dry-run", description = "Show what would change (diffs); change nothing.")
    boolean dryRun;

    @Option(
            names = "--expect-plan",
            paramLabel = "HASH",
            description = "Apply only if the plan hash of a dry run still holds.")
    String expectPlan;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Option(
            names = "--color",
            paramLabel = "WHEN",
            description =
                    "Colour human output: auto (on a terminal, unless NO_COLOR is set), always or"
                            + " never (default: auto).")
    String color;

    @Option(names = "--no-color", description = "No colour, as --color=never.")
    boolean noColor;

    @Option(
            names = "--full-diff",
            description =
                    "Show diffs whole (human output shows "
                            + DiffSection.LINES_SHOWN
                            + " lines of the diff of an apply, and of each operation in a dry"
                            + " run).")
    boolean fullDiff;

    @Option(
            names = "--no-diff",
            description = "Do not show the diff of what a real apply changed (human output).")
    boolean noDiff;

    @Mixin ApplyPolicyOptions policy = new ApplyPolicyOptions();

    @Mixin DelimiterOptions delimiterOptions = new DelimiterOptions();

    @Override
    public Integer call() {
        ApplyArgs args = new ApplyArgs(CslCommand.call(spec));
        args.file = file;
        args.dir = dir;
        args.json = json;
        if (color != null) {
            args.color = color;
        }
        args.noColor = noColor;
        args.fullDiff = fullDiff;
        args.noDiff = noDiff;
        args.startDelimiter = delimiterOptions.start;
        args.endDelimiter = delimiterOptions.end;
        policy.fill(args.settings).dryRun(dryRun).expectPlan(expectPlan);
        return args.run(spec.commandLine().getOut(), spec.commandLine().getErr());
    }
}
