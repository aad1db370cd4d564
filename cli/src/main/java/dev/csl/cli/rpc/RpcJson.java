package dev.csl.cli.rpc;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;

/**
 * The size rule {@code csl serve} and {@code csl mcp} share: a message of up to {@link
 * #MAX_MESSAGE_BYTES} is read and parsed whole, whatever it holds (Jackson's default limit of 20
 * million characters per string would otherwise turn a large answer into a parse error).
 */
public final class RpcJson {
    private RpcJson() {}

    /** The largest answer a request may carry, in UTF-8 bytes: 64 MiB. */
    public static final int MAX_ANSWER_BYTES = 64 << 20;

    /**
     * The largest message either server reads (129 MiB); a larger one is skipped and refused
     * (-32600). Room for an answer of {@link #MAX_ANSWER_BYTES} even when every character of it
     * takes a two-byte JSON escape ({@code \n}, {@code \"}), and 1 MiB for the rest.
     */
    public static final int MAX_MESSAGE_BYTES = 2 * MAX_ANSWER_BYTES + (1 << 20);

    /** How much of a refused message is looked at to find its {@code id}. */
    public static final int ID_WINDOW = 64 << 10;

    /** {@code mapper}'s settings, reading with limits that fit every message up to the maximum. */
    public static ObjectMapper widened(ObjectMapper mapper) {
        JsonFactory factory =
                mapper.getFactory()
                        .rebuild()
                        .streamReadConstraints(
                                StreamReadConstraints.builder()
                                        // A string in a message is never longer than the message.
                                        .maxStringLength(MAX_MESSAGE_BYTES)
                                        .maxDocumentLength(MAX_MESSAGE_BYTES)
                                        .build())
                        .build();
        return mapper.copyWith(factory);
    }

    /**
     * The {@code id} of a request that cannot be parsed or read whole, read from its first bytes: a
     * string or integer member of the top-level object met before anything unreadable; null when
     * there is none. Lets the client match the refusal to its request.
     */
    public static JsonNode peekId(byte[] bytes, int length) {
        try (JsonParser parser =
                new JsonFactory().createParser(bytes, 0, Math.min(length, ID_WINDOW))) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                if (name.equals("id")) {
                    return switch (value) {
                        case VALUE_STRING -> JsonNodeFactory.instance.textNode(parser.getText());
                        case VALUE_NUMBER_INT ->
                                parser.getNumberType() == JsonParser.NumberType.INT
                                        ? JsonNodeFactory.instance.numberNode(parser.getIntValue())
                                        : JsonNodeFactory.instance.numberNode(
                                                parser.getBigIntegerValue());
                        default -> null;
                    };
                }
                parser.skipChildren();
            }
            return null;
        } catch (IOException | RuntimeException e) {
            return null; // unreadable before the id: the refusal goes out with id null
        }
    }
}
