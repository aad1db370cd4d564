package dev.csl.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.cli.serve.CslBackend;
import dev.csl.cli.serve.JsonRpcServer;
import dev.csl.runner.Runners;
import dev.csl.runner.WorkerPool;
import dev.csl.runner.base.CallContext;
import java.io.PrintStream;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code csl serve}: JSON-RPC 2.0 over stdio for IDE plugins and agents (docs/serve.md). */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Serves JSON-RPC 2.0 over stdio for IDE plugins and agents.",
            "One message per line; methods parse, apply, undo, doctor and shutdown. Logs go to"
                    + " stderr. See docs/serve.md."
        },
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:stopped after shutdown or the end of input",
            "2:usage error (bad option)"
        })
final class ServeCommand implements Callable<Integer> {
    @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--threads",
            paramLabel = "N",
            description = "Requests that may run at once (default: ${DEFAULT-VALUE}).")
    int threads = 8;

    @Option(
            names = "--workers",
            paramLabel = "N",
            description = "Warm worker JVMs kept for RUN blocks (default: ${DEFAULT-VALUE}).")
    int workers = 2;

    @Option(
            names = "--framing",
            paramLabel = "MODE",
            description =
                    "Message framing: auto (from the client's first bytes), line (one JSON message"
                            + " per line) or header (LSP's Content-Length headers) (default:"
                            + " ${DEFAULT-VALUE}).")
    String framing = "auto";

    @Override
    public Integer call() throws Exception {
        CallContext call = CslCommand.call(spec);
        if (threads < 1 || workers < 1) {
            call.err().println("csl serve: --threads and --workers must be positive");
            return ExitCodes.USAGE;
        }
        if (!java.util.List.of("auto", "line", "header").contains(framing)) {
            call.err().println("csl serve: --framing must be auto, line or header");
            return ExitCodes.USAGE;
        }
        // stdout belongs to the protocol. Anything else that prints to System.out while serving
        // (a library, a stray debug line) would corrupt it, so System.out points at stderr and
        // the responses go to the original stream.
        // (JVM-wide: a server runs in a process of its own, never in the resident process.)
        PrintStream protocol = call.out();
        PrintStream own = System.out;
        System.setOut(call.err());
        // Killed by a signal instead of told to stop: still take the workers down with us, after
        // the kept containers are removed (their removal runs the runtime's client, a child).
        Thread reaper =
                new Thread(
                        () -> {
                            WorkerPool.removeAllContainers();
                            ProcessHandle.current()
                                    .descendants()
                                    .forEach(ProcessHandle::destroyForcibly);
                        },
                        "csl-serve-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        try {
            StartupRecovery.run(
                    "csl serve", call.workingDir(), new java.io.PrintWriter(call.err(), true));
            WorkerPool pool = Runners.pooled(Math.max(1, workers));
            JsonRpcServer server =
                    new JsonRpcServer(
                            new CslBackend(pool, pool, ParseJson::toJson),
                            call.workingDir(),
                            threads,
                            new ObjectMapper(),
                            call.err());
            IdleMemory.giveBackWhenIdle();
            return server.framing(framing).serve(call.in(), protocol);
        } finally {
            System.setOut(own);
        }
    }
}
