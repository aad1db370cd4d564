package dev.csl.interpreter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The last dry run's plan of each project, kept in the user's state ({@code plans/}), so that a
 * {@code plan_changed} refusal can name the files that changed since the dry run instead of saying
 * only that something did. A plan hash is one digest; what went into it is remembered here. Only a
 * hint: a missing or foreign record makes the refusal say less, never decides anything.
 */
final class PlanMemory {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** One dry run's plan: its hash, the answer's digest and each read file's digest. */
    record Plan(String hash, String answer, Map<String, String> reads) {
        Plan {
            reads = Map.copyOf(reads);
        }
    }

    private final UserState state;

    PlanMemory(UserState state) {
        this.state = state;
    }

    private static String recordPath(Path root) {
        return "plans/" + UserState.keyOf(root.toString()) + ".json";
    }

    /** Remembers the plan of a dry run in {@code root}; a failure to write is ignored. */
    void remember(Path root, String hash, String answer, Map<String, String> reads) {
        try {
            ObjectNode node = MAPPER.createObjectNode();
            node.put("project", root.toString());
            node.put("hash", hash);
            node.put("answer", digest(answer));
            ObjectNode files = node.putObject("reads");
            new TreeMap<>(reads).forEach(files::put);
            state.write(recordPath(root), MAPPER.writeValueAsBytes(node));
        } catch (IOException | RuntimeException e) {
            // The memory only makes a later refusal more precise.
        }
    }

    /** The remembered plan of {@code root} when its hash is {@code hash}, else null. */
    Plan recall(Path root, String hash) {
        try {
            byte[] bytes = state.readIfExists(recordPath(root));
            if (bytes == null) {
                return null;
            }
            JsonNode node = MAPPER.readTree(bytes);
            if (!root.toString().equals(node.path("project").asText())
                    || !hash.equals(node.path("hash").asText())) {
                return null;
            }
            Map<String, String> reads = new TreeMap<>();
            node.path("reads")
                    .fields()
                    .forEachRemaining(e -> reads.put(e.getKey(), e.getValue().asText()));
            return new Plan(hash, node.path("answer").asText(), reads);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * The files whose content differs between {@code before} and {@code now} (read by either),
     * sorted; empty when only the answer differs.
     */
    static List<String> changedFiles(Plan before, Plan now) {
        TreeMap<String, String> all = new TreeMap<>(before.reads());
        now.reads().forEach(all::putIfAbsent);
        List<String> changed = new ArrayList<>();
        for (String path : all.keySet()) {
            if (!String.valueOf(before.reads().get(path))
                    .equals(String.valueOf(now.reads().get(path)))) {
                changed.add(path);
            }
        }
        return changed;
    }

    static String digest(String answer) {
        return UserState.sha256(answer.getBytes(StandardCharsets.UTF_8));
    }
}
