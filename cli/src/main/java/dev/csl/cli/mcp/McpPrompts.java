package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The one prompt csl offers: {@code instructions}, the text of {@code csl prompt}. */
final class McpPrompts {
    static final String NAME = "instructions";

    private McpPrompts() {}

    static ObjectNode list(ObjectMapper mapper) {
        ObjectNode result = mapper.createObjectNode();
        ObjectNode prompt = result.putArray("prompts").addObject();
        prompt.put("name", NAME);
        prompt.put("title", "How to write CSL");
        prompt.put(
                "description",
                "The rules of CSL (WRITE, SEARCH/REPLACE, RUN, TASKS) for a model that changes"
                        + " files through csl: the same text as `csl prompt`.");
        return result;
    }

    static ObjectNode get(ObjectMapper mapper, String text) {
        ObjectNode result = mapper.createObjectNode();
        result.put("description", "The rules of CSL, as `csl prompt` prints them.");
        ObjectNode message = result.putArray("messages").addObject();
        message.put("role", "user");
        ObjectNode content = message.putObject("content");
        content.put("type", "text");
        content.put("text", text);
        return result;
    }
}
