package dev.csl.interpreter;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardException;
import dev.csl.fsguard.GuardedFiles;
import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code csl undo}: restores the state before the last apply that changed files
 * (docs/interpreter.md), and refuses, naming them, when files changed since that apply — unless
 * forced.
 */
public final class Undoer {
    private final ObjectMapper json = JsonLines.reader();

    /**
     * Readies the JSON mapper a journal is read back with (its classes' initialisation, ~25 ms of a
     * cold JVM) on a thread of its own, for an apply that will show its diff: by the time the apply
     * is done, reading its journal costs only the reading.
     */
    public static void prepareInBackground() {
        Thread t =
                new Thread(
                        () -> {
                            try {
                                JsonLines.reader().readTree("{\"path\":\"a\",\"n\":1}");
                            } catch (IOException | RuntimeException e) {
                                // only a head start
                            }
                        },
                        "csl-journal-reader-warm-up");
        t.setDaemon(true);
        t.start();
    }

    /**
     * One apply in {@code .csl/history/}, for {@code csl undo --list}.
     *
     * @param id the entry's number, as {@code applyId} names it
     * @param paths the paths it changed, in the order it first changed them
     * @param undone whether it was undone (or rolled back after a kill) already
     */
    public record Applied(
            String id,
            List<String> paths,
            boolean undone,
            String time,
            String source,
            String answer) {
        public Applied {
            paths = List.copyOf(paths);
        }
    }

    /**
     * What to undo.
     *
     * @param id the apply to undo ({@code csl undo ID}), or null for the last one not undone
     * @param force restore even paths changed since (a copy of them is kept)
     * @param dryRun change nothing: say what would be restored, with the diff
     */
    public record Request(String id, boolean force, boolean dryRun) {}

    /** The applies recorded in {@code workingDir}'s history, newest first; none without one. */
    public List<Applied> list(Path workingDir) throws IOException {
        Path root = workingDir.toAbsolutePath().normalize().toRealPath();
        StateDirectory state = StateDirectory.openIfExists(root);
        List<Applied> applied = new ArrayList<>();
        if (state == null || !state.exists(Journal.HISTORY_IN_STATE)) {
            return applied;
        }
        JournalRecords records = JournalRecords.of(root);
        List<String> names = History.entryNames(state);
        Collections.reverse(names);
        for (String name : names) {
            String entry = History.entryDir(name);
            if (state.exists(entry + "/" + Journal.COMMIT)
                    && records.whyNotOurs(state, name) != null) {
                continue; // not csl's own: undo would not take it either
            }
            List<String> paths = new ArrayList<>();
            History.read(state, entry, json).forEach(e -> paths.add(e.path()));
            JsonNode commit =
                    state.exists(entry + "/" + Journal.COMMIT)
                            ? json.readTree(state.read(entry + "/" + Journal.COMMIT))
                            : json.createObjectNode();
            applied.add(
                    new Applied(
                            name,
                            paths,
                            state.exists(entry + "/" + Journal.UNDONE),
                            commit.path("time").asText(null),
                            commit.path("source").asText(null),
                            commit.path("answer").asText(null)));
        }
        return applied;
    }

    /**
     * The unified diff of what apply {@code id} changed, each path from its state before the apply
     * to its state now; empty when the entry is not csl's own or cannot be read.
     */
    public String appliedDiff(Path workingDir, String id) {
        try {
            Path root = workingDir.toAbsolutePath().normalize().toRealPath();
            StateDirectory state = StateDirectory.openIfExists(root);
            String entry = History.entryDir(id);
            if (state == null
                    || !state.exists(entry + "/" + Journal.COMMIT)
                    || JournalRecords.of(root).whyNotOurs(state, id) != null) {
                return "";
            }
            GuardedFiles files = GuardedFiles.open(root);
            EntryDiff diff = new EntryDiff();
            for (History.Entry e : History.read(state, entry, json)) {
                diff.add(e.path(), e.before(), Snapshot.capture(files, e.path()));
            }
            return diff.text();
        } catch (IOException | RuntimeException e) {
            return ""; // a diff to show, never a reason for the apply to fail
        }
    }

    /** Undoes the last apply not undone yet. */
    public UndoReport undo(Path workingDir, boolean force) {
        return undo(workingDir, new Request(null, force, false));
    }

    public UndoReport undo(Path workingDir, Request request) {
        boolean force = request.force();
        Path dir = workingDir.toAbsolutePath().normalize();
        String shown = dir.toString();
        try {
            if (!Files.isDirectory(dir)) {
                return refused(
                        shown,
                        null,
                        List.of(),
                        ErrorCode.INVALID_WORKING_DIRECTORY,
                        "The working directory " + dir + " does not exist.",
                        "Pass the directory of the apply with -C.");
            }
            if (GuardedFiles.isFileSystemRoot(dir)) {
                return refused(
                        shown,
                        null,
                        List.of(),
                        ErrorCode.INVALID_WORKING_DIRECTORY,
                        "The working directory " + dir + " is the root of the file system.",
                        "Pass the project's own directory with -C.");
            }
            Path root = dir.toRealPath();
            StateDirectory state = StateDirectory.open(root);
            try (DirectoryLock lock = DirectoryLock.acquire(state)) {
                return undoLocked(GuardedFiles.open(root), state, dir, shown, request);
            }
        } catch (GuardException e) {
            return refusedByGuard(shown, null, e);
        } catch (IOException | RuntimeException e) {
            return refused(
                    shown,
                    null,
                    List.of(),
                    ErrorCode.IO_ERROR,
                    "Undo failed: " + e.getMessage(),
                    "Check .csl/history/ and the permissions of the working directory.");
        }
    }

    private UndoReport undoLocked(
            GuardedFiles files, StateDirectory state, Path dir, String shown, Request request)
            throws IOException {
        JournalRecords records = JournalRecords.of(files.root());
        // A dry run changes nothing, not even to finish an interrupted apply.
        Recovery recovered = request.dryRun() ? null : History.recover(files, state, records);
        UndoReport report = undoEntry(files, state, records, dir, shown, request);
        return recovered == null ? report : report.withRecovered(recovered);
    }

    private UndoReport undoEntry(
            GuardedFiles files,
            StateDirectory state,
            JournalRecords records,
            Path dir,
            String shown,
            Request request)
            throws IOException {
        boolean force = request.force();
        List<String> names = History.entryNames(state);
        Collections.reverse(names);
        String id = request.id() == null ? null : UndoTarget.normalized(request.id());
        if (id != null) {
            UndoReport refused = UndoTarget.refusal(state, records, names, id, shown);
            if (refused != null) {
                return refused;
            }
        }
        List<String> ignored = new ArrayList<>();
        for (String name : id != null ? List.<String>of() : names) { // the last one not undone
            String entry = History.entryDir(name);
            if (state.exists(entry + "/" + Journal.UNDONE)
                    || !state.exists(entry + "/" + Journal.COMMIT)) {
                continue;
            }
            String notOurs = records.whyNotOurs(state, name);
            if (notOurs != null) {
                ignored.add(Journal.HISTORY + "/" + name + " (" + notOurs + ")");
                continue;
            }
            id = name;
            break;
        }
        if (id == null) {
            return refused(
                    shown,
                    null,
                    List.of(),
                    ErrorCode.NOTHING_TO_UNDO,
                    "Nothing to undo: no apply in "
                            + dir
                            + " has changed files since the last undo."
                            + (ignored.isEmpty()
                                    ? ""
                                    : " Ignored, as csl did not write them for you: "
                                            + String.join(", ", ignored)
                                            + "."),
                    "Undo restores the state before the last apply that changed something"
                            + (ignored.isEmpty()
                                    ? "."
                                    : "; a journal that csl did not write (one shipped in a"
                                            + " repository, or changed by hand) is never used."));
        }
        String entry = History.entryDir(id);
        List<History.Entry> entries = History.read(state, entry, json);
        JsonNode after = json.readTree(state.read(entry + "/" + Journal.COMMIT)).path("after");
        for (History.Entry e : entries) {
            if (e.before().kind() == Snapshot.Kind.SPECIAL) {
                return refused(
                        shown,
                        id,
                        List.of(),
                        ErrorCode.INVALID_PATH,
                        "Not undone: apply "
                                + id
                                + " moved or removed '"
                                + e.path()
                                + "', a FIFO, socket or device, which csl cannot put back."
                                + " Nothing was restored.",
                        "Undo the rest by hand (move the special file back, then restore the"
                                + " other files from .csl/history/"
                                + id
                                + "), or leave it as it is.");
            }
        }
        Set<String> changed = new LinkedHashSet<>();
        for (History.Entry e : entries) {
            String expected = after.path(e.path()).asText(null);
            String now;
            try {
                now = Snapshot.fingerprint(files, e.path());
            } catch (GuardException refused) {
                // Checked for every path before anything is restored: a path that leads outside
                // now (a directory swapped for a symlink) refuses the whole undo, forced or not.
                return refusedByGuard(shown, id, refused);
            }
            if (expected != null && !expected.equals(now)) {
                changed.add(e.path());
            }
        }
        if (request.id() != null && !force) {
            UndoReport later =
                    UndoTarget.laterOverlap(state, records, names, id, entries, shown, json);
            if (later != null) {
                return later;
            }
        }
        if (!changed.isEmpty() && !force) {
            return refused(
                    shown,
                    id,
                    new ArrayList<>(changed),
                    ErrorCode.CHANGED_SINCE_APPLY,
                    "Not undone: "
                            + String.join(", ", changed)
                            + (changed.size() == 1 ? " was" : " were")
                            + " changed after apply "
                            + id
                            + "; undoing would lose those changes. Nothing was restored.",
                    "Run csl undo --force to restore the state before the apply anyway.");
        }
        List<History.Entry> reversed = new ArrayList<>(entries);
        Collections.reverse(reversed);
        if (request.dryRun()) {
            return preview(files, shown, id, entries, changed);
        }
        String keptIn = force ? DiscardedCopies.keep(files, state, id, changed) : null;
        Set<String> restored = new LinkedHashSet<>();
        List<String> notRestored = new ArrayList<>();
        for (History.Entry e : reversed) {
            if (e.before().fingerprint().equals(Snapshot.fingerprint(files, e.path()))) {
                continue; // holds its state before the apply already: nothing to put back
            }
            try {
                e.before().restore(files, e.path());
                restored.add(e.path());
            } catch (GuardException refused) {
                // One path csl may not touch (a nested repository, say) must not keep every
                // earlier apply from being undone: it is named and left as it is.
                notRestored.add(e.path() + ": " + refused.getMessage());
            }
        }
        state.write(
                entry + "/" + Journal.UNDONE,
                json.writeValueAsString(
                                json.createObjectNode()
                                        .put("time", Instant.now().toString())
                                        .put("forced", force))
                        .getBytes(StandardCharsets.UTF_8));
        List<String> inOrder = new ArrayList<>();
        entries.forEach(
                e -> {
                    if (restored.contains(e.path())) {
                        inOrder.add(e.path());
                    }
                });
        return new UndoReport(true, shown, id, inOrder, new ArrayList<>(changed), null, null)
                .withNotRestored(notRestored)
                .withDiscardedKeptIn(keptIn);
    }

    /** What the undo would restore, and the diff from now to the state before the apply. */
    private static UndoReport preview(
            GuardedFiles files,
            String shown,
            String id,
            List<History.Entry> entries,
            Set<String> changed)
            throws IOException {
        EntryDiff diff = new EntryDiff();
        List<String> wouldRestore = new ArrayList<>();
        for (History.Entry e : entries) {
            Snapshot now = Snapshot.capture(files, e.path());
            if (!now.fingerprint().equals(e.before().fingerprint())) {
                wouldRestore.add(e.path());
                diff.add(e.path(), now, e.before());
            }
        }
        return new UndoReport(true, shown, id, wouldRestore, new ArrayList<>(changed), null, null)
                .previewing(diff.text());
    }

    private static UndoReport refusedByGuard(String dir, String id, GuardException e) {
        return refused(
                dir,
                id,
                List.of(),
                e.code(),
                "Not undone: "
                        + e.getMessage()
                        + (e.resolved() == null
                                ? ""
                                : " ('" + e.pathAsWritten() + "' resolves to " + e.resolved() + ")")
                        + ". Nothing was restored.",
                e.hint() == null || e.hint().isEmpty()
                        ? "Remove or fix what changed that path, then run csl undo again."
                        : e.hint() + "; then run csl undo again.");
    }

    static UndoReport refused(
            String dir,
            String id,
            List<String> changed,
            ErrorCode code,
            String message,
            String hint) {
        return new UndoReport(
                false, dir, id, List.of(), changed, ErrorInfo.of(code, message, hint));
    }
}
