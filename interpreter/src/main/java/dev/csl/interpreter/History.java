package dev.csl.interpreter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads {@code .csl/history/} and cleans up after an apply that was killed. */
final class History {
    private History() {}

    /**
     * One recorded path of a journal entry, in the order it was first changed.
     *
     * @param after the fingerprint the apply was about to give it last, or null (built-ins)
     */
    record Entry(String path, Snapshot before, String after) {}

    /** Names of the history entries, oldest first. */
    static List<String> entryNames(StateDirectory state) throws IOException {
        List<String> names = new ArrayList<>();
        for (String name : state.list(Journal.HISTORY_IN_STATE)) {
            if (name.matches("\\d{6,}")) {
                names.add(name);
            }
        }
        return names;
    }

    /** An entry's directory below {@code .csl}. */
    static String entryDir(String name) {
        return Journal.HISTORY_IN_STATE + "/" + name;
    }

    /** The entries of a journal; a line torn by a kill is ignored (its change never started). */
    static List<Entry> read(StateDirectory state, String entryDir, ObjectMapper json)
            throws IOException {
        List<String> order = new ArrayList<>();
        Map<String, Snapshot> before = new HashMap<>();
        Map<String, String> after = new HashMap<>();
        String file = entryDir + "/" + Journal.ENTRIES;
        if (!state.exists(file)) {
            return List.of();
        }
        for (String line : new String(state.read(file), StandardCharsets.UTF_8).split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = json.readTree(line);
            } catch (IOException torn) {
                break;
            }
            String path = node.path("path").asText();
            if (node.has("after")) {
                after.put(path, node.get("after").asText());
            }
            if (!node.has("state")) {
                continue; // only what the apply was about to write
            }
            try {
                before.put(path, Journal.decode(node.get("state"), state, entryDir));
                order.add(path);
            } catch (IOException | RuntimeException missingBlob) {
                break;
            }
        }
        List<Entry> entries = new ArrayList<>();
        for (String path : order) {
            entries.add(new Entry(path, before.get(path), after.get(path)));
        }
        return entries;
    }

    /**
     * Finishes what a killed apply left (an entry the user's record still holds as open), as SQLite
     * does with a hot journal: every path it changed is put back to its state before that apply,
     * newest first, through the guard; a path that someone changed since (it holds neither the old
     * state nor what the apply wrote) is left as it is, and so is one that leads outside now. The
     * entry is then marked undone. Returns what was done, or null when no apply was interrupted.
     */
    static Recovery recover(GuardedFiles files, StateDirectory state, JournalRecords records)
            throws IOException {
        Recovery result = null;
        Set<String> open = records.openIds();
        for (String name : entryNames(state)) {
            String dir = entryDir(name);
            // Still open in the user's record: killed before its end was recorded, also when
            // commit.json was already written (the end is the record, written after it).
            if (!open.contains(name)) {
                continue; // finished, or no apply of this user's csl: nothing to roll back
            }
            List<Entry> entries = read(state, dir, JsonLines.reader());
            if (entries.isEmpty()) {
                // Killed before its first change: nothing to keep.
                state.delete(dir);
                records.forget(name);
                continue;
            }
            Set<String> dirs = new LinkedHashSet<>();
            List<String> paths = new ArrayList<>();
            for (Entry e : entries) {
                paths.add(e.path());
                int slash = e.path().lastIndexOf('/');
                dirs.add(slash < 0 ? "." : e.path().substring(0, slash));
            }
            for (String d : dirs) {
                removeStaleTemporaries(files, d);
            }
            result = rollBack(files, name, entries);
            Journal.writeCommit(state, dir, files, paths, "rolled_back_after_interrupt");
            records.committed(state, name);
            state.write(
                    dir + "/" + Journal.UNDONE,
                    ("{\"time\":\"" + Instant.now() + "\",\"recovered\":true}")
                            .getBytes(StandardCharsets.UTF_8));
        }
        return result;
    }

    private static Recovery rollBack(GuardedFiles files, String id, List<Entry> entries) {
        List<String> restored = new ArrayList<>();
        List<String> left = new ArrayList<>();
        List<Entry> newestFirst = new ArrayList<>(entries);
        Collections.reverse(newestFirst);
        for (Entry e : newestFirst) {
            try {
                String now = Snapshot.fingerprint(files, e.path());
                if (now.equals(e.before().fingerprint())) {
                    continue; // the apply never got to it
                }
                if (e.after() != null && !now.equals(e.after())) {
                    left.add(e.path() + ": changed since the interrupted apply");
                    continue;
                }
                e.before().restore(files, e.path());
                restored.add(e.path());
            } catch (IOException ex) {
                left.add(e.path() + ": " + ex.getMessage());
            }
        }
        Collections.reverse(restored);
        return new Recovery(id, restored, left);
    }

    /**
     * Listing a directory through the guard removes the temporary files a dead writer left there; a
     * directory that is gone, or that leads outside now, is left alone.
     */
    private static void removeStaleTemporaries(GuardedFiles files, String dir) {
        try {
            files.list(dir);
        } catch (IOException e) {
            // nothing of ours to clean there
        }
    }
}
