package dev.csl.interpreter;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * {@code csl undo ID}: whether that apply may be undone. It must be in the history, csl's own,
 * finished and not undone yet; and no later apply that is still applied may have changed one of its
 * paths, since undoing the earlier one alone would throw the later one's changes away: that is
 * refused, naming the later applies, unless forced (then a copy of what is discarded is kept).
 */
final class UndoTarget {
    private UndoTarget() {}

    /** {@code 3} and {@code 000003} name the same entry. */
    static String normalized(String id) {
        String digits = id.trim();
        if (!digits.matches("\\d{1,9}")) {
            return digits;
        }
        String number = Long.toString(Long.parseLong(digits));
        return number.length() >= 6 ? number : "000000".substring(number.length()) + number;
    }

    /** Why {@code id} cannot be undone, or null when it can. */
    static UndoReport refusal(
            StateDirectory state, JournalRecords records, List<String> names, String id, String dir)
            throws IOException {
        String listHint = "csl undo --list shows the applies of this directory and their ids.";
        if (!names.contains(id)) {
            return Undoer.refused(
                    dir,
                    null,
                    List.of(),
                    ErrorCode.NOTHING_TO_UNDO,
                    "Nothing to undo: there is no apply '"
                            + id
                            + "' in the history of "
                            + dir
                            + ".",
                    listHint);
        }
        String entry = History.entryDir(id);
        if (state.exists(entry + "/" + Journal.UNDONE)) {
            return Undoer.refused(
                    dir,
                    id,
                    List.of(),
                    ErrorCode.NOTHING_TO_UNDO,
                    "Nothing to undo: apply " + id + " was undone already.",
                    listHint);
        }
        if (!state.exists(entry + "/" + Journal.COMMIT)) {
            return Undoer.refused(
                    dir,
                    id,
                    List.of(),
                    ErrorCode.NOTHING_TO_UNDO,
                    "Nothing to undo: apply " + id + " never finished.",
                    "csl rolls an interrupted apply back itself at its next apply or undo.");
        }
        String notOurs = records.whyNotOurs(state, id);
        if (notOurs != null) {
            return Undoer.refused(
                    dir,
                    id,
                    List.of(),
                    ErrorCode.NOTHING_TO_UNDO,
                    "Nothing to undo: csl does not use "
                            + Journal.HISTORY
                            + "/"
                            + id
                            + " ("
                            + notOurs
                            + ").",
                    "A journal that csl did not write for you (one shipped in a repository, or"
                            + " changed by hand) is never used.");
        }
        return null;
    }

    /**
     * The refusal when applies after {@code id} that are still applied changed its paths too, or
     * null. {@code newestFirst}: every entry name, newest first.
     */
    static UndoReport laterOverlap(
            StateDirectory state,
            JournalRecords records,
            List<String> newestFirst,
            String id,
            List<History.Entry> entries,
            String dir,
            ObjectMapper json)
            throws IOException {
        Set<String> paths = new LinkedHashSet<>();
        entries.forEach(e -> paths.add(e.path()));
        List<String> later = new ArrayList<>();
        Set<String> shared = new LinkedHashSet<>();
        for (String name : newestFirst) {
            if (name.equals(id)) {
                break;
            }
            String entry = History.entryDir(name);
            if (state.exists(entry + "/" + Journal.UNDONE)
                    || !state.exists(entry + "/" + Journal.COMMIT)
                    || records.whyNotOurs(state, name) != null) {
                continue;
            }
            boolean overlaps = false;
            for (History.Entry e : History.read(state, entry, json)) {
                if (paths.contains(e.path())) {
                    shared.add(e.path());
                    overlaps = true;
                }
            }
            if (overlaps) {
                later.add(name);
            }
        }
        if (later.isEmpty()) {
            return null;
        }
        String them = String.join(", ", later);
        return Undoer.refused(
                dir,
                id,
                new ArrayList<>(shared),
                ErrorCode.CHANGED_SINCE_APPLY,
                "Not undone: "
                        + (later.size() == 1
                                ? "apply " + them + ", made after"
                                : "applies " + them + ", made after")
                        + " apply "
                        + id
                        + ", changed "
                        + String.join(", ", shared)
                        + " too; undoing "
                        + id
                        + " alone would throw their changes away. Nothing was restored.",
                "Undo the later "
                        + (later.size() == 1 ? "apply" : "applies")
                        + " first (csl undo, once for each, newest first), then csl undo "
                        + id
                        + "; or run csl undo "
                        + id
                        + " --force to restore the state before it anyway (a copy of what that"
                        + " discards is kept in .csl/discarded/).");
    }
}
