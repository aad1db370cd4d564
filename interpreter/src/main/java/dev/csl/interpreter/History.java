package dev.csl.interpreter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Reads {@code .csl/history/} and cleans up after an apply that was killed. */
final class History {
    private History() {}

    /** One recorded path of a journal entry, in the order it was first changed. */
    record Entry(String path, Snapshot before) {}

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

    static String relative(Path root, Path abs) {
        Path rel = root.relativize(abs);
        StringBuilder sb = new StringBuilder();
        for (Path part : rel) {
            if (sb.length() > 0) {
                sb.append('/');
            }
            sb.append(part.toString());
        }
        return sb.length() == 0 ? "." : sb.toString();
    }

    static Path resolve(Path root, String rel) {
        Path p = root;
        for (String part : rel.split("/")) {
            if (!part.isEmpty() && !part.equals(".")) {
                p = p.resolve(part);
            }
        }
        return p;
    }

    /** The entries of a journal; a line torn by a kill is ignored (its change never started). */
    static List<Entry> read(StateDirectory state, String entryDir, ObjectMapper json)
            throws IOException {
        List<Entry> entries = new ArrayList<>();
        String file = entryDir + "/" + Journal.ENTRIES;
        if (!state.exists(file)) {
            return entries;
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
            try {
                entries.add(
                        new Entry(
                                node.get("path").asText(),
                                Journal.decode(node.get("state"), state, entryDir)));
            } catch (IOException | RuntimeException missingBlob) {
                break;
            }
        }
        return entries;
    }

    /**
     * Finishes what a killed apply left: its journal gets its after-states (marked interrupted) so
     * that undo works, and temporary files of dead writers next to its paths are removed. Journal
     * files are written by atomic replace, so none is ever half written.
     */
    static void recover(GuardedFiles files, StateDirectory state) throws IOException {
        Path root = files.root();
        for (String name : entryNames(state)) {
            String dir = entryDir(name);
            if (state.exists(dir + "/" + Journal.COMMIT)) {
                continue;
            }
            List<Entry> entries = read(state, dir, JsonLines.reader());
            if (entries.isEmpty()) {
                // Killed before its first change: nothing to keep.
                state.delete(dir);
                continue;
            }
            Set<String> dirs = new LinkedHashSet<>();
            List<Path> paths = new ArrayList<>();
            for (Entry e : entries) {
                paths.add(resolve(root, e.path()));
                int slash = e.path().lastIndexOf('/');
                dirs.add(slash < 0 ? "." : e.path().substring(0, slash));
            }
            for (String d : dirs) {
                removeStaleTemporaries(files, d);
            }
            Journal.writeCommit(state, dir, files, paths, "interrupted");
        }
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
