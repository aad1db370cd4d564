package dev.csl.runner;

import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.Invocation;
import java.util.List;

/** One checked command line of a RUN block, ready to run. */
sealed interface Step {
    /** The block line the command starts on (1-based). */
    int line();

    /** The command as written. */
    String text();

    /** A built-in, run in the worker JVM. */
    record Builtin(int line, String text, CommandSpec spec, Invocation invocation)
            implements Step {}

    /**
     * Anything run as a real program: read-only git (no approval needed) or an approved command.
     */
    record External(int line, String text, List<String> argv, boolean git) implements Step {
        public External {
            argv = List.copyOf(argv);
        }
    }
}
