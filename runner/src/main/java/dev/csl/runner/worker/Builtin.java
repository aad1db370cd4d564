package dev.csl.runner.worker;

import java.io.IOException;

/** One built-in command, run inside the worker over the guarded file operations. */
interface Builtin {
    /** Runs the command and returns its GNU-style exit status. */
    int run(Invocation inv, Context ctx) throws IOException;
}
