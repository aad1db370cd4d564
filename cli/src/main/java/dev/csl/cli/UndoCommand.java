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
import picocli.CommandLine.Spec;

/** {@code csl undo [-C DIR] [--force] [--json]}: restores the state before the last apply. */
@Command(
        name = "undo",
        mixinStandardHelpOptions = true,
        description = "Restores the state before the last apply.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:restored",
            "1:nothing to undo, or files changed since the apply (see --force)",
            "2:usage error"
        })
final class UndoCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = {"-C", "--dir"},
            paramLabel = "DIR",
            description =
                    "Working directory (default: the project, the nearest directory upward"
                            + " holding .csl/, else the git work tree's root, else the current"
                            + " one).")
    Path dir;

    @Option(names = "--force", description = "Restore even files changed since the apply.")
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
        UndoReport report = new Undoer().undo(workingDir, force);
        if (json) {
            out.println(ReportJson.write(report));
        } else {
            new ApplyRenderer(out, Colour.auto(CslCommand.call(spec)), false).print(report);
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
            boolean next = true;
            for (Undoer.Applied a : applied) {
                String mark = a.undone() ? "undone " : next ? "next   " : "       ";
                next &= a.undone();
                out.println(
                        TerminalText.line(a.id())
                                + "  "
                                + mark
                                + " "
                                + a.paths().size()
                                + (a.paths().size() == 1 ? " path: " : " paths: ")
                                + TerminalText.line(String.join(", ", a.paths())));
            }
        }
        out.flush();
        return 0;
    }
}
