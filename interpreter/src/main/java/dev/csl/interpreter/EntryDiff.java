package dev.csl.interpreter;

import java.util.TreeSet;

/**
 * The unified diff between two states of a path recorded in a history entry: what an apply changed
 * (its state before, against the present) or what an undo would change (the present, against the
 * state before). Files are diffed line by line ({@link Diffs}, whose cost is linear in the file); a
 * directory is walked entry by entry; a link or a special file is one line saying what it was and
 * what it becomes.
 */
final class EntryDiff {
    private final StringBuilder out = new StringBuilder();

    /** Adds the change of {@code path} from {@code from} to {@code to}. */
    EntryDiff add(String path, Snapshot from, Snapshot to) {
        if (from.fingerprint().equals(to.fingerprint())) {
            return this;
        }
        boolean fromTree = from.kind() == Snapshot.Kind.DIRECTORY;
        boolean toTree = to.kind() == Snapshot.Kind.DIRECTORY;
        if (fromTree || toTree) {
            if (!fromTree && from.kind() != Snapshot.Kind.ABSENT) {
                add(path, from, Snapshot.ABSENT);
            }
            if (fromTree != toTree) {
                line(path, fromTree ? from : Snapshot.ABSENT, toTree ? to : Snapshot.ABSENT);
            }
            TreeSet<String> names = new TreeSet<>();
            if (fromTree) {
                names.addAll(from.children().keySet());
            }
            if (toTree) {
                names.addAll(to.children().keySet());
            }
            for (String name : names) {
                add(
                        path + "/" + name,
                        fromTree
                                ? from.children().getOrDefault(name, Snapshot.ABSENT)
                                : Snapshot.ABSENT,
                        toTree
                                ? to.children().getOrDefault(name, Snapshot.ABSENT)
                                : Snapshot.ABSENT);
            }
            if (!toTree && to.kind() != Snapshot.Kind.ABSENT) {
                add(path, Snapshot.ABSENT, to);
            }
            return this;
        }
        if (isFileOrAbsent(from) && isFileOrAbsent(to)) {
            out.append(Diffs.unified(path, content(from), content(to)));
            return this;
        }
        line(path, from, to);
        return this;
    }

    /** One line for what is not a file on either side: a directory made or removed, a link. */
    private void line(String path, Snapshot from, Snapshot to) {
        out.append("~ ")
                .append(path)
                .append(": ")
                .append(describe(from))
                .append(" → ")
                .append(describe(to))
                .append('\n');
    }

    /** The diff so far, empty when nothing differs. */
    String text() {
        return out.toString();
    }

    private static boolean isFileOrAbsent(Snapshot s) {
        return s.kind() == Snapshot.Kind.FILE || s.kind() == Snapshot.Kind.ABSENT;
    }

    private static Content content(Snapshot s) {
        return s.kind() == Snapshot.Kind.FILE ? Content.ofBytes(s.bytes()) : Content.ABSENT;
    }

    private static String describe(Snapshot s) {
        return switch (s.kind()) {
            case ABSENT -> "absent";
            case FILE -> "a file of " + s.bytes().length + " bytes";
            case SYMLINK -> "a symlink to " + s.linkTarget();
            case DIRECTORY -> "a directory";
            case SPECIAL -> "a FIFO, socket or device";
        };
    }
}
