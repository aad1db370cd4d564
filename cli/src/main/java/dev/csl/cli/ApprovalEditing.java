package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.runner.approval.CommandsFile;
import dev.csl.runner.approval.ProjectTrust;
import dev.csl.runner.base.ShellWords;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
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
                            + " holding .csl/, else the git work tree's root, else the current"
                            + " one).")
    Path dir;

    @Option(
            names = "--remove",
            description =
                    "Remove the entry CMD (allowed, blocked or network) instead of adding it.")
    boolean remove;

    /** Where the command's messages go. */
    PrintWriter err() {
        return spec.commandLine().getErr();
    }

    int edit(
            List<String> words, Function<String, UnaryOperator<CommandsFile>> change, String verb) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String command = ShellWords.entryOfArguments(words);
        ShellWords.Split split = ShellWords.split(command);
        if (split.words().isEmpty() && !split.prefix()) {
            err.println("csl " + spec.name() + ": the command is empty");
            return ExitCodes.USAGE;
        }
        Path workingDir = workingDir();
        if (workingDir == null) {
            return ExitCodes.USAGE;
        }
        try {
            CommandsFile.Written written = CommandsFile.loadAsWritten(workingDir);
            ProjectTrust trust = ProjectTrust.of(workingDir);
            CommandsFile before = written.file();
            if (remove) {
                CommandsFile after = before.forget(command);
                if (after.equals(before)) {
                    out.println(
                            TerminalText.line(ShellWords.cite(command))
                                    + " is no entry of "
                                    + CommandsFile.location(workingDir)
                                    + ": nothing changed (csl allow --list shows the entries)");
                } else {
                    trust.saveChange(workingDir, written, after);
                    out.println(
                            "Removed "
                                    + TerminalText.line(ShellWords.cite(command))
                                    + " from "
                                    + CommandsFile.location(workingDir)
                                    + (after.blockedBy(split.words()).isPresent()
                                                    || after.allowedBy(split.words()).isPresent()
                                            ? " (another entry still matches it: csl allow --list)"
                                            : ""));
                }
                out.flush();
                return ExitCodes.OK;
            }
            CommandsFile changed = change.apply(command).apply(before);
            trust.saveChange(workingDir, written, changed);
            out.println(
                    verb
                            + " "
                            + TerminalText.line(ShellWords.cite(command))
                            + " in "
                            + CommandsFile.location(workingDir));
            Optional<String> blocker = changed.blockedBy(split.words());
            if (verb.equals("Allowed") && blocker.isPresent()) {
                out.println(
                        "note: it stays blocked by the entry "
                                + TerminalText.line(ShellWords.cite(blocker.get()))
                                + " (blocked entries win); remove that one with csl deny --remove "
                                + TerminalText.line(ShellWords.quote(blocker.get())));
            }
            out.flush();
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("csl " + spec.name() + ": " + TerminalText.body(e.getMessage()));
            return ExitCodes.FAILED;
        }
    }

    /** The project's directory, its notes said; null (and the reason said) when unusable. */
    private Path workingDir() {
        return projectDir(spec, dir);
    }

    /**
     * The project's directory for {@code dir} ({@code -C}, or null), its notes said; null (and the
     * reason said) when unusable.
     */
    static Path projectDir(CommandSpec spec, Path dir) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ProjectDirectory project = ProjectDirectory.resolve(dir, CslCommand.call(spec));
        if (project.error() != null) {
            project.printError(spec.name(), err);
            return null;
        }
        if (project.missing()) {
            err.println("csl " + spec.name() + ": not a directory: " + project.dir());
            return null;
        }
        Path workingDir = project.dir();
        for (String note : project.notes()) {
            out.println("csl: " + note);
        }
        if (!WorkingDirOption.usable(spec.name(), workingDir, err)) {
            return null;
        }
        if (!Files.isDirectory(workingDir)) {
            err.println("csl " + spec.name() + ": not a directory: " + workingDir);
            return null;
        }
        return workingDir;
    }

    /**
     * {@code --list}: the allowed, blocked and network entries of commands.json and where it is.
     */
    int list() {
        PrintWriter out = spec.commandLine().getOut();
        Path workingDir = workingDir();
        if (workingDir == null) {
            return ExitCodes.USAGE;
        }
        Path location = CommandsFile.location(workingDir);
        try {
            CommandsFile.Written written = CommandsFile.loadAsWritten(workingDir);
            CommandsFile file =
                    written.sha256() == null
                            ? written.file()
                            : ProjectTrust.of(workingDir).grantsOf(written);
            if (!Files.exists(location)) {
                out.println(
                        "No approvals: "
                                + location
                                + " does not exist yet (csl allow CMD and csl deny CMD create"
                                + " it).");
            } else {
                out.println("Approvals in " + location + ":");
            }
            section(out, "allowed (run without asking)", file.allowed());
            section(out, "blocked (never run)", file.blocked());
            section(out, "network (allowed to reach the network in the sandbox)", file.network());
            String ignored = written.file().widerThan(file);
            if (ignored != null) {
                out.println(
                        "not counted (the file also grants "
                                + TerminalText.line(ignored)
                                + ", which you have not reviewed: csl trust shows and trusts it)");
            }
            out.flush();
            return ExitCodes.OK;
        } catch (IOException e) {
            spec.commandLine()
                    .getErr()
                    .println("csl " + spec.name() + ": " + TerminalText.body(e.getMessage()));
            return ExitCodes.FAILED;
        }
    }

    private static void section(PrintWriter out, String title, List<String> entries) {
        out.println(title + ":" + (entries.isEmpty() ? " (none)" : ""));
        for (String entry : entries) {
            out.println("  " + TerminalText.line(entry));
        }
    }
}
