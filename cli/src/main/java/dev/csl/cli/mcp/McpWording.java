package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.cli.options.ApplyOption;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Messages and hints in MCP's words. The layers below write for the command line ({@code
 * --expect-plan}, {@code csl undo --force}); a model calling the tools must read the tool arguments
 * instead ({@code expectPlan}, the tool {@code undo} with {@code force: true}). The names come from
 * {@link ApplyOption}, which declares both spellings of each option.
 */
public final class McpWording {
    private McpWording() {}

    /** The apply options that are tool arguments. */
    private static final List<ApplyOption> ARGUMENTS =
            List.of(
                    ApplyOption.DRY_RUN,
                    ApplyOption.EXPECT_PLAN,
                    ApplyOption.STRICT,
                    ApplyOption.FUZZY,
                    ApplyOption.ATOMIC);

    private static final Map<String, String> PHRASES =
            Map.of(
                    "csl undo --force", "the tool undo with force: true",
                    "(--full-diff shows them; --json keeps them all)",
                            "(structuredContent keeps them all)",
                    "--fuzzy=whitespace", "fuzzy: \"whitespace\"");

    private static final Pattern FLAG = Pattern.compile("--[a-z][a-z-]*(?![a-z-])");

    /** The text with the command line's spellings of tool arguments replaced by theirs. */
    public static String speak(String text) {
        if (text == null || !text.contains("--")) {
            return text;
        }
        String out = text;
        for (Map.Entry<String, String> phrase : PHRASES.entrySet()) {
            out = out.replace(phrase.getKey(), phrase.getValue());
        }
        Matcher m = FLAG.matcher(out);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(sb, Matcher.quoteReplacement(argument(m.group())));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static String argument(String flag) {
        for (ApplyOption option : ARGUMENTS) {
            for (String name : option.names()) {
                if (name.equals(flag)) {
                    return option.json();
                }
            }
        }
        return flag;
    }

    /**
     * Every {@code message}, {@code hint} and {@code note} of a result document, in MCP's words.
     */
    static void speakIn(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.fields()
                    .forEachRemaining(
                            field -> {
                                String key = field.getKey();
                                JsonNode value = field.getValue();
                                if (value.isTextual()
                                        && (key.equals("message")
                                                || key.equals("hint")
                                                || key.equals("note"))) {
                                    field.setValue(object.textNode(speak(value.asText())));
                                } else {
                                    speakIn(value);
                                }
                            });
        } else if (node != null && node.isArray()) {
            node.forEach(McpWording::speakIn);
        }
    }
}
