package dev.csl.cli;

import dev.csl.interpreter.UndoReport;
import dev.csl.interpreter.Undoer;
import java.io.PrintWriter;
import java.nio.file.Path;
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
            description = "Working directory (default: the current directory).")
    Path dir;

    @Option(names = "--force", description = "Restore even files changed since the apply.")
    boolean force;

    @Option(names = "--json", description = "Print one JSON document.")
    boolean json;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Path workingDir = (dir == null ? Path.of("") : dir).toAbsolutePath().normalize();
        if (!WorkingDirOption.usable("undo", workingDir, spec.commandLine().getErr())) {
            return ExitCodes.USAGE;
        }
        UndoReport report = new Undoer().undo(workingDir, force);
        if (json) {
            out.println(ReportJson.write(report));
        } else {
            new ApplyRenderer(out, Colour.auto(), false).print(report);
        }
        out.flush();
        return report.exitCode();
    }
}
