package dev.csl.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Operation;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.SyntaxError;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.ValidationError;
import dev.csl.grammar.Validator;
import dev.csl.grammar.Write;
import dev.csl.interpreter.JsonTrees;
import java.util.List;
import java.util.Map;

/**
 * The {@code csl parse --json} document of docs/json.md, shared by {@code csl parse} and the
 * JSON-RPC {@code parse} method of {@code csl serve}. Field order is the spec's; {@code to} only
 * when the SEARCH has a TO section, {@code field} only for attribute-value errors, {@code
 * parentTaskLine} only inside TASKS.
 */
public final class ParseJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** Immutable once built and thread-safe: serve writes many documents at once. */
    static final JsonFactory ASCII_JSON =
            JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    private ParseJson() {}

    /** The document for {@code result}, validating the operations when the parse succeeded. */
    public static ObjectNode toJson(ParseResult result) {
        return toJson(result, result.ok() ? Validator.validate(result.operations()) : List.of());
    }

    /** The document for {@code result} and the validation errors already computed for it. */
    public static ObjectNode toJson(ParseResult result, List<ValidationError> validationErrors) {
        ObjectNode document = NODES.objectNode();
        document.put("ok", result.ok());
        if (!result.ok()) {
            ArrayNode errors = document.putArray("syntaxErrors");
            for (SyntaxError error : result.syntaxErrors()) {
                errors.add(syntaxError(error));
            }
            return document;
        }
        ArrayNode ast = document.putArray("ast");
        for (Operation operation : result.operations()) {
            ast.add(operation(operation));
        }
        ArrayNode errors = document.putArray("validationErrors");
        for (ValidationError error : validationErrors) {
            errors.add(validationError(error));
        }
        return document;
    }

    /** One AST node: type, line, attributes, then the operation's own fields. */
    public static ObjectNode operation(Operation operation) {
        ObjectNode node = NODES.objectNode();
        node.put("type", operation.type());
        node.put("line", operation.line());
        ObjectNode attributes = node.putObject("attributes");
        for (Map.Entry<String, String> attribute : operation.attributes().asMap().entrySet()) {
            attributes.put(attribute.getKey(), attribute.getValue());
        }
        if (operation instanceof Write write) {
            node.put("content", write.content());
        } else if (operation instanceof Run run) {
            node.put("content", run.content());
        } else if (operation instanceof Search search) {
            node.put("pattern", search.pattern());
            if (search.hasTo()) {
                node.put("to", search.to());
            }
            node.put("replacement", search.replacement());
        } else if (operation instanceof Tasks tasks) {
            ArrayNode children = node.putArray("operations");
            for (Operation child : tasks.operations()) {
                children.add(operation(child));
            }
        }
        return node;
    }

    public static ObjectNode validationError(ValidationError error) {
        ObjectNode node = NODES.objectNode();
        node.put("line", error.line());
        node.put("operation", error.operation());
        node.put("error", error.error());
        if (error.field() != null) {
            node.put("field", error.field());
        }
        if (error.parentTaskLine() != null) {
            node.put("parentTaskLine", error.parentTaskLine());
        }
        return node;
    }

    /** The syntax-error document: {@code {"ok":false,"syntaxErrors":[...]}}. */
    static void writeSyntaxErrors(ParseResult result, JsonGenerator g) throws java.io.IOException {
        g.writeStartObject();
        g.writeBooleanField("ok", false);
        g.writeArrayFieldStart("syntaxErrors");
        for (SyntaxError error : result.syntaxErrors()) {
            writeSyntaxError(g, error);
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    /**
     * One syntax error in the shape of every other error: {@code code} ({@code syntax_error}),
     * {@code message} and {@code hint}, beside the {@code line} and {@code error} text that
     * docs/json.md has always promised (the same text as {@code message}).
     */
    static ObjectNode syntaxError(SyntaxError error) {
        return NODES.objectNode()
                .put("line", error.line())
                .put("code", ErrorCode.SYNTAX_ERROR.wireName())
                .put("message", error.error())
                .put("error", error.error())
                .put("hint", error.hint());
    }

    /** {@link #syntaxError} written to {@code g}. */
    static void writeSyntaxError(JsonGenerator g, SyntaxError error) throws java.io.IOException {
        g.writeStartObject();
        g.writeNumberField("line", error.line());
        g.writeStringField("code", ErrorCode.SYNTAX_ERROR.wireName());
        g.writeStringField("message", error.error());
        g.writeStringField("error", error.error());
        g.writeStringField("hint", error.hint());
        g.writeEndObject();
    }

    static void validationErrors(JsonGenerator g, List<ValidationError> validationErrors)
            throws java.io.IOException {
        g.writeStartArray();
        for (ValidationError error : validationErrors) {
            g.writeStartObject();
            g.writeNumberField("line", error.line());
            g.writeStringField("operation", error.operation());
            g.writeStringField("error", error.error());
            if (error.field() != null) {
                g.writeStringField("field", error.field());
            }
            if (error.parentTaskLine() != null) {
                g.writeNumberField("parentTaskLine", error.parentTaskLine());
            }
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    static void operation(JsonGenerator g, Operation operation) throws java.io.IOException {
        g.writeStartObject();
        g.writeStringField("type", operation.type());
        g.writeNumberField("line", operation.line());
        g.writeObjectFieldStart("attributes");
        for (Map.Entry<String, String> attribute : operation.attributes().asMap().entrySet()) {
            g.writeStringField(attribute.getKey(), attribute.getValue());
        }
        g.writeEndObject();
        if (operation instanceof Write write) {
            g.writeStringField("content", write.content());
        } else if (operation instanceof Run run) {
            g.writeStringField("content", run.content());
        } else if (operation instanceof Search search) {
            g.writeStringField("pattern", search.pattern());
            if (search.hasTo()) {
                g.writeStringField("to", search.to());
            }
            g.writeStringField("replacement", search.replacement());
        } else if (operation instanceof Tasks tasks) {
            g.writeArrayFieldStart("operations");
            for (Operation child : tasks.operations()) {
                operation(g, child);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    /**
     * Compact, ASCII-only JSON text (non-ASCII as \\u escapes, so no terminal or locale charset can
     * garble it). Written with a bare generator: no ObjectMapper start-up cost on the CLI.
     */
    public static String write(JsonNode node) {
        return JsonTrees.write(ASCII_JSON, node);
    }
}
