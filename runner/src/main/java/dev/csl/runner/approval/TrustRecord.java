package dev.csl.runner.approval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What this user granted one project through csl, as kept in the user's own state: the content hash
 * of the commands.json the user trusted as a whole ({@code csl trust}, or a file csl itself saved
 * while it was trusted), and the single entries the user approved ({@code csl allow}, the prompt's
 * "always"), which count even in a file that is not trusted as a whole.
 *
 * @param project the project's real path (the record's key)
 * @param trustedHash SHA-256 of the commands.json trusted as a whole, or null
 * @param allowed entries the user approved one by one
 * @param network entries the user approved with network one by one
 * @param toldHash the hash of the untrusted file the user was last told about, or null
 */
public record TrustRecord(
        String project,
        String trustedHash,
        List<String> allowed,
        List<String> network,
        String toldHash) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    public TrustRecord {
        allowed = List.copyOf(allowed);
        network = List.copyOf(network);
    }

    static TrustRecord none(String project) {
        return new TrustRecord(project, null, List.of(), List.of(), null);
    }

    /** Whether the commands.json whose content hash is {@code hash} was trusted as a whole. */
    public boolean trusts(String hash) {
        return hash != null && hash.equals(trustedHash);
    }

    TrustRecord withTrusted(String hash) {
        return new TrustRecord(project, hash, allowed, network, toldHash);
    }

    TrustRecord withTold(String hash) {
        return new TrustRecord(project, trustedHash, allowed, network, hash);
    }

    /**
     * This record after the user changed the file through csl from {@code before} to {@code after}:
     * entries the change added are granted one by one, entries no longer in the file are forgotten
     * (a later file that brings them back is not approved by the old grant).
     */
    TrustRecord afterChange(CommandsFile before, CommandsFile after) {
        return new TrustRecord(
                project,
                trustedHash,
                granted(allowed, before.allowed(), after.allowed()),
                granted(network, before.network(), after.network()),
                toldHash);
    }

    private static List<String> granted(List<String> had, List<String> before, List<String> after) {
        LinkedHashSet<String> result = new LinkedHashSet<>(had);
        for (String entry : after) {
            if (!before.contains(entry)) {
                result.add(entry);
            }
        }
        result.retainAll(after);
        return new ArrayList<>(result);
    }

    byte[] toJson() throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("project", project);
        if (trustedHash != null) {
            root.put("trustedCommandsJson", trustedHash);
        }
        allowed.forEach(root.putArray("allowed")::add);
        network.forEach(root.putArray("network")::add);
        if (toldHash != null) {
            root.put("toldAbout", toldHash);
        }
        return (MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** The record in {@code bytes}, or none when it is not one of csl's (or names another path). */
    static TrustRecord fromJson(String project, byte[] bytes) {
        try {
            JsonNode root = MAPPER.readTree(bytes);
            if (root == null || !root.isObject() || !project.equals(text(root, "project"))) {
                return none(project);
            }
            return new TrustRecord(
                    project,
                    text(root, "trustedCommandsJson"),
                    strings(root.get("allowed")),
                    strings(root.get("network")),
                    text(root, "toldAbout"));
        } catch (IOException e) {
            return none(project);
        }
    }

    private static String text(JsonNode root, String field) {
        JsonNode value = root.get(field);
        return value != null && value.isTextual() ? value.asText() : null;
    }

    private static List<String> strings(JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node != null && node.isArray()) {
            node.forEach(
                    value -> {
                        if (value.isTextual()) {
                            values.add(value.asText());
                        }
                    });
        }
        return values;
    }
}
