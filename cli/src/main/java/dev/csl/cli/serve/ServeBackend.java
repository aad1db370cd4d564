package dev.csl.cli.serve;

import dev.csl.grammar.Delimiters;
import dev.csl.interpreter.ApplyOptions;
import java.nio.file.Path;

/**
 * What the server's methods do, kept behind an interface so that the JSON-RPC plumbing (framing,
 * errors, ordering, concurrency) is tested on its own and the real csl is wired in one class. Every
 * result is a value Jackson serializes into exactly the document the CLI prints with {@code
 * --json}. Implementations must be safe to call from several threads at once (never twice at once
 * for the same working directory).
 */
public interface ServeBackend extends AutoCloseable {

    /** {@code csl parse --json}. */
    Object parse(String answer, Delimiters delimiters) throws Exception;

    /** {@code csl apply --json}, with options checked as the command line's are. */
    Object apply(String answer, ApplyOptions options) throws Exception;

    /** {@code csl undo --json}. */
    Object undo(Path workingDir, boolean force) throws Exception;

    /** {@code csl doctor --json}. */
    Object doctor() throws Exception;

    /** Stops warm workers and any child process still running. */
    @Override
    void close();
}
