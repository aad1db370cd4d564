package dev.csl.interpreter;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.fsguard.UserState;
import java.io.ByteArrayOutputStream;
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
    /**
     * Written with jackson-core's generator: every dry run remembers its plan, and a databind
     * mapper or any JSON parser would cost a cold dry run its set-up (docs/coldstart.md). Read back
     * with a mapper only when a plan changed.
     */
    private static final JsonFactory JSON = new JsonFactory();

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
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            try (JsonGenerator g = JSON.createGenerator(out)) {
                g.writeStartObject();
                g.writeStringField("project", root.toString());
                g.writeStringField("hash", hash);
                g.writeStringField("answer", digest(answer));
                g.writeObjectFieldStart("reads");
                for (Map.Entry<String, String> read : new TreeMap<>(reads).entrySet()) {
                    g.writeStringField(read.getKey(), read.getValue());
                }
                g.writeEndObject();
                g.writeEndObject();
            }
            state.write(recordPath(root), out.toByteArray());
        } catch (IOException | RuntimeException e) {
            // The memory only makes a later refusal more precise.
        }
    }

    /** What is remembered of {@code root} as written, unread (null when nothing is). */
    byte[] saved(Path root) {
        try {
            return state.readIfExists(recordPath(root));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The remembered plan of {@code root} when its hash is {@code hash}, else null. */
    Plan recall(Path root, String hash) {
        return parse(saved(root), root, hash);
    }

    /**
     * The plan in {@code bytes} (as {@link #saved}) when it is of {@code root} and {@code hash}.
     */
    static Plan parse(byte[] bytes, Path root, String hash) {
        if (bytes == null) {
            return null;
        }
        try {
            JsonNode node = new ObjectMapper().readTree(bytes);
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
