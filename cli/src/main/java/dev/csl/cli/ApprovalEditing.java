package dev.csl.cli;

import dev.csl.runner.approval.CommandsFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** What {@code csl allow} and {@code csl deny} share: {@code -C DIR} and editing commands.json. */
final class ApprovalEditing {
    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(
            names = {"-C", "--dir"},
            paramLabel = "DIR",
            description =
                    "Working directory (default: the project, the nearest directory upward"
                            + " holding .csl/, else the current one).")
    Path dir;

    /** Where the command's messages go. */
    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    int edit(List<String> words, UnaryOperator<CommandsFile> change, String verb) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String command = String.join(" ", words).strip().replaceAll("\\s+", " ");
        if (command.isEmpty()) {
            err.println("csl " + spec.name() + ": the command is empty");
            return ExitCodes.USAGE;
        }
        ProjectDirectory project = ProjectDirectory.resolve(dir, Path.of(""));
        if (project.error() != null || project.missing()) {
            err.println(
                    "csl "
                            + spec.name()
                            + ": "
                            + (project.error() != null
                                    ? project.error()
                                    : "not a directory: " + project.dir()));
            return ExitCodes.USAGE;
        }
        Path workingDir = project.dir();
        for (String note : project.notes()) {
            out.println("csl: " + note);
        }
        if (!WorkingDirOption.usable(spec.name(), workingDir, err)) {
            return ExitCodes.USAGE;
        }
        if (!Files.isDirectory(workingDir)) {
            err.println("csl " + spec.name() + ": not a directory: " + workingDir);
            return ExitCodes.USAGE;
        }
        try {
            CommandsFile changed = change.apply(CommandsFile.load(workingDir));
            changed.save(workingDir);
            out.println(verb + " '" + command + "' in " + CommandsFile.location(workingDir));
            Optional<String> blocker = changed.blockedBy(List.of(command.split(" ")));
            if (verb.equals("Allowed") && blocker.isPresent()) {
                out.println(
                        "note: it stays blocked by the entry '"
                                + blocker.get()
                                + "' (blocked entries win); remove that one with an editor");
            }
            out.flush();
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("csl " + spec.name() + ": " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }
}
