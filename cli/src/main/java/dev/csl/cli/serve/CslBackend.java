package dev.csl.cli.serve;

import dev.csl.cli.ParseJson;
import dev.csl.grammar.AnswerParser;
import dev.csl.grammar.Delimiters;
import java.nio.file.Path;

/** The real csl behind the server: the same code paths as {@code csl parse|apply|undo|doctor}. */
public final class CslBackend implements ServeBackend {
    private final int workers;

    /**
     * @param workers how many warm worker JVMs to keep for RUN blocks
     */
    public CslBackend(int workers) {
        this.workers = workers;
    }

    @Override
    public Object parse(String answer, Delimiters delimiters) {
        return ParseJson.toJson(AnswerParser.parse(answer, delimiters));
    }

    @Override
    public Object apply(ApplyCall call) {
        throw new UnsupportedOperationException("apply is not available yet");
    }

    @Override
    public Object undo(Path workingDir, boolean force) {
        throw new UnsupportedOperationException("undo is not available yet");
    }

    @Override
    public Object doctor() {
        throw new UnsupportedOperationException("doctor is not available yet");
    }

    @Override
    public void close() {
        // Whatever a worker pool left behind must not outlive the server.
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    int workers() {
        return workers;
    }
}
