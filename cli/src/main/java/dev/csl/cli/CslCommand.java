package dev.csl.cli;

import dev.csl.runner.base.CallContext;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** The top-level {@code csl} command; every verb is a subcommand. */
@Command(
        name = "csl",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description =
                "Carries out the CSL operations in an LLM's answer against a working directory, safely.",
        subcommands = {
            ParseCommand.class,
            ApplyCommand.class,
            UndoCommand.class,
            AllowCommand.class,
            DenyCommand.class,
            TrustCommand.class,
            PromptCommand.class,
            DoctorCommand.class,
            ServeCommand.class,
            McpCommand.class,
            WatchCommand.class,
            HelpCommand.class,
            DaemonCommand.class
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:everything succeeded (parse: no validation errors)",
            "1:at least one operation failed or was skipped (parse: validation errors)",
            "2:usage error (bad option, unreadable input)",
            "3:CSL syntax error (nothing applied)"
        })
public final class CslCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    private final CallContext call;

    CslCommand(CallContext call) {
        this.call = call;
    }

    /** The call a command of this command line serves: its directory, environment and streams. */
    static CallContext call(CommandSpec spec) {
        return ((CslCommand) spec.root().userObject()).call;
    }

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.USAGE;
    }
}
