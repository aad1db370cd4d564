package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.runner.approval.CommandsFile;
import dev.csl.runner.approval.DevcontainerTrust;
import dev.csl.runner.approval.ProjectTrust;
import dev.csl.runner.approval.TrustRecord;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code csl trust [-C DIR] [--show] [--revoke]}: shows what the project's commands.json grants and
 * records it, as it stands, as the user's own (direnv's {@code allow} is the model). A file csl did
 * not record — cloned, planted, changed by a program or by hand — grants nothing else. {@code csl
 * trust --devcontainer} does the same for the image of devcontainer.json ({@link
 * DevcontainerMark}); {@code csl trust --safe-directory DIR} marks a directory another user owns
 * safe ({@link SafeDirectoryMark}).
 */
@Command(
        name = "trust",
        mixinStandardHelpOptions = true,
        description = {
            "Shows what this project's .csl/commands.json grants and trusts it as yours.",
            "Entries that widen what commands may do (allowed, network, read, env, raised limits)"
                    + " count only when you made them through csl (csl allow, the prompt's"
                    + " 'always') or trusted the file with csl trust. Any later change to the"
                    + " file that csl did not make needs csl trust again.",
            "csl never works in, nor takes settings from, a directory or .csl/ another user owns"
                    + " (unsafe_directory); --safe-directory DIR marks one safe for you, as git's"
                    + " safe.directory does.",
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:the file was shown (and trusted, without --show; forgotten with --revoke)",
            "1:the file could not be read, or the record not saved",
            "2:usage error (working directory missing)"
        })
final class TrustCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(
            names = {"-C", "--dir"},
            paramLabel = "DIR",
            description =
                    "Working directory (default: the project, the nearest directory upward"
                            + " holding .csl/, else the git work tree's root, else the current"
                            + " one).")
    Path dir;

    @Option(
            names = "--show",
            description = "Only show what the file grants and whether it is trusted.")
    boolean show;

    @Option(
            names = "--revoke",
            description = "Forget every grant of this project (commands.json then grants nothing).")
    boolean revoke;

    @Option(
            names = "--devcontainer",
            description =
                    "Trust (with --show: show; with --revoke: forget) the image that"
                            + " .devcontainer/devcontainer.json names, which the container layer"
                            + " uses when .csl/commands.json names none. Any later change to the"
                            + " file needs csl trust --devcontainer again.")
    boolean devcontainer;

    @Option(
            names = "--safe-directory",
            paramLabel = "DIR",
            description =
                    "Mark DIR safe although another user owns it or its .csl/: csl then works"
                            + " there and takes its settings (as git's safe.directory; '*' marks"
                            + " every directory). With --revoke, forget the mark; with --show,"
                            + " list the marks (DIR is then ignored).")
    String safeDirectory;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (show && revoke) {
            err.println("csl trust: --show and --revoke exclude each other");
            return ExitCodes.USAGE;
        }
        if (safeDirectory != null) {
            return SafeDirectoryMark.run(safeDirectory, show, revoke, out, err);
        }
        Path workingDir = ApprovalEditing.projectDir(spec, dir);
        if (workingDir == null) {
            return ExitCodes.USAGE;
        }
        if (devcontainer) {
            return DevcontainerMark.run(workingDir, show, revoke, out, err);
        }
        Path location = CommandsFile.location(workingDir);
        try {
            ProjectTrust trust = ProjectTrust.of(workingDir);
            if (revoke) {
                trust.revoke();
                DevcontainerTrust.of(workingDir).revoke();
                out.println(
                        "Forgot every grant of "
                                + workingDir
                                + ": "
                                + location
                                + " grants nothing until you run csl trust or csl allow again.");
                out.flush();
                return ExitCodes.OK;
            }
            CommandsFile.Written written = CommandsFile.loadAsWritten(workingDir);
            if (written.sha256() == null) {
                out.println("No " + location + ": nothing to trust (csl allow CMD creates it).");
                out.flush();
                return ExitCodes.OK;
            }
            TrustRecord record = trust.record();
            describe(out, location, written.file());
            if (show) {
                out.println(
                        record.trusts(written.sha256())
                                ? "Trusted: you trusted this file as it stands."
                                : "Not trusted: only blocked, hide, lower limits and the entries"
                                        + " you approved with csl allow count. Run csl trust to"
                                        + " trust it whole.");
            } else {
                trust.trust(written);
                out.println(
                        "Trusted: every entry above now counts. A later change that csl does not"
                                + " make (by hand, by git, by a program) needs csl trust again.");
            }
            out.flush();
            return ExitCodes.OK;
        } catch (IOException e) {
            err.println("csl trust: " + e.getMessage());
            return ExitCodes.FAILED;
        }
    }

    private static void describe(PrintWriter out, Path location, CommandsFile file) {
        out.println(location + " grants:");
        section(out, "allowed (run without asking)", file.allowed());
        section(out, "network (may reach the network in the sandbox)", file.network());
        section(out, "read (outside paths commands may read)", file.read());
        section(out, "env (csl's variables commands see)", file.env());
        section(out, "limits", file.limitEntries());
        out.println("and narrows (always counts):");
        section(out, "blocked (never run)", file.blocked());
        section(out, "hide (paths commands never see)", file.hide());
    }

    private static void section(PrintWriter out, String title, List<String> entries) {
        out.println("  " + title + ":" + (entries.isEmpty() ? " (none)" : ""));
        for (String entry : entries) {
            out.println("    " + TerminalText.line(entry));
        }
    }
}
