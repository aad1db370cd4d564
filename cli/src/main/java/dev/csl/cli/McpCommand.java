package dev.csl.cli;

import dev.csl.cli.mcp.McpServer;
import dev.csl.cli.mcp.McpTools;
import dev.csl.cli.mcp.McpWording;
import dev.csl.cli.mcp.NotAProject;
import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.Ownership;
import dev.csl.fsguard.UnsafeDirectory;
import dev.csl.grammar.Delimiters;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.interpreter.UndoReport;
import dev.csl.interpreter.Undoer;
import dev.csl.runner.RunSession;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.Runners;
import dev.csl.runner.WorkerPool;
import dev.csl.runner.base.CallContext;
import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.worker.CommandTable;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code csl mcp}: a Model Context Protocol server on stdio (docs/mcp.md). */
@Command(
        name = "mcp",
        mixinStandardHelpOptions = true,
        description = {
            "Serves the Model Context Protocol on stdio for agents and IDEs.",
            "Tools apply, check and undo; prompt instructions. Works in -C DIR, or else in the"
                    + " client's roots, or else in the directory it was started in (and below)."
                    + " Logs go to stderr. See docs/mcp.md."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:stopped at the end of input", "2:usage error (bad option)"})
final class McpCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = {"-C", "--dir"},
            paramLabel = "DIR",
            description =
                    "Work in this directory (default: the client's roots, else the directory csl"
                            + " mcp was started in).")
    Path dir;

    @Override
    public Integer call() throws Exception {
        return run(CslCommand.call(spec), dir);
    }

    /**
     * {@code csl mcp [-C DIR]} without picocli, as MCP clients start it: building picocli's model
     * would cost more than the rest of the answer to {@code initialize}. Anything else (help, a
     * misspelt option) is left to picocli.
     */
    static int tryRun(CallContext call, String[] args) throws Exception {
        if (args.length == 0 || !args[0].equals("mcp")) {
            return FastApply.NOT_HANDLED;
        }
        if (args.length == 1) {
            return run(call, null);
        }
        String value = null;
        if (args.length == 3 && (args[1].equals("-C") || args[1].equals("--dir"))) {
            value = args[2];
        } else if (args.length == 2 && args[1].startsWith("--dir=")) {
            value = args[1].substring("--dir=".length());
        } else if (args.length == 2 && args[1].startsWith("-C") && args[1].length() > 2) {
            value = args[1].substring(2);
        }
        if (value == null || value.isEmpty() || value.startsWith("-")) {
            return FastApply.NOT_HANDLED;
        }
        try {
            return run(call, Path.of(value));
        } catch (java.nio.file.InvalidPathException e) {
            return FastApply.NOT_HANDLED;
        }
    }

    private static int run(CallContext call, Path dir) throws Exception {
        PrintWriter err = new PrintWriter(call.err(), true);
        Path fixed = null;
        if (dir != null) {
            fixed = call.resolve(dir).normalize();
            if (!WorkingDirOption.usable("mcp", fixed, err)) {
                return ExitCodes.USAGE;
            }
            if (!Files.isDirectory(fixed)) {
                err.println("csl mcp: -C " + fixed + " is not an existing directory");
                return ExitCodes.USAGE;
            }
            String why = NotAProject.why(fixed, call.home());
            if (why != null) {
                err.println(
                        "csl mcp: -C "
                                + fixed
                                + " is "
                                + why
                                + ", which is no project: the model could name any of your files"
                                + " below it; pass the project's own directory");
                return ExitCodes.USAGE;
            }
            UnsafeDirectory unsafe = Ownership.current().check(fixed);
            if (unsafe != null) {
                err.println(
                        "csl mcp: "
                                + unsafe.message()
                                + " ("
                                + ErrorCode.UNSAFE_DIRECTORY.wireName()
                                + "); "
                                + unsafe.hint());
                return ExitCodes.USAGE;
            }
        }
        if (fixed != null) {
            // With the client's roots instead, the first apply there rolls it back (and says so).
            StartupRecovery.run("csl mcp", fixed, err);
        }
        // stdout belongs to the protocol: anything else printing to System.out goes to stderr.
        // (JVM-wide: a server runs in a process of its own, never in the resident process.)
        PrintStream protocol = call.out();
        PrintStream own = System.out;
        System.setOut(call.err());
        try {
            LazyPool pool = new LazyPool();
            McpTools tools =
                    new McpTools(
                            new Interpreter(pool),
                            new Undoer(),
                            fixed,
                            call.workingDir(),
                            new McpTools.Rendering(
                                    McpCommand::summary,
                                    McpCommand::summary,
                                    ReportJson::write,
                                    ReportJson::write),
                            pool);
            IdleMemory.giveBackWhenIdle();
            return new McpServer(
                            tools,
                            () ->
                                    PromptText.render(
                                            Delimiters.DEFAULT,
                                            BuiltinsSection.compact(CommandTable.builtins())),
                            VersionProvider.line().substring("csl ".length()),
                            call.err())
                    .serve(call.in(), protocol);
        } finally {
            System.setOut(own);
        }
    }

    /**
     * The warm worker pool, started by the first RUN rather than at start-up: the client waits for
     * {@code initialize}, and two worker JVMs starting beside it would slow that answer down.
     */
    private static final class LazyPool implements RunSessionFactory, AutoCloseable {
        private WorkerPool pool;

        @Override
        public synchronized RunSession open(RunnerConfig config) {
            if (pool == null) {
                pool = Runners.pooled(2);
            }
            return pool.open(config);
        }

        @Override
        public synchronized void close() {
            if (pool != null) {
                pool.close();
            }
        }
    }

    private static String summary(ApplyReport report) {
        StringWriter text = new StringWriter();
        new ApplyRenderer(new PrintWriter(text), false, false)
                .wording(McpWording::speak)
                .print(report);
        return text.toString().strip();
    }

    private static String summary(UndoReport report) {
        StringWriter text = new StringWriter();
        if (report.dryRun()) {
            new UndoOutput(new PrintWriter(text), false).print(report);
            return text.toString().strip();
        }
        new ApplyRenderer(new PrintWriter(text), false, false)
                .wording(McpWording::speak)
                .print(report);
        return text.toString().strip();
    }
}
