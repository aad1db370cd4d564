package dev.csl.cli;

import dev.csl.grammar.AnswerText;
import dev.csl.grammar.Delimiters;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.runner.base.SandboxMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The options of one {@code csl apply} and what it does with them, shared by the picocli command
 * and the picocli-free fast path so that both behave exactly alike.
 */
record ApplyArgs(
        String file,
        Path dir,
        boolean dryRun,
        String expectPlan,
        boolean json,
        List<String> allow,
        boolean yes,
        Integer timeout,
        String sandbox,
        String startDelimiter,
        String endDelimiter,
        String color,
        boolean fullDiff,
        boolean strict,
        String fuzzy) {

    /** Checks the options, applies the answer, prints the report; returns the exit code. */
    int run(PrintWriter out, PrintWriter err) {
        Delimiters delimiters;
        SandboxMode mode;
        boolean colour;
        try {
            // JSON has no colour: only check the value (asking for a console costs a cold start).
            colour = json ? Colour.checked(color) : Colour.use(color);
            delimiters = AnswerInput.delimiters(startDelimiter, endDelimiter);
            mode = sandboxMode(sandbox);
            if (!fuzzy.equals("off") && !fuzzy.equals("whitespace")) {
                throw new IllegalArgumentException(
                        "--fuzzy must be off or whitespace, not '" + fuzzy + "'");
            }
            if (timeout != null && timeout <= 0) {
                throw new IllegalArgumentException(
                        "--timeout must be a positive number of seconds");
            }
        } catch (IllegalArgumentException e) {
            err.println("csl apply: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        Path workingDir = (dir == null ? Path.of("") : dir).toAbsolutePath().normalize();
        if (!WorkingDirOption.usable("apply", workingDir, err)) {
            return ExitCodes.USAGE;
        }
        if (Files.exists(workingDir) && !Files.isDirectory(workingDir)) {
            err.println("csl apply: -C " + workingDir + " is not a directory");
            return ExitCodes.USAGE;
        }
        if (AnswerInput.waitsForTyping(file)) {
            err.println(AnswerInput.noAnswerMessage("apply"));
            return ExitCodes.USAGE;
        }
        AnswerText text;
        try {
            text = AnswerInput.readAnswer(file);
        } catch (IOException | InvalidPathException e) {
            err.println(
                    "csl apply: cannot read "
                            + AnswerInput.displayName(file)
                            + ": "
                            + AnswerInput.reason(e));
            return ExitCodes.USAGE;
        }
        boolean terminal = !json && System.console() != null;
        ApplyReport report;
        LiveOutput live = terminal ? new LiveOutput(out, colour) : null;
        try (Spinner spinner = terminal ? Spinner.start(err) : null) {
            ApplyOptions options =
                    ApplyOptions.defaults(workingDir)
                            .withDelimiters(delimiters)
                            .withDryRun(dryRun)
                            .withExpectPlan(expectPlan)
                            .withApprovals(allow, yes)
                            .withTimeout(timeout)
                            .withSandbox(mode)
                            .withPrompter(terminal ? new ConsolePrompter(err, spinner) : null)
                            .withOutput(live == null ? null : live.over(spinner))
                            .withTolerance(strict, fuzzy.equals("whitespace"));
            report = new Interpreter(StandardRunners.factory()).apply(text, options);
        }
        if (json) {
            out.println(ReportJson.write(report));
        } else {
            new ApplyRenderer(out, colour && !json, fullDiff)
                    .outputAlreadyShown(live == null ? Set.of() : live.shown())
                    .print(report);
        }
        out.flush();
        return report.exitCode();
    }

    static SandboxMode sandboxMode(String value) {
        return switch (value) {
            case "auto" -> SandboxMode.AUTO;
            case "required" -> SandboxMode.REQUIRED;
            case "off" -> SandboxMode.OFF;
            default ->
                    throw new IllegalArgumentException(
                            "--sandbox must be auto, required or off, not '" + value + "'");
        };
    }
}
