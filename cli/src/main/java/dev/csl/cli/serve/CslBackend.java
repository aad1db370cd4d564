package dev.csl.cli.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.antlr.AnswerParser;
import dev.csl.interpreter.ApplyOptions;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.Interpreter;
import dev.csl.interpreter.UndoReport;
import dev.csl.interpreter.Undoer;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.external.Diagnostics;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Function;

/** The real csl behind the server: the same code paths as {@code csl parse|apply|undo|doctor}. */
public final class CslBackend implements ServeBackend {
    private final AutoCloseable workers;
    private final Function<ParseResult, ObjectNode> parseJson;
    private final Interpreter interpreter;
    private final Undoer undoer = new Undoer();

    /**
     * @param runners the session factory applies run RUN blocks with (a pool of warm workers)
     * @param workers closed with the backend: stops the pool's workers
     * @param parseJson the {@code csl parse --json} document of a parse result; passed in because
     *     it belongs to the cli package, which imports this one
     */
    public CslBackend(
            RunSessionFactory runners,
            AutoCloseable workers,
            Function<ParseResult, ObjectNode> parseJson) {
        this.workers = workers;
        this.parseJson = parseJson;
        this.interpreter = new Interpreter(runners);
    }

    @Override
    public ObjectNode parse(String answer, Delimiters delimiters) {
        return parseJson.apply(AnswerParser.parse(answer, delimiters));
    }

    @Override
    public ApplyReport apply(String answer, ApplyOptions options) {
        // No prompter: nobody can be asked in a server, so unapproved commands fail with
        // command_not_approved.
        return interpreter.apply(answer, options);
    }

    @Override
    public UndoReport undo(Path workingDir, boolean force) {
        return undoer.undo(workingDir, force);
    }

    @Override
    public UndoReport undo(Path workingDir, Undoer.Request request) {
        return undoer.undo(workingDir, request);
    }

    /** The checks {@code csl doctor} prints. */
    @Override
    public Diagnostics.Report doctor() throws IOException {
        return Diagnostics.document(new Diagnostics().run());
    }

    @Override
    public void close() {
        try {
            workers.close();
        } catch (Exception e) {
            // Stopping is best effort; the sweep below ends whatever is left.
        }
        // Whatever a worker pool left behind must not outlive the server.
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }
}
