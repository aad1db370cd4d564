package dev.csl.interpreter;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one apply changed, under {@code .csl/history/NNNNNN/}: before any path changes for the first
 * time, its prior state goes to {@code journal.jsonl} (content in {@code blobs/}) and is forced to
 * disk, so a kill at any moment leaves a journal that covers every change made. At the end {@code
 * commit.json} records each path's state after the apply, which {@code csl undo} compares with the
 * present to find files changed since.
 */
final class Journal {
    /** Below {@code .csl}: the history entries. */
    static final String HISTORY_IN_STATE = "history";

    /** As seen from the working directory (messages, tests). */
    static final String HISTORY = ".csl/" + HISTORY_IN_STATE;

    static final String ENTRIES = "journal.jsonl";
    static final String COMMIT = "commit.json";
    static final String UNDONE = "undone.json";

    private final GuardedFiles files;
    private final StateDirectory state;
    private final JournalRecords records;
    private final Set<ProjectPath> recorded = new HashSet<>();
    private final List<ProjectPath> order = new ArrayList<>();

    /** Each recorded path's fingerprint before the apply, to tell at the end whether it changed. */
    private final Map<String, String> before = new java.util.HashMap<>();

    private String dir;
    private int blobs;

    /**
     * @param files the project's guard: prior states are read through it, never by raw path
     * @param state {@code .csl}, where the journal is written through the guard
     * @param records the user's record of the journals csl wrote here
     */
    Journal(GuardedFiles files, StateDirectory state, JournalRecords records) {
        this.files = files;
        this.state = state;
        this.records = records;
    }

    /** After a RUN: what the guard of {@code .csl} listed may have changed (StateDirectory). */
    void forgetListings() {
        state.forgetListings();
    }

    /** The id of this apply's history entry, or null when it changed nothing. */
    String id() {
        return dir == null ? null : dir.substring(dir.lastIndexOf('/') + 1);
    }

    /** Whether this apply recorded the prior state of {@code path} already. */
    boolean hasRecorded(ProjectPath path) {
        return recorded.contains(path);
    }

    /**
     * Records the prior state of {@code path} unless this apply recorded it already; {@code known}
     * is a snapshot the caller just took, or null (captured here).
     */
    void record(ProjectPath path, Snapshot known) throws IOException {
        Map<ProjectPath, Snapshot> one = new LinkedHashMap<>();
        one.put(path, known);
        recordAll(one, Map.of());
    }

    /**
     * Records several paths at once (values may be null: captured here), with the state each is
     * about to be given ({@code intended}: fingerprints). Their contents go into one pack file and
     * their lines into one append, each forced to disk once, so saving hundreds of files costs two
     * syncs of the journal instead of hundreds. A kill before the commit leaves enough to tell, per
     * path, whether it still holds what this apply wrote (then the next csl rolls it back) or
     * someone changed it since (then it is left alone).
     */
    void recordAll(Map<ProjectPath, Snapshot> paths, Map<ProjectPath, String> intended)
            throws IOException {
        java.io.ByteArrayOutputStream pack = new java.io.ByteArrayOutputStream();
        String packName = null;
        StringBuilder lines = new StringBuilder();
        // A set beside the list: contains() on the list made recording 2,000 files quadratic.
        List<ProjectPath> added = new ArrayList<>();
        java.util.Set<ProjectPath> addedSet = new java.util.HashSet<>();
        for (var e : paths.entrySet()) {
            ProjectPath path = e.getKey();
            String rel = path.relative();
            String after = intended.get(path);
            if (recorded.contains(path) || addedSet.contains(path)) {
                if (after != null) {
                    lines.append(
                                    JsonLines.object(
                                            g -> {
                                                g.writeStringField("path", rel);
                                                g.writeStringField("after", after);
                                            }))
                            .append('\n');
                }
                continue;
            }
            Snapshot snapshot = e.getValue() != null ? e.getValue() : Snapshot.capture(files, rel);
            before.put(rel, snapshot.fingerprint());
            ensureDir();
            if (packName == null) {
                packName = Integer.toString(blobs++);
            }
            String blob = packName;
            lines.append(
                            JsonLines.object(
                                    g -> {
                                        g.writeStringField("path", rel);
                                        g.writeFieldName("state");
                                        encode(g, snapshot, blob, pack);
                                        if (after != null) {
                                            g.writeStringField("after", after);
                                        }
                                    }))
                    .append('\n');
            added.add(path);
            addedSet.add(path);
        }
        if (lines.length() == 0) {
            return;
        }
        if (pack.size() > 0) {
            state.write(dir + "/blobs/" + packName, pack.toByteArray());
        }
        state.append(dir + "/" + ENTRIES, lines.toString().getBytes(StandardCharsets.UTF_8));
        recorded.addAll(added);
        order.addAll(added);
    }

    /**
     * Writes the after-states; an apply that changed nothing leaves no history entry — also one
     * whose recorded paths all hold their prior state again (a RUN that csl refused after recording
     * what it would change, say), which undo could only fail to restore.
     */
    void commit(String state) throws IOException {
        commit(state, null, null);
    }

    /**
     * As above, saying when and by whom ({@code source}: cli, watch, serve, mcp; {@code answer}:
     * the answer file as named), for {@code csl undo --list}; either may be null.
     */
    void commit(String state, String source, String answer) throws IOException {
        if (dir == null) {
            return;
        }
        List<String> paths = new ArrayList<>();
        for (ProjectPath p : order) {
            paths.add(p.relative());
        }
        Map<String, String> after = afterStates(files, paths);
        if (after.equals(before)) {
            String id = id();
            this.state.delete(dir);
            dir = null;
            records.forget(id);
            return;
        }
        writeCommit(this.state, dir, after, state, new Origin(source, answer));
        records.committed(this.state, id());
    }

    /**
     * {@code --atomic} withdrew the answer: puts every path this apply recorded back to its state
     * before the apply, newest first, through the guard. Returns what could not be put back ("path:
     * why"); the commit then finds the rest as it was and leaves no entry when all came back.
     */
    List<String> restoreAll() {
        List<String> problems = new ArrayList<>();
        if (dir == null) {
            return problems;
        }
        state.forgetListings();
        List<History.Entry> entries;
        try {
            entries = new ArrayList<>(History.read(state, dir, JsonLines.reader()));
        } catch (IOException e) {
            problems.add(HISTORY_IN_STATE + ": " + e.getMessage());
            return problems;
        }
        java.util.Collections.reverse(entries);
        for (History.Entry e : entries) {
            try {
                if (!e.before().fingerprint().equals(Snapshot.fingerprint(files, e.path()))) {
                    e.before().restore(files, e.path());
                }
            } catch (IOException ex) {
                problems.add(e.path() + ": " + ex.getMessage());
            }
        }
        return problems;
    }

    private void ensureDir() throws IOException {
        if (dir != null) {
            return;
        }
        int next = 1;
        for (String name : History.entryNames(state)) {
            next = Math.max(next, Integer.parseInt(name) + 1);
        }
        // Zero-padded by hand: String.format costs ~5 ms of a cold start.
        String number = Integer.toString(next);
        String candidate =
                HISTORY_IN_STATE + "/" + "000000".substring(Math.min(6, number.length())) + number;
        state.createDirectories(candidate + "/blobs");
        records.opened(candidate.substring(candidate.lastIndexOf('/') + 1));
        dir = candidate;
    }

    private static void encode(
            JsonGenerator g, Snapshot s, String packName, java.io.ByteArrayOutputStream pack)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("kind", s.kind().name().toLowerCase(java.util.Locale.ROOT));
        if (s.mode() >= 0) {
            g.writeNumberField("mode", s.mode());
        }
        switch (s.kind()) {
            case FILE -> {
                g.writeStringField("blob", packName);
                g.writeNumberField("offset", pack.size());
                g.writeNumberField("length", s.bytes().length);
                pack.write(s.bytes(), 0, s.bytes().length);
            }
            case SYMLINK -> g.writeStringField("target", s.linkTarget());
            case DIRECTORY -> {
                g.writeObjectFieldStart("children");
                for (var e : s.children().entrySet()) {
                    g.writeFieldName(e.getKey());
                    encode(g, e.getValue(), packName, pack);
                }
                g.writeEndObject();
            }
            case ABSENT, SPECIAL -> {}
        }
        g.writeEndObject();
    }

    /** Writes {@code commit.json}: the state of each path ({@code paths}: relative) now. */
    static void writeCommit(
            StateDirectory stateDir,
            String dir,
            GuardedFiles files,
            List<String> paths,
            String state)
            throws IOException {
        writeCommit(stateDir, dir, afterStates(files, paths), state, new Origin(null, null));
    }

    /** Who made an entry, and from which answer file; either may be null. */
    record Origin(String source, String answer) {}

    private static Map<String, String> afterStates(GuardedFiles files, List<String> paths)
            throws IOException {
        Map<String, String> seen = new LinkedHashMap<>();
        for (String rel : paths) {
            seen.put(rel, afterState(files, rel));
        }
        return seen;
    }

    private static void writeCommit(
            StateDirectory stateDir,
            String dir,
            Map<String, String> seen,
            String state,
            Origin origin)
            throws IOException {
        String commit =
                JsonLines.object(
                        g -> {
                            g.writeStringField("state", state);
                            g.writeStringField("time", java.time.Instant.now().toString());
                            if (origin.source() != null) {
                                g.writeStringField("source", origin.source());
                            }
                            if (origin.answer() != null) {
                                g.writeStringField("answer", origin.answer());
                            }
                            g.writeObjectFieldStart("after");
                            for (Map.Entry<String, String> e : seen.entrySet()) {
                                g.writeStringField(e.getKey(), e.getValue());
                            }
                            g.writeEndObject();
                        });
        stateDir.write(dir + "/" + COMMIT, commit.getBytes(StandardCharsets.UTF_8));
    }

    /** A path that leads outside now is not followed: undo will refuse it, naming it. */
    private static String afterState(GuardedFiles files, String rel) throws IOException {
        try {
            return Snapshot.fingerprint(files, rel);
        } catch (GuardException e) {
            return "refused:" + e.code().name();
        }
    }

    /** Reads a state written by {@link #encode}. */
    static Snapshot decode(JsonNode node, StateDirectory state, String entryDir)
            throws IOException {
        // Read strictly: a damaged entry must never restore zero-padded bytes or delete a path
        // because its kind was unreadable (it ends the entries read, as a torn line does).
        String kind = node.path("kind").asText();
        int mode = node.has("mode") ? node.get("mode").asInt(-2) : -1;
        if (mode < -1 || mode > 0777) {
            throw damaged(entryDir, "mode " + node.get("mode"));
        }
        java.util.TreeMap<String, Snapshot> children = new java.util.TreeMap<>();
        switch (kind) {
            case "file":
                String blob = node.path("blob").asText("");
                if (!blob.matches("\\d+")) {
                    throw damaged(entryDir, "blob '" + blob + "'");
                }
                byte[] pack = state.read(entryDir + "/blobs/" + blob);
                long offset = node.path("offset").asLong(-1);
                long length = node.path("length").asLong(-1);
                if (offset < 0 || length < 0 || offset + length > pack.length) {
                    throw damaged(entryDir, "bytes " + offset + "+" + length + " of blob " + blob);
                }
                byte[] bytes =
                        java.util.Arrays.copyOfRange(pack, (int) offset, (int) (offset + length));
                return new Snapshot(Snapshot.Kind.FILE, bytes, mode, null, children);
            case "symlink":
                if (!node.path("target").isTextual()) {
                    throw damaged(entryDir, "symlink without a target");
                }
                return new Snapshot(
                        Snapshot.Kind.SYMLINK, null, -1, node.get("target").asText(), children);
            case "directory":
                var fields = node.path("children").fields();
                while (fields.hasNext()) {
                    var e = fields.next();
                    String name = e.getKey();
                    if (name.isEmpty()
                            || name.equals(".")
                            || name.equals("..")
                            || name.indexOf('/') >= 0
                            || name.indexOf('\0') >= 0) {
                        throw damaged(entryDir, "entry name '" + name + "'");
                    }
                    children.put(name, decode(e.getValue(), state, entryDir));
                }
                return new Snapshot(Snapshot.Kind.DIRECTORY, null, mode, null, children);
            case "special":
                return new Snapshot(Snapshot.Kind.SPECIAL, null, -1, null, children);
            case "absent":
                return Snapshot.ABSENT;
            default:
                throw damaged(entryDir, "kind '" + kind + "'");
        }
    }

    private static IOException damaged(String entryDir, String what) {
        return new IOException("the journal .csl/" + entryDir + " is damaged (" + what + ")");
    }
}
