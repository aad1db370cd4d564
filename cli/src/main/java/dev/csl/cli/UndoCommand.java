package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.interpreter.UndoReport;
import dev.csl.interpreter.Undoer;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code csl undo [ID] [-C DIR] [--force] [--dry-run] [--list] [--json]}: restores the state before
 * the last apply, or before apply ID.
 */
@Command(
        name = "undo",
        mixinStandardHelpOptions = true,
        description = "Restores the state before the last apply (or before apply ID).",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:restored",
            "1:nothing to undo, or files changed since the apply (see --force)",
            "2:usage error"
        })
final class UndoCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "ID",
            description =
                    "The apply to undo (see --list; 3 means 000003). Refused while a later apply"
                            + " that changed the same files is still applied, unless --force.")
    String id;

    @Option(
            names = "--dry-run",
            description = "Show what the undo would restore, with the diff; change nothing.")
    boolean dryRun;

    @Option(
            names = {"-C", "--dir"},
            paramLabel = "DIR",
            description =
                    "Working directory (default: the project, the nearest directory upward"
                            + " holding .csl/, else the git work tree's root, else the current"
                            + " one).")
    Path dir;

    @Option(
            names = "--force",
            description =
                    "Restore even files changed since the apply (a copy of them is kept in"
                            + " .csl/discarded/ID/).")
    boolean force;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Option(
            names = "--list",
            description = "List the applies in the history (newest first) instead of undoing.")
    boolean list;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        return JsonUsage.run("undo", json, out, spec.commandLine().getErr(), err -> run(out, err));
    }

    private int run(PrintWriter out, PrintWriter err) {
        ProjectDirectory project = ProjectDirectory.resolve(dir, CslCommand.call(spec));
        if (project.error() != null) {
            project.printError("undo", err);
            return ExitCodes.USAGE;
        }
        if (project.missing()) {
            err.println("csl undo: -C " + project.dir() + " does not exist");
            return ExitCodes.USAGE;
        }
        Path workingDir = project.dir();
        if (!WorkingDirOption.usable("undo", workingDir, err)) {
            return ExitCodes.USAGE;
        }
        for (String note : project.notes()) {
            (json ? err : out).println("csl: " + note);
        }
        if (list) {
            return list(workingDir, out, err);
        }
        if (id != null && !id.trim().matches("\\d{1,9}")) {
            err.println(
                    "csl undo: '"
                            + TerminalText.line(id)
                            + "' is not an apply id (csl undo --list shows them: 000003, or 3)");
            return ExitCodes.USAGE;
        }
        UndoReport report = new Undoer().undo(workingDir, new Undoer.Request(id, force, dryRun));
        if (json) {
            out.println(ReportJson.write(report));
        } else {
            new UndoOutput(out, Colour.auto(CslCommand.call(spec))).print(report);
        }
        out.flush();
        return report.exitCode();
    }

    private int list(Path workingDir, PrintWriter out, PrintWriter err) {
        List<Undoer.Applied> applied;
        try {
            applied = new Undoer().list(workingDir);
        } catch (IOException e) {
            err.println(
                    "csl undo --list: cannot read the history: "
                            + TerminalText.body(e.getMessage()));
            return ExitCodes.USAGE;
        }
        if (json) {
            out.println(ReportJson.write(workingDir, applied));
        } else if (applied.isEmpty()) {
            out.println("No applies recorded in " + workingDir + " (.csl/history/ is empty).");
        } else {
            new UndoOutput(out, false).list(applied);
        }
        out.flush();
        return 0;
    }
}
