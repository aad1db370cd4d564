package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.cli.terminal.TerminalText;
import dev.csl.runner.base.Prompter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;

/**
 * Asks the user about an unapproved command through the client ({@code elicitation/create}), with
 * the terminal prompt's four answers. Declining, cancelling or no answer at all is "no". As on the
 * terminal, the command is shown escaped, and one holding a control character is not offered
 * "always".
 */
final class ElicitingPrompter implements Prompter {
    private final Path dir;
    private final Function<ObjectNode, JsonNode> elicit;
    private final ObjectMapper mapper;

    ElicitingPrompter(Path dir, Function<ObjectNode, JsonNode> elicit, ObjectMapper mapper) {
        this.dir = dir;
        this.elicit = elicit;
        this.mapper = mapper;
    }

    @Override
    public Answer ask(String raw) {
        return decision(raw, elicit.apply(request(dir, raw, mapper)));
    }

    /** The params of {@code elicitation/create} that ask about {@code raw}. */
    static ObjectNode request(Path dir, String raw, ObjectMapper mapper) {
        String command = TerminalText.line(raw);
        boolean hidden = TerminalText.hasControl(raw);
        ObjectNode params = mapper.createObjectNode();
        params.put(
                "message",
                "csl was asked to run '"
                        + command
                        + "' in "
                        + dir
                        + ", a command that is not approved there. Allow it?");
        ObjectNode schema = params.putObject("requestedSchema");
        schema.put("type", "object");
        ObjectNode decision = schema.putObject("properties").putObject("decision");
        decision.put("type", "string");
        decision.put("title", "Allow '" + command + "'?");
        decision.put(
                "description",
                hidden
                        ? "yes: this time; no: not now; never: block it here (it holds control"
                                + " characters: it cannot be allowed always)"
                        : "yes: this time; no: not now; always: remember it for this directory;"
                                + " never: block it here");
        var choices = decision.putArray("enum").add("yes").add("no");
        if (!hidden) {
            choices.add("always");
        }
        choices.add("never");
        schema.putArray("required").add("decision");
        return params;
    }

    /**
     * The user's answer about {@code raw} in the client's elicitation result; declining, cancelling
     * or no result at all is "no".
     */
    static Answer decision(String raw, JsonNode result) {
        boolean hidden = TerminalText.hasControl(raw);
        if (result == null || !"accept".equals(result.path("action").asText())) {
            return Answer.NO;
        }
        return switch (result.path("content").path("decision").asText().toLowerCase(Locale.ROOT)) {
            case "yes" -> Answer.YES;
            case "always" -> hidden ? Answer.NO : Answer.ALWAYS;
            case "never" -> Answer.NEVER;
            default -> Answer.NO;
        };
    }
}
