package dev.csl.interpreter;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The small JSON documents of the journal and the audit log. They are written with a bare
 * generator: an {@link ObjectMapper} costs ~25 ms of a cold start (databind, time zones, calendar
 * and locale data) and every real apply writes these lines. Reading (recovery, undo) is rare and
 * gets a mapper, created on first use.
 */
final class JsonLines {
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonLines() {}

    /** The fields of one JSON object, written straight to a generator. */
    interface Fields {
        void write(JsonGenerator g) throws IOException;
    }

    /**
     * One JSON object on one line, streamed with jackson-core: no tree of nodes, so an apply never
     * loads databind to write its journal and audit lines (~3 ms of a cold start).
     */
    static String object(Fields fields) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.writeStartObject();
            fields.write(g);
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    static ObjectMapper reader() {
        return Reader.MAPPER;
    }

    private static final class Reader {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }
}
