package dev.csl.cli;

import dev.csl.runner.base.CallContext;
import picocli.CommandLine;

/**
 * Entry point of the {@code csl} command. The only place that calls {@code System.exit} (besides
 * the launcher's training run, {@link CdsTraining}, which ends the same way).
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        int relaunched = LocaleRelaunch.runIfNeeded();
        if (relaunched >= 0) {
            System.exit(relaunched);
        }
        Utf8Streams.install();
        System.exit(run(CallContext.ofProcess(), args));
    }

    /**
     * Runs one call of csl in {@code call}'s directory, environment and streams, and returns its
     * exit code: the process's own call, or one the resident process serves.
     */
    static int run(CallContext call, String[] args) {
        // `csl --version` does only that: no command model, no sandbox probe.
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            call.out().println(VersionProvider.line());
            call.out().flush();
            return ExitCodes.OK;
        }
        // A plain `csl apply` skips picocli: its start-up costs more than the apply itself.
        int code = FastApply.tryRun(call, args);
        if (code == FastApply.NOT_HANDLED) {
            code = fastParse(call, args);
        }
        if (code == FastApply.NOT_HANDLED) {
            code = fastMcp(call, args);
        }
        return code == FastApply.NOT_HANDLED ? newCommandLine(call).execute(args) : code;
    }

    /**
     * {@code csl parse FILE [--json]} without picocli, as agents run it; anything else (help,
     * delimiters, stdin) goes through picocli. Same output and exit codes: {@code
     * ParseFastPathTest}.
     */
    static int fastParse(CallContext call, String[] args) {
        java.io.PrintWriter out = FastApply.writer(call.out());
        java.io.PrintWriter err = FastApply.writer(call.err());
        try {
            return fastParse(call, args, out, err, call.out());
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** As above, on the given writers. */
    static int fastParse(String[] args, java.io.PrintWriter out, java.io.PrintWriter err) {
        return fastParse(CallContext.ofProcess(), args, out, err, null);
    }

    /** As above, with the JSON document written to {@code jsonOut} as bytes (when not null). */
    private static int fastParse(
            CallContext call,
            String[] args,
            java.io.PrintWriter out,
            java.io.PrintWriter err,
            java.io.OutputStream jsonOut) {
        if (args.length < 2 || args.length > 3 || !args[0].equals("parse")) {
            return FastApply.NOT_HANDLED;
        }
        String file = null;
        boolean json = false;
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--json") && !json) {
                json = true;
            } else if (!args[i].startsWith("-") && file == null) {
                file = args[i];
            } else {
                return FastApply.NOT_HANDLED;
            }
        }
        if (file == null) {
            return FastApply.NOT_HANDLED;
        }
        dev.csl.grammar.Delimiters delimiters = dev.csl.grammar.Delimiters.DEFAULT;
        return jsonOut == null
                ? ParseCommand.run(call, file, json, delimiters, out, err)
                : ParseCommand.run(call, file, json, delimiters, out, jsonOut, err);
    }

    private static int fastMcp(CallContext call, String[] args) {
        try {
            return McpCommand.tryRun(call, args);
        } catch (Exception e) {
            call.err().println("csl: internal error: " + e.getMessage());
            return ExitCodes.USAGE;
        }
    }

    /** Runs csl with {@code args} in this process's context and returns the exit code (tests). */
    public static int run(String... args) {
        return newCommandLine().execute(args);
    }

    /** The command line in this process's context (tests). */
    static CommandLine newCommandLine() {
        return newCommandLine(CallContext.ofProcess());
    }

    static CommandLine newCommandLine(CallContext call) {
        CommandLine cli = new CommandLine(new CslCommand(call));
        // Delimiters often start with '@': picocli must not read them as @argument files.
        cli.setExpandAtFiles(false);
        cli.setExecutionExceptionHandler(new UserFacingExceptionHandler());
        // UTF-8 whatever the locale (picocli would take the locale's charset).
        cli.setOut(FastApply.writer(call.out()));
        cli.setErr(FastApply.writer(call.err()));
        // With --json, a bad option is one JSON document on stdout too (the text stays on stderr).
        CommandLine.IParameterExceptionHandler usage = cli.getParameterExceptionHandler();
        cli.setParameterExceptionHandler(
                (e, args) -> {
                    int code = usage.handleParseException(e, args);
                    if (java.util.Arrays.asList(args).contains("--json")) {
                        java.io.PrintWriter out = e.getCommandLine().getOut();
                        out.println(
                                JsonUsage.document(
                                        "csl "
                                                + e.getCommandLine().getCommandName()
                                                + ": "
                                                + e.getMessage(),
                                        e.getCommandLine().getCommandName()));
                        out.flush();
                    }
                    return code;
                });
        return cli;
    }
}
