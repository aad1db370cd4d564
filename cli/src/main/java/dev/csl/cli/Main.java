package dev.csl.cli;

import picocli.CommandLine;

/** Entry point of the {@code csl} command. The only place that calls {@code System.exit}. */
public final class Main {
    private Main() {}

    public static void main(String[] args) {
        // `csl --version` does only that: no command model, no sandbox probe.
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            System.out.println(VersionProvider.line());
            System.exit(ExitCodes.OK);
        }
        // A plain `csl apply` skips picocli: its start-up costs more than the apply itself.
        int code = FastApply.tryRun(args);
        System.exit(code == FastApply.NOT_HANDLED ? run(args) : code);
    }

    /** Runs csl with {@code args} and returns the exit code; used by tests. */
    public static int run(String... args) {
        return newCommandLine().execute(args);
    }

    static CommandLine newCommandLine() {
        CommandLine cli = new CommandLine(new CslCommand());
        // Delimiters often start with '@': picocli must not read them as @argument files.
        cli.setExpandAtFiles(false);
        cli.setExecutionExceptionHandler(new UserFacingExceptionHandler());
        return cli;
    }
}
