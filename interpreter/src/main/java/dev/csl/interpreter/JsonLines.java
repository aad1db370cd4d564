package dev.csl.interpreter;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

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
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            write(generator, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    /** A mapper for reading journal files; thread-safe, created on first use. */
    static ObjectMapper reader() {
        return Reader.MAPPER;
    }

    private static final class Reader {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    private static void write(JsonGenerator generator, JsonNode node) throws IOException {
        if (node.isObject()) {
            generator.writeStartObject();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                generator.writeFieldName(field.getKey());
                write(generator, field.getValue());
            }
            generator.writeEndObject();
        } else if (node.isArray()) {
            generator.writeStartArray();
            for (JsonNode element : node) {
                write(generator, element);
            }
            generator.writeEndArray();
        } else if (node.isTextual()) {
            generator.writeString(node.textValue());
        } else if (node.isBoolean()) {
            generator.writeBoolean(node.booleanValue());
        } else if (node.isIntegralNumber()) {
            generator.writeNumber(node.bigIntegerValue());
        } else if (node.isNumber()) {
            generator.writeNumber(node.decimalValue());
        } else if (node.isNull() || node.isMissingNode()) {
            generator.writeNull();
        } else if (node.isBinary()) {
            generator.writeBinary(node.binaryValue());
        } else {
            generator.writeString(node.asText());
        }
    }
}
