package dev.csl.interpreter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** Reads {@code .csl/history/} and cleans up after an apply that was killed. */
final class History {
    private History() {}

    /** One recorded path of a journal entry, in the order it was first changed. */
    record Entry(String path, Snapshot before) {}

    /** Names of the history entries, oldest first. */
    static List<String> entryNames(Path history) throws IOException {
        List<String> names = new ArrayList<>();
        if (!Files.isDirectory(history)) {
            return names;
        }
        try (Stream<Path> list = Files.list(history)) {
            list.map(p -> p.getFileName().toString())
                    .filter(n -> n.matches("\\d{6,}"))
                    .sorted()
                    .forEach(names::add);
        }
        return names;
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
    static List<Entry> read(Path entryDir, ObjectMapper json) throws IOException {
        List<Entry> entries = new ArrayList<>();
        Path file = entryDir.resolve(Journal.ENTRIES);
        if (!Files.exists(file)) {
            return entries;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
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
                                Journal.decode(node.get("state"), entryDir)));
            } catch (IOException | RuntimeException missingBlob) {
                break;
            }
        }
        return entries;
    }

    /**
     * Finishes what a killed apply left: its journal gets its after-states (marked interrupted) so
     * that undo works, and temporary files of dead writers next to its paths are removed.
     */
    static void recover(GuardedFiles files) throws IOException {
        Path root = files.root();
        Path history = root.resolve(Journal.HISTORY);
        for (String name : entryNames(history)) {
            Path dir = history.resolve(name);
            if (Files.exists(dir.resolve(Journal.COMMIT))) {
                continue;
            }
            List<Entry> entries = read(dir, JsonLines.reader());
            if (entries.isEmpty()) {
                // Killed before its first change: nothing to keep.
                Snapshot.deleteOwnTree(dir);
                continue;
            }
            removeJournalTemporaries(dir);
            removeJournalTemporaries(dir.resolve("blobs"));
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
            Journal.writeCommit(dir, files, paths, "interrupted");
        }
    }

    /** Half-written journal files ({@code *.tmp}) of the killed apply. */
    private static void removeJournalTemporaries(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return;
        }
        List<Path> temps = new ArrayList<>();
        try (Stream<Path> list = Files.list(dir)) {
            list.filter(p -> p.getFileName().toString().endsWith(".tmp")).forEach(temps::add);
        }
        for (Path p : temps) {
            Files.deleteIfExists(p);
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

    /** Temporary files of the guard ({@code .csl-tmp-PID-...}) and of undo, whose writer died. */
    static boolean isStaleTemporary(String name) {
        if (name.startsWith(".csl-undo-") && name.endsWith(".tmp")) {
            return true;
        }
        String prefix = ".csl-tmp-";
        if (!name.startsWith(prefix)) {
            return false;
        }
        int dash = name.indexOf('-', prefix.length());
        try {
            long pid =
                    Long.parseLong(
                            name.substring(prefix.length(), dash < 0 ? name.length() : dash));
            return pid != ProcessHandle.current().pid()
                    && ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
        } catch (NumberFormatException e) {
            return true;
        }
    }
}
