package dev.csl.interpreter;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Writes a JSON tree with a bare generator. {@code JsonNode.toString()} or an {@link ObjectMapper}
 * would do the same, but building a mapper costs ~25 ms of a cold start (databind, time zones,
 * calendar and locale data), and every plain apply and parse writes JSON.
 */
public final class JsonTrees {
    private JsonTrees() {}

    /** Compact JSON text of {@code node}, written by a generator of {@code factory}. */
    public static String write(JsonFactory factory, JsonNode node) {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = factory.createGenerator(out)) {
            write(generator, node);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
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
