package dev.csl.interpreter;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The small JSON documents of the journal and the audit log. They are written with a bare
 * generator: an {@link ObjectMapper} costs ~25 ms of a cold start (databind, time zones, calendar
 * and locale data) and every real apply writes these lines. Reading (recovery, undo) is rare and
 * gets a mapper, created on first use.
 */
final class JsonLines {
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonLines() {}

    static ObjectNode object() {
        return JsonNodeFactory.instance.objectNode();
    }

    /** Compact JSON text of {@code node} (objects, arrays, strings, numbers, booleans, null). */
    static String write(JsonNode node) {
        return JsonTrees.write(FACTORY, node);
    }

    /** A mapper for reading journal files; thread-safe, created on first use. */
    static ObjectMapper reader() {
        return Reader.MAPPER;
    }

    private static final class Reader {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }
}
