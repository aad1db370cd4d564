package dev.csl.cli;

import dev.csl.cli.options.ApplySettings;
import dev.csl.cli.options.BadOptionValue;
import dev.csl.cli.terminal.TerminalText;
import dev.csl.grammar.AnswerText;
import dev.csl.grammar.Delimiters;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.runner.base.CallContext;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The command line of one {@code csl apply} and what it does with it. Filled by picocli's {@link
 * ApplyCommand} or by the picocli-free {@link FastApply}, so that both behave exactly alike: the
 * apply options proper go into {@link #settings}; the fields are the command line's own (the
 * answer, {@code -C}, how to print the report, delimiters as typed).
 */
final class ApplyArgs {
    final CallContext call;
    String file;
    Path dir;
    boolean json;
    String color = "auto";
    boolean noColor;
    boolean fullDiff;
    boolean noDiff;
    String startDelimiter = Delimiters.DEFAULT.start();
    String endDelimiter = Delimiters.DEFAULT.end();
    final ApplySettings settings = new ApplySettings();

    ApplyArgs(CallContext call) {
        this.call = call;
    }

    /**
     * Checks the options, applies the answer, prints the report; returns the exit code. With {@code
     * --json} a usage error is a JSON document too.
     */
    int run(PrintWriter out, PrintWriter err) {
        return JsonUsage.run("apply", json, out, err, e -> checkAndApply(out, e));
    }

    private int checkAndApply(PrintWriter out, PrintWriter err) {
        ProjectDirectory project = ProjectDirectory.resolve(dir, call);
        if (project.error() != null) {
            project.printError("apply", err);
            return ExitCodes.USAGE;
        }
        Path workingDir = project.dir();
        boolean colour;
        ApplyOptions checked;
        try {
            // JSON has no colour: only check the value (asking for a console costs a cold start).
            colour = json ? Colour.checked(call, color) : !noColor && Colour.use(call, color);
            checked =
                    settings.delimiters(new Delimiters(startDelimiter, endDelimiter))
                            .options(workingDir)
                            .withContext(call);
        } catch (IllegalArgumentException | BadOptionValue e) {
            err.println("csl apply: " + e.getMessage());
            return ExitCodes.USAGE;
        }
        if (!WorkingDirOption.usable("apply", workingDir, err)) {
            return ExitCodes.USAGE;
        }
        if (Files.exists(workingDir) && !Files.isDirectory(workingDir)) {
            err.println("csl apply: -C " + workingDir + " is not a directory");
            return ExitCodes.USAGE;
        }
        if (AnswerInput.waitsForTyping(call, file)) {
            err.println(AnswerInput.noAnswerMessage("apply"));
            return ExitCodes.USAGE;
        }
        AnswerText text;
        try {
            text = AnswerInput.readAnswer(call, file);
        } catch (IOException | InvalidPathException e) {
            err.println(
                    "csl apply: cannot read "
                            + AnswerInput.displayName(file)
                            + ": "
                            + AnswerInput.reason(e));
            return ExitCodes.USAGE;
        }
        List<String> notes = new ArrayList<>(project.notes());
        try {
            String created = project.createIfMissing();
            if (created != null) {
                notes.add(created);
            }
        } catch (IOException e) {
            err.println("csl apply: cannot create -C " + workingDir + ": " + e.getMessage());
            return ExitCodes.USAGE;
        }
        String untrusted = UntrustedNote.forApply(workingDir, text.text());
        if (untrusted != null) {
            notes.add(untrusted);
        }
        // Said before the results, on stdout for people; JSON's stdout is one document (whose
        // workingDir names the directory), so the notes go to stderr there.
        for (String note : notes) {
            // a note may quote the project's files (commands.json): shown escaped, as all of them
            (json ? err : out).println("csl: " + TerminalText.line(note));
        }
        boolean terminal = !json && call.console();
        if (!json && !noDiff && !checked.dryRun()) {
            AppliedDiff.prepareInBackground();
        }
        ApplyReport report;
        LiveOutput live = terminal ? new LiveOutput(out, colour) : null;
        try (Spinner spinner = terminal ? Spinner.start(err) : null) {
            ApplyOptions options =
                    checked.withSource("cli", AnswerInput.displayName(file))
                            .withPrompter(terminal ? new ConsolePrompter(err, spinner) : null)
                            .withOutput(live == null ? null : live.over(spinner));
            report = new Interpreter(StandardRunners.factory()).apply(text, options);
        }
        if (json) {
            out.println(ReportJson.write(report));
        } else {
            DiffSection diffs = new DiffSection(out, colour, fullDiff);
            new ApplyRenderer(out, colour && !json, fullDiff)
                    .outputAlreadyShown(live == null ? Set.of() : live.shown())
                    .beforeSummary(
                            r -> {
                                if (!noDiff) {
                                    AppliedDiff.print(r, workingDir, out, diffs);
                                }
                            })
                    .source(AnswerInput.displayName(file))
                    .print(report);
        }
        out.flush();
        return report.exitCode();
    }
}
