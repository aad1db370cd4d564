package dev.csl.runner.approval;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.Prompter;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.base.ShellWords;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Decides whether an external command may run (docs/external.md, "Approving commands"), for one
 * apply: blocked entries win over everything; then {@code --yes}, {@code --allow}, the allowed
 * entries of {@code .csl/commands.json}, and finally the person at the terminal, if there is one.
 * "Always" and "never" answers are written to commands.json; "yes" and "no" hold for this apply.
 *
 * <p>Not thread-safe: one instance serves the RUN blocks of one apply, which run in order.
 */
public final class Approvals {
    private final Path workingDir;
    private final List<String> allowedOnce;
    private final boolean approveAll;
    private final Prompter prompter;
    private final boolean wouldAsk;
    private final Map<String, Prompter.Answer> answers = new HashMap<>();
    private CommandsFile file;
    private CommandsFile.Written written;
    private ProjectTrust trust;
    private String fileProblem;

    public Approvals(RunnerConfig config) {
        this(config, config.prompter());
    }

    private Approvals(RunnerConfig config, Prompter prompter) {
        this.workingDir = config.workingDir();
        this.allowedOnce = config.allowed();
        this.approveAll = config.approveAll();
        this.prompter = prompter;
        this.wouldAsk = prompter == null && config.prompter() != null;
    }

    /**
     * The same decisions, never asking anyone (a dry run): a command that a person would be asked
     * about is {@code command_not_approved}.
     */
    public static Approvals withoutAsking(RunnerConfig config) {
        return new Approvals(config, null);
    }

    /** Decides about {@code argv}, asking the prompter at most once per command and apply. */
    public Approval decide(List<String> argv) {
        String command = ShellWords.join(argv);
        CommandsFile current = file();
        if (current == null) {
            return Approval.refused(
                    new RunFailure(
                            ErrorCode.COMMAND_NOT_APPROVED,
                            ShellWords.cite(command) + " was not run: " + fileProblem,
                            "fix "
                                    + CommandsFile.RELATIVE_PATH
                                    + " (or delete it and approve again with csl allow)",
                            Map.of("command", command)));
        }
        Optional<String> blocker = current.blockedBy(argv);
        if (blocker.isPresent()) {
            return Approval.refused(blocked(command, blocker.get()));
        }
        boolean network = current.networkFor(argv);
        if (approveAll) {
            return Approval.granted("--yes", network);
        }
        Optional<String> once = CommandsFile.firstMatch(allowedOnce, argv);
        if (once.isPresent()) {
            return Approval.granted("--allow " + once.get(), network);
        }
        Optional<String> allowed = current.allowedBy(argv);
        if (allowed.isPresent()) {
            return Approval.granted(CommandsFile.RELATIVE_PATH + ": " + allowed.get(), network);
        }
        if (prompter == null) {
            RunFailure refusal = notApproved(argv, false);
            String untrusted = written.file().allowedBy(argv).orElse(null);
            if (untrusted != null) {
                refusal = notTrusted(argv, untrusted);
            }
            return Approval.refused(
                    wouldAsk
                            ? new RunFailure(
                                    refusal.code(),
                                    refusal.message()
                                            + " (a real apply asks you before running it)",
                                    refusal.hint(),
                                    refusal.details())
                            : refusal);
        }
        Prompter.Answer answer = answers.computeIfAbsent(command, prompter::ask);
        switch (answer) {
            case YES:
                return Approval.granted("prompt", network);
            case ALWAYS:
                RunFailure saveProblem = persist(written.file().allow(command, false), command);
                return saveProblem == null
                        ? Approval.granted("prompt (always)", network)
                        : Approval.refused(saveProblem);
            case NEVER:
                RunFailure blockProblem = persist(written.file().block(command), command);
                return Approval.refused(
                        blockProblem != null ? blockProblem : blocked(command, command));
            case NO:
            default:
                return Approval.refused(notApproved(argv, true));
        }
    }

    private CommandsFile file() {
        if (file == null && fileProblem == null) {
            try {
                written = CommandsFile.loadAsWritten(workingDir);
                trust = written.sha256() == null ? null : ProjectTrust.of(workingDir);
                file = trust == null ? written.file() : trust.grantsOf(written);
            } catch (IOException e) {
                fileProblem = e.getMessage();
            }
        }
        return file;
    }

    private RunFailure persist(CommandsFile changed, String command) {
        try {
            ProjectTrust saving = trust != null ? trust : ProjectTrust.of(workingDir);
            written = saving.saveChange(workingDir, written, changed);
            trust = saving;
            file = saving.grantsOf(written);
            return null;
        } catch (IOException e) {
            return new RunFailure(
                    ErrorCode.COMMAND_NOT_APPROVED,
                    ShellWords.cite(command)
                            + " was not run: the answer could not be saved to "
                            + CommandsFile.RELATIVE_PATH
                            + " ("
                            + e.getMessage()
                            + ")",
                    "check that " + CommandsFile.RELATIVE_PATH + " is writable",
                    Map.of("command", command));
        }
    }

    static RunFailure notApproved(List<String> argv, boolean declined) {
        String command = ShellWords.join(argv);
        return new RunFailure(
                ErrorCode.COMMAND_NOT_APPROVED,
                declined
                        ? ShellWords.cite(command) + " was not run: the user declined it"
                        : ShellWords.cite(command) + " is not approved to run in this project",
                declined
                        ? "do the task without this command, or ask the user to approve it"
                        : "approve it with `csl allow "
                                + ShellWords.allowArguments(argv)
                                + "` (saved in "
                                + CommandsFile.RELATIVE_PATH
                                + "), or for one apply with `--allow "
                                + ShellWords.quote(command)
                                + "`, then apply again",
                Map.of("command", command));
    }

    /**
     * The refusal of a command that the project's commands.json allows, in a file the user never
     * approved: the model is told why, and that only the user can change it.
     */
    static RunFailure notTrusted(List<String> argv, String entry) {
        String command = ShellWords.join(argv);
        return new RunFailure(
                ErrorCode.COMMAND_NOT_APPROVED,
                ShellWords.cite(command)
                        + " is not approved to run in this project: the entry "
                        + ShellWords.cite(entry)
                        + " of "
                        + CommandsFile.RELATIVE_PATH
                        + " would allow it, but csl has no record that the user made or reviewed"
                        + " that file (it may come from a cloned repository), so it grants nothing",
                "do the task without this command, or ask the user to review the file with `csl"
                        + " trust` or to approve the command with `csl allow "
                        + ShellWords.allowArguments(argv)
                        + "`, then apply again",
                RunFailure.details("command", command, "untrustedEntry", entry));
    }

    static RunFailure blocked(String command, String entry) {
        return new RunFailure(
                ErrorCode.COMMAND_BLOCKED,
                ShellWords.cite(command)
                        + " is blocked in this project by the entry "
                        + ShellWords.cite(entry)
                        + " of "
                        + CommandsFile.RELATIVE_PATH,
                "do the task another way; only the user can unblock it (csl allow, or edit "
                        + CommandsFile.RELATIVE_PATH
                        + ")",
                RunFailure.details("command", command, "blockedBy", entry));
    }
}
