package dev.csl.cli.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.fsguard.ErrorCode;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.OperationResult;
import dev.csl.runner.base.Prompter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Asking the user about unapproved commands in the stateless revision (2026-07-28), where a server
 * sends no requests of its own: a multi round-trip request. Before anything runs, a dry run finds
 * the commands a real apply would ask about; those the call's {@code inputResponses} do not answer
 * yet go back to the client as one {@code input_required} result holding an {@code
 * elicitation/create} for each (the same form as the handshake era's); the client asks the user and
 * calls again with the answers, and the apply then runs, each command decided by its answer.
 *
 * <p>An answer is found by a key made from the command itself, so the retry needs no state of
 * csl's: a key the call did not ask for decides nothing, and an answer never approves another
 * command. The client is as trusted here as with {@code elicitation/create}: it relays the user.
 */
final class InputRequired {
    /** The dry run's refusal of a command a real apply would ask about ends with this. */
    private static final String WOULD_ASK = "(a real apply asks you before running it)";

    private InputRequired() {}

    /**
     * The commands {@code preview} (a dry run that could have asked) found a person must decide.
     */
    static Set<String> commandsToAsk(ApplyReport preview) {
        Set<String> commands = new LinkedHashSet<>();
        collect(preview.results(), commands);
        return commands;
    }

    private static void collect(List<OperationResult> results, Set<String> commands) {
        for (OperationResult result : results) {
            if (result.error() != null
                    && result.error().code() == ErrorCode.COMMAND_NOT_APPROVED
                    && result.error().message().endsWith(WOULD_ASK)
                    && result.error().details().get("command") instanceof String command) {
                commands.add(command);
            }
            if (result.results() != null) {
                collect(result.results(), commands);
            }
        }
    }

    /** The key of the question about {@code command} in inputRequests and inputResponses. */
    static String key(String command) {
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256")
                            .digest(command.getBytes(StandardCharsets.UTF_8));
            return "approve-" + HexFormat.of().formatHex(digest, 0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JVM", e);
        }
    }

    /**
     * The {@code input_required} result asking about each of {@code commands} not answered in
     * {@code responses}, or null when every one is answered.
     */
    static ObjectNode ask(Set<String> commands, JsonNode responses, Path dir, ObjectMapper mapper) {
        ObjectNode result = mapper.createObjectNode();
        result.put("resultType", "input_required");
        ObjectNode requests = result.putObject("inputRequests");
        for (String command : commands) {
            String key = key(command);
            if (!responses.has(key)) {
                ObjectNode request = requests.putObject(key);
                request.put("method", "elicitation/create");
                ObjectNode params = ElicitingPrompter.request(dir, command, mapper);
                params.put("mode", "form");
                request.set("params", params);
            }
        }
        return requests.isEmpty() ? null : result;
    }

    /** Decides each command by the answer in {@code responses}; one not answered is "no". */
    static Prompter answeredBy(JsonNode responses) {
        return command -> ElicitingPrompter.decision(command, responses.get(key(command)));
    }
}
