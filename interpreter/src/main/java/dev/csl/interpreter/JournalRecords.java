package dev.csl.interpreter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.fsguard.StateDirectory;
import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which journals in a project's {@code .csl/history/} this user's csl wrote, kept in the user's own
 * state: a journal feeds {@code csl undo} and the recovery after a killed apply, both of which put
 * files down, so one shipped in a repository or planted by anyone else must never count. An entry
 * is recorded as open before its apply changes anything and, at its end, with the SHA-256 of every
 * file it holds; only a journal whose files still hash so is csl's own.
 */
final class JournalRecords {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final UserState user;
    private final String project;

    private JournalRecords(UserState user, String project) {
        this.user = user;
        this.project = project;
    }

    /** The records of the project whose real path is {@code realRoot}. */
    static JournalRecords of(Path realRoot) {
        return new JournalRecords(UserState.current(), realRoot.toString());
    }

    private String file() {
        return "journals/" + UserState.keyOf(project) + ".json";
    }

    /** Recorded before the apply {@code id} changes anything: a kill leaves a journal of ours. */
    void opened(String id) throws IOException {
        ObjectNode entries = read();
        entries.putObject(id).put("open", true);
        write(entries);
    }

    /** Recorded at the end of apply {@code id}: the hash of each file its journal holds now. */
    void committed(StateDirectory state, String id) throws IOException {
        ObjectNode entries = read();
        java.util.Set<String> present = new java.util.HashSet<>(History.entryNames(state));
        entries.retain(
                java.util.stream.StreamSupport.stream(
                                java.util.Spliterators.spliteratorUnknownSize(
                                        entries.fieldNames(), 0),
                                false)
                        .filter(present::contains)
                        .toList()); // records of entries pruned from the history go with them
        ObjectNode files = entries.putObject(id).putObject("files");
        hashes(state, id).forEach(files::put);
        write(entries);
    }

    /** Apply {@code id} left no journal (it changed nothing). */
    void forget(String id) throws IOException {
        ObjectNode entries = read();
        if (entries.remove(id) != null) {
            write(entries);
        }
    }

    /** Whether {@code id} is an apply of ours that never finished (a kill). */
    boolean isOpen(String id) throws IOException {
        return read().path(id).path("open").asBoolean(false);
    }

    /**
     * Why the finished journal {@code id} is not csl's own (no record of it, or its files changed
     * since csl wrote them), or null when it is.
     */
    String whyNotOurs(StateDirectory state, String id) throws IOException {
        JsonNode files = read().path(id).path("files");
        if (!files.isObject()) {
            return "csl has no record of writing it";
        }
        Map<String, String> now = hashes(state, id);
        Map<String, String> recorded = new TreeMap<>();
        files.fields().forEachRemaining(e -> recorded.put(e.getKey(), e.getValue().asText()));
        return now.equals(recorded) ? null : "its files changed after csl wrote them";
    }

    /** Each file of the entry (not the undo marker) by its path in the entry, with its SHA-256. */
    private static Map<String, String> hashes(StateDirectory state, String id) throws IOException {
        String dir = History.entryDir(id);
        Map<String, String> hashes = new TreeMap<>();
        for (String name : state.list(dir)) {
            if (name.equals(Journal.UNDONE) || name.equals("blobs")) {
                continue;
            }
            hashes.put(name, UserState.sha256(state.read(dir + "/" + name)));
        }
        for (String blob : state.list(dir + "/blobs")) {
            hashes.put("blobs/" + blob, UserState.sha256(state.read(dir + "/blobs/" + blob)));
        }
        return hashes;
    }

    private ObjectNode read() throws IOException {
        byte[] bytes = user.readIfExists(file());
        if (bytes != null) {
            try {
                JsonNode root = JSON.readTree(bytes);
                if (root != null
                        && project.equals(root.path("project").asText(null))
                        && root.path("journals").isObject()) {
                    return (ObjectNode) root.get("journals");
                }
            } catch (IOException damaged) {
                // a damaged record vouches for nothing
            }
        }
        return JSON.createObjectNode();
    }

    private void write(ObjectNode entries) throws IOException {
        ObjectNode root = JSON.createObjectNode();
        root.put("project", project);
        root.set("journals", entries);
        user.write(file(), (JSON.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
