package dev.csl.cli.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.grammar.Delimiters;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.UndoReport;
import dev.csl.runner.external.Diagnostics;
import java.nio.file.Path;

/**
 * What the server's methods do, kept behind an interface so that the JSON-RPC plumbing (framing,
 * errors, ordering, concurrency) is tested on its own and the real csl is wired in one class. Every
 * result is the type whose JSON the CLI prints with {@code --json}, and Jackson serializes it into
 * exactly that document. Implementations must be safe to call from several threads at once (never
 * twice at once for the same working directory).
 */
public interface ServeBackend extends AutoCloseable {

    /** {@code csl parse --json}. */
    ObjectNode parse(String answer, Delimiters delimiters) throws Exception;

    /** {@code csl apply --json}, with options checked as the command line's are. */
    ApplyReport apply(String answer, ApplyOptions options) throws Exception;

    /** {@code csl undo --json}. */
    UndoReport undo(Path workingDir, boolean force) throws Exception;

    /** {@code csl undo [ID] [--force] [--dry-run] --json}. */
    default UndoReport undo(Path workingDir, dev.csl.interpreter.Undoer.Request request)
            throws Exception {
        return undo(workingDir, request.force());
    }

    /** {@code csl doctor --json}. */
    Diagnostics.Report doctor() throws Exception;

    /** Stops warm workers and any child process still running. */
    @Override
    void close();
}
