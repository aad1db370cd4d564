package dev.csl.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.Operation;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.ValidationError;
import dev.csl.grammar.Validator;
import dev.csl.grammar.antlr.AnswerParser;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The document of {@code csl parse --json}, the same bytes as {@code
 * ParseJson.write(ParseJson.toJson(result))}, made on two cores: a second thread serializes each
 * operation as soon as the parser has built it, while the parser reads on. Whether the document
 * holds the AST or the syntax errors is known only at the end, so the AST is kept in memory until
 * then. (A 10 MB answer: the JSON is ready ~50 ms after the parse instead of after it plus ~50 ms.)
 */
final class StreamedParseJson {
    private static final Object END = new Object();

    private StreamedParseJson() {}

    /**
     * Parses {@code text}, writes the document (no line feed) to {@code out}, returns the result.
     */
    static Parsed write(String text, Delimiters delimiters, OutputStream out) throws IOException {
        AstWriter ast = new AstWriter();
        Thread thread = new Thread(ast, "csl-ast-json");
        thread.setDaemon(true);
        thread.start();
        ParseResult result;
        try {
            result = AnswerParser.parse(text, delimiters, ast.queue::add);
        } finally {
            ast.queue.add(END);
        }
        if (!result.ok()) {
            try (JsonGenerator g = ParseJson.ASCII_JSON.createGenerator(out)) {
                g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
                ParseJson.writeSyntaxErrors(result, g);
            }
            return new Parsed(result, List.of());
        }
        List<ValidationError> validationErrors = Validator.validate(result.operations());
        Chunks astJson = ast.await(thread);
        out.write("{\"ok\":true,\"ast\":".getBytes(StandardCharsets.US_ASCII));
        astJson.writeTo(out);
        out.write(",\"validationErrors\":".getBytes(StandardCharsets.US_ASCII));
        try (JsonGenerator g = ParseJson.ASCII_JSON.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            ParseJson.validationErrors(g, validationErrors);
        }
        out.write('}');
        return new Parsed(result, validationErrors);
    }

    /** What was parsed, for the exit code. */
    record Parsed(ParseResult result, List<ValidationError> validationErrors) {}

    /** Serializes the operations handed to it as one JSON array, on its own thread. */
    private static final class AstWriter implements Runnable {
        final BlockingQueue<Object> queue = new LinkedBlockingQueue<>();
        private final Chunks json = new Chunks();
        private volatile Throwable failure;

        @Override
        public void run() {
            try (JsonGenerator g = ParseJson.ASCII_JSON.createGenerator(json)) {
                g.writeStartArray();
                for (Object next = queue.take(); next != END; next = queue.take()) {
                    ParseJson.operation(g, (Operation) next);
                }
                g.writeEndArray();
            } catch (IOException | RuntimeException | InterruptedException e) {
                failure = e;
            }
        }

        Chunks await(Thread thread) throws IOException {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while writing JSON", e);
            }
            if (failure instanceof IOException e) {
                throw e;
            }
            if (failure != null) {
                throw new UncheckedIOException(new IOException("JSON writer failed", failure));
            }
            return json;
        }
    }

    /** An in-memory stream of fixed-size chunks: growing never copies what is already there. */
    private static final class Chunks extends OutputStream {
        private static final int SIZE = 1 << 18;
        private final List<byte[]> full = new java.util.ArrayList<>();
        private byte[] current = new byte[8192];
        private int used;

        @Override
        public void write(int b) {
            if (used == current.length) {
                next();
            }
            current[used++] = (byte) b;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            while (len > 0) {
                if (used == current.length) {
                    next();
                }
                int n = Math.min(len, current.length - used);
                System.arraycopy(b, off, current, used, n);
                used += n;
                off += n;
                len -= n;
            }
        }

        private void next() {
            full.add(current);
            current = new byte[SIZE];
            used = 0;
        }

        void writeTo(OutputStream out) throws IOException {
            for (byte[] chunk : full) {
                out.write(chunk);
            }
            out.write(current, 0, used);
        }
    }
}
