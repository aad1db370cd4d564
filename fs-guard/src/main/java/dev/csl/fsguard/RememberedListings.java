package dev.csl.fsguard;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * An {@link Access} that lists each directory once for the repository-shape check ({@link
 * #listAlong}) and keeps what it found, up to date with the changes made through it, until {@link
 * #forget()}: a WRITE's check at open and again at its save, and every file of a directory, no
 * longer list the same directories from the root each time. Only the names that make a shape are
 * kept ({@link RepositoryShapes#isPart}); the check looks at nothing else. Anything made or removed
 * through this access updates or drops what is kept; changes by anyone else are not seen, so the
 * owner forgets after anything else may have changed the tree (an apply, after each RUN).
 */
final class RememberedListings implements Access {
    /**
     * Kept for a directory that was missing or not a directory: listAlong stops there. Compared by
     * identity, so a set of its own (Set.of() is every empty directory's set too).
     */
    private static final Set<String> NOT_A_DIRECTORY =
            java.util.Collections.unmodifiableSet(new HashSet<>());

    private final Access access;

    /** Per directory (names below the root), the shape names in it, lower case. */
    private final Map<List<String>, Set<String>> kept = new HashMap<>();

    /** Counts changes: a listing that ran while one happened is not kept. */
    private long changes;

    RememberedListings(Access access) {
        this.access = access;
    }

    /** Forgets every listing (the tree may have changed outside). */
    synchronized void forget() {
        kept.clear();
        changes++;
    }

    @Override
    public List<List<String>> listAlong(List<String> names, int from) throws IOException {
        long seen;
        List<List<String>> known = new ArrayList<>();
        synchronized (this) {
            // the directories from the root down that are kept already
            for (int i = 0; i < names.size(); i++) {
                Set<String> parts = kept.get(names.subList(0, i));
                if (parts == null) {
                    break;
                }
                if (parts == NOT_A_DIRECTORY) {
                    return known;
                }
                known.add(List.copyOf(parts));
            }
            if (known.size() == names.size()) {
                return known;
            }
            seen = changes;
        }
        int first = Math.max(from, known.size()); // the first directory listed now
        List<List<String>> listed = access.listAlong(names, first);
        List<List<String>> parts = new ArrayList<>(listed.size());
        for (int i = 0; i < listed.size(); i++) {
            parts.add(
                    i < known.size()
                            ? known.get(i)
                            : i < first ? null : List.copyOf(shapeNames(listed.get(i))));
        }
        synchronized (this) {
            if (seen == changes) {
                for (int i = first; i < listed.size(); i++) {
                    kept.put(List.copyOf(names.subList(0, i)), Set.copyOf(parts.get(i)));
                }
                if (listed.size() < names.size()) {
                    kept.put(List.copyOf(names.subList(0, listed.size())), NOT_A_DIRECTORY);
                }
            }
        }
        return parts;
    }

    private static Set<String> shapeNames(List<String> entries) {
        Set<String> parts = new HashSet<>();
        for (String name : entries) {
            if (RepositoryShapes.isPart(name)) {
                parts.add(name.toLowerCase(Locale.ROOT));
            }
        }
        return parts;
    }

    /** An entry was made at {@code names}: its directory gains the name, nothing below is known. */
    private synchronized void made(List<String> names) {
        changes++;
        dropFrom(names);
        List<String> dir = names.subList(0, names.size() - 1);
        Set<String> parts = kept.get(dir);
        String name = names.get(names.size() - 1);
        if (parts != null && parts != NOT_A_DIRECTORY && RepositoryShapes.isPart(name)) {
            Set<String> more = new HashSet<>(parts);
            more.add(name.toLowerCase(Locale.ROOT));
            kept.put(List.copyOf(dir), Set.copyOf(more));
        }
    }

    /**
     * The entry at {@code names} went: its directory and everything at or below it are listed
     * again.
     */
    private synchronized void removed(List<String> names) {
        changes++;
        dropFrom(names);
        kept.remove(names.subList(0, names.size() - 1));
    }

    private void dropFrom(List<String> names) {
        kept.keySet()
                .removeIf(
                        dir ->
                                dir.size() >= names.size()
                                        && dir.subList(0, names.size()).equals(names));
    }

    // ---- the rest is the access's own, noting what changes entries --------------------------

    @Override
    public void replace(List<String> names, byte[] content, int posixMode) throws IOException {
        try {
            access.replace(names, content, posixMode);
        } finally {
            made(names);
        }
    }

    @Override
    public IOException[] renameTemporaries(
            List<String> directory, List<String> targets, List<String> temporaries) {
        try {
            return access.renameTemporaries(directory, targets, temporaries);
        } finally {
            for (String target : targets) {
                List<String> names = new ArrayList<>(directory);
                names.add(target);
                made(names);
            }
        }
    }

    @Override
    public void mkdir(List<String> names) throws IOException {
        try {
            access.mkdir(names);
        } finally {
            made(names);
        }
    }

    @Override
    public void symlink(List<String> names, Path target) throws IOException {
        try {
            access.symlink(names, target);
        } finally {
            made(names);
        }
    }

    @Override
    public void delete(List<String> names, boolean directory) throws IOException {
        try {
            access.delete(names, directory);
        } finally {
            removed(names);
        }
    }

    @Override
    public void rename(List<String> from, List<String> to) throws IOException {
        try {
            access.rename(from, to);
        } finally {
            removed(from);
            made(to);
        }
    }

    @Override
    public String mode() {
        return access.mode();
    }

    @Override
    public Path toPath(List<String> names) {
        return access.toPath(names);
    }

    @Override
    public Node lstat(List<String> names) throws IOException {
        return access.lstat(names);
    }

    @Override
    public Path readLink(List<String> names) throws IOException {
        return access.readLink(names);
    }

    @Override
    public byte[] read(List<String> names) throws IOException {
        return access.read(names);
    }

    @Override
    public String writeTemporary(List<String> names, byte[] content, int posixMode)
            throws IOException {
        return access.writeTemporary(names, content, posixMode); // a temporary name is no part
    }

    @Override
    public List<String> list(List<String> names) throws IOException {
        return access.list(names);
    }

    @Override
    public Map<String, Boolean> listMarkingDirectories(List<String> names) throws IOException {
        return access.listMarkingDirectories(names);
    }

    @Override
    public void setModified(List<String> names, Instant time) throws IOException {
        access.setModified(names, time);
    }

    @Override
    public int linkCount(List<String> names) throws IOException {
        return access.linkCount(names);
    }

    @Override
    public void setMode(List<String> names, int posixMode) throws IOException {
        access.setMode(names, posixMode);
    }

    @Override
    public Object deviceOf(List<String> names) throws IOException {
        return access.deviceOf(names);
    }

    @Override
    public Listing openListing(List<String> names) throws IOException {
        return access.openListing(names);
    }

    @Override
    public void cleanTemporaries(List<String> directory) throws IOException {
        access.cleanTemporaries(directory); // removes temporary names only, none a part
    }
}
