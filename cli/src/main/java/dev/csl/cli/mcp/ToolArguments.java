package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks a tool call's arguments against the tool's own {@code inputSchema}, the one declaration of
 * what the tool takes: an argument the tool does not know is refused, never ignored (a misspelt
 * {@code dryrun} would otherwise apply for real), and so is a value of the wrong type.
 */
final class ToolArguments {
    private ToolArguments() {}

    /** Why the arguments are refused, or null when they fit the schema. */
    static String problem(String tool, JsonNode schema, JsonNode args) {
        JsonNode properties = schema.path("properties");
        List<String> known = new ArrayList<>();
        properties.fieldNames().forEachRemaining(known::add);
        if (args.isMissingNode() || args.isNull()) {
            return missing(tool, schema, known, null);
        }
        if (!args.isObject()) {
            return "The arguments of '" + tool + "' must be an object, not " + args + ".";
        }
        List<String> unknown = new ArrayList<>();
        args.fieldNames()
                .forEachRemaining(
                        n -> {
                            if (!properties.has(n)) {
                                unknown.add(n);
                            }
                        });
        if (!unknown.isEmpty()) {
            return "The tool '"
                    + tool
                    + "' has no argument"
                    + (unknown.size() == 1 ? " " : "s ")
                    + quoted(unknown)
                    + ", so nothing was done. Its arguments are "
                    + quoted(known)
                    + ".";
        }
        for (Map.Entry<String, JsonNode> field :
                (Iterable<Map.Entry<String, JsonNode>>) args::fields) {
            String wrong =
                    wrongType(field.getKey(), properties.get(field.getKey()), field.getValue());
            if (wrong != null) {
                return "The argument '"
                        + field.getKey()
                        + "' of '"
                        + tool
                        + "' "
                        + wrong
                        + "; nothing was done.";
            }
        }
        return missing(tool, schema, known, args);
    }

    private static String missing(String tool, JsonNode schema, List<String> known, JsonNode args) {
        for (JsonNode required : schema.path("required")) {
            if (args == null || !args.has(required.asText())) {
                return "The tool '"
                        + tool
                        + "' needs the argument '"
                        + required.asText()
                        + "'; nothing was done. Its arguments are "
                        + quoted(known)
                        + ".";
            }
        }
        return null;
    }

    /** How the value misses the property's type, or null when it fits. */
    private static String wrongType(String name, JsonNode property, JsonNode value) {
        if (value.isNull()) {
            return null; // the same as leaving it out
        }
        String type = property.path("type").asText();
        boolean fits =
                switch (type) {
                    case "string" -> value.isTextual();
                    case "boolean" -> value.isBoolean();
                    case "array" -> value.isArray() && allStrings(value);
                    default -> true;
                };
        if (!fits) {
            return "must be "
                    + (type.equals("array") ? "an array of strings" : "a " + type)
                    + ", not "
                    + value;
        }
        JsonNode allowed = property.get("enum");
        if (allowed != null) {
            for (JsonNode one : allowed) {
                if (one.equals(value)) {
                    return null;
                }
            }
            return "must be one of " + allowed + ", not " + value;
        }
        return null;
    }

    private static boolean allStrings(JsonNode array) {
        for (JsonNode item : array) {
            if (!item.isTextual()) {
                return false;
            }
        }
        return true;
    }

    private static String quoted(List<String> names) {
        return String.join(", ", names.stream().map(n -> "'" + n + "'").toList());
    }
}
