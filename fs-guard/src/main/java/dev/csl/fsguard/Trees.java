package dev.csl.fsguard;

import dev.csl.fsguard.Resolver.Resolution;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Operations on whole trees: walk, recursive delete, copy and move. None of them follows a symlink
 * below the starting point: links are listed, removed or copied as links.
 */
final class Trees {
    private final Access access;
    private final Guard guard;
    private final Refusal refusal;

    Trees(Access access, Guard guard) {
        this.access = access;
        this.guard = guard;
        this.refusal = guard.refusal();
    }

    // ---- walk -------------------------------------------------------------------------------

    List<String> walk(List<String> dir, String written) throws GuardException {
        return walk(dir, written, name -> true);
    }

    /** As {@link #walk(List, String)}, descending only into directories whose name passes. */
    List<String> walk(List<String> dir, String written, Predicate<String> descend)
            throws GuardException {
        List<String> out = new ArrayList<>();
        walk(dir, "", written, out, Mounts.below(access.toPath(List.of())), descend);
        return out;
    }

    private void walk(
            List<String> dir,
            String prefix,
            String written,
            List<String> out,
            Set<Path> mounts,
            Predicate<String> descend)
            throws GuardException {
        requireDepth(dir, written);
        Map<String, Boolean> entries =
                get(() -> access.listMarkingDirectories(dir), written, path(dir));
        List<String> names = new ArrayList<>(entries.keySet());
        names.removeIf(TempFiles::isTemporary);
        names.sort(null);
        for (String name : names) {
            List<String> child = append(dir, name);
            String rel = prefix.isEmpty() ? name : prefix + "/" + name;
            out.add(rel);
            // like find -xdev: a mount point is listed, what is mounted there is not
            if (descend.test(name) && entries.get(name) && !mounts.contains(path(child))) {
                walk(child, rel, written, out, mounts, descend);
            }
        }
    }

    // ---- scan: what a recursive change must know before it changes anything -----------------

    /** Why a tree is scanned: each purpose refuses different entries. */
    enum Purpose {
        DELETE,
        COPY,
        MOVE
    }

    /**
     * Walks a tree before a recursive change and refuses it, before anything changed, when it holds
     * a mount point or another file system (all purposes), a {@code .git}/{@code .csl} directory
     * (delete, copy) or a special file (copy). Returns the symlinks in it, as names relative to
     * {@code top}, whose targets must be verified at their new place.
     */
    List<List<String>> scan(List<String> top, String written, Purpose purpose)
            throws GuardException {
        Object device = get(() -> access.deviceOf(List.of()), written, path(List.of()));
        Set<Path> mounts = Mounts.below(path(List.of()));
        List<List<String>> links = new ArrayList<>();
        scan(top, List.of(), written, purpose, device, mounts, links);
        return links;
    }

    private void scan(
            List<String> top,
            List<String> rel,
            String written,
            Purpose purpose,
            Object device,
            Set<Path> mounts,
            List<List<String>> links)
            throws GuardException {
        List<String> dir = concat(top, rel);
        Path at = path(dir);
        requireDepth(dir, written);
        if (mounts.contains(at)
                || !Objects.equals(device, get(() -> access.deviceOf(dir), written, at))) {
            throw refusal.of(
                    ErrorCode.PATH_ESCAPE,
                    "Another file system is mounted at "
                            + at
                            + "; a recursive "
                            + purpose.name().toLowerCase(java.util.Locale.ROOT)
                            + " does not cross into it, nothing was changed",
                    written,
                    at,
                    "unmount it first, or name the files beside it instead of the whole tree");
        }
        List<String> entries = sortedList(dir, written);
        if (RepositoryShapes.shaped(entries)) {
            throw refusal.of(
                    ErrorCode.PROTECTED_PATH,
                    "Protected path, "
                            + at
                            + " in the tree is shaped like a git repository (HEAD with objects/ and"
                            + " refs/); nothing was changed",
                    written,
                    at,
                    "csl never deletes, copies or moves a repository; name the files beside it"
                            + " instead");
        }
        for (String name : entries) {
            List<String> childRel = append(rel, name);
            List<String> child = concat(top, childRel);
            if (purpose != Purpose.MOVE
                    && ProtectedPaths.protectedName(List.of(name)).isPresent()) {
                throw refusal.of(
                        ErrorCode.PROTECTED_PATH,
                        "Protected path, "
                                + path(child)
                                + " is inside the tree; nothing was changed",
                        written,
                        path(child),
                        ProtectedPaths.protectedName(List.of(name)).get().equals(".git")
                                ? "a nested git repository is never deleted or copied by csl;"
                                        + " name the files beside it instead"
                                : ".csl/ holds csl's own state; leave it out");
            }
            Node n = lstat(child, written);
            if (n.isDirectory()) {
                scan(top, childRel, written, purpose, device, mounts, links);
            } else if (n.isLink()) {
                links.add(childRel);
            } else if (purpose == Purpose.COPY && n.exists() && !n.isFile()) {
                throw refusal.notRegular(written, path(child), n.kind());
            }
        }
    }

    // ---- create -------------------------------------------------------------------------------

    /** Creates the missing directories of {@code names}, which the resolver has verified. */
    void makeDirectories(String written, List<String> names) throws GuardException {
        for (int i = 1; i <= names.size(); i++) {
            List<String> prefix = names.subList(0, i);
            Node n = lstat(prefix, written);
            if (!n.exists()) {
                try {
                    access.mkdir(prefix);
                } catch (FileAlreadyExistsException e) {
                    n = lstat(prefix, written); // created concurrently: fine if a directory
                    if (!n.isDirectory()) {
                        throw refusal.notDirectory(written, path(prefix));
                    }
                } catch (IOException e) {
                    throw guard.failure(e, written, path(prefix));
                }
            } else if (!n.isDirectory()) {
                throw refusal.notDirectory(written, path(prefix));
            }
        }
    }

    // ---- delete -----------------------------------------------------------------------------

    void delete(Resolution r, String written) throws GuardException {
        if (!r.node().isDirectory()) {
            use(() -> access.delete(r.names(), false), written, r.path());
            return;
        }
        scan(r.names(), written, Purpose.DELETE);
        deletePlanted(r, written); // what is left to do once the scan allowed the whole tree
    }

    /**
     * Deletes an entry or tree without the scan's refusals (protected names, repository shapes):
     * for csl's own removal of metadata a child process planted. Still never follows a symlink and
     * never crosses into another file system.
     */
    void deletePlanted(Resolution r, String written) throws GuardException {
        if (!r.node().isDirectory()) {
            use(() -> access.delete(r.names(), false), written, r.path());
            return;
        }
        Object device = get(() -> access.deviceOf(r.names()), written, r.path());
        List<Path> skipped = new ArrayList<>(); // after a scan: only a mount made since
        deleteTree(r.names(), device, written, skipped);
        if (!skipped.isEmpty()) {
            throw refusal.of(
                    ErrorCode.IO_ERROR,
                    "Did not cross into another file system at "
                            + skipped
                            + "; the rest was removed",
                    written,
                    r.path(),
                    "unmount or remove those directories separately");
        }
    }

    private void deleteTree(List<String> dir, Object device, String written, List<Path> skipped)
            throws GuardException {
        int before = skipped.size();
        for (String name : get(() -> access.list(dir), written, path(dir))) {
            List<String> child = append(dir, name);
            Node n = lstat(child, written);
            if (n.isDirectory()) {
                Object childDevice = get(() -> access.deviceOf(child), written, path(child));
                if (!Objects.equals(device, childDevice)) {
                    skipped.add(path(child));
                    continue;
                }
                deleteTree(child, device, written, skipped);
            } else if (n.exists()) {
                use(() -> access.delete(child, false), written, path(child));
            }
        }
        if (skipped.size() == before) {
            use(() -> access.delete(dir, true), written, path(dir));
        }
    }

    // ---- copy -------------------------------------------------------------------------------

    void copy(Resolution src, String from, Resolution dst, String to) throws GuardException {
        if (src.names().equals(dst.names())) {
            throw refusal.ioError(
                    to,
                    dst.path(),
                    "'" + from + "' and '" + to + "' are the same file",
                    "name a different destination");
        }
        if (!src.node().isDirectory()) {
            if (dst.node().isDirectory()) {
                throw refusal.isDirectory(to, dst.path());
            }
            requireParent(dst, to);
            copyFile(src.names(), dst.names(), dst.node(), src.node(), to);
            return;
        }
        if (startsWith(dst.names(), src.names())) {
            throw refusal.ioError(
                    to,
                    dst.path(),
                    "Cannot copy a directory, '" + from + "', into itself",
                    "choose a destination outside the directory being copied");
        }
        if (dst.node().exists() && !dst.node().isDirectory()) {
            throw refusal.notDirectory(to, dst.path());
        }
        // everything that could refuse the copy is checked before the first entry is made
        for (List<String> link : scan(src.names(), from, Purpose.COPY)) {
            List<String> newDir = concat(dst.names(), link.subList(0, link.size() - 1));
            Path target = get(() -> access.readLink(concat(src.names(), link)), from, src.path());
            guard.verifyLinkAt(to, newDir, link.get(link.size() - 1), target);
        }
        requireNoMergedRepository(src.names(), dst.names(), dst.node().isDirectory(), to);
        List<List<String>> created = new ArrayList<>();
        try {
            if (!dst.node().exists()) {
                requireParent(dst, to);
                use(() -> access.mkdir(dst.names()), to, dst.path());
                created.add(dst.names());
            }
            copyChildren(src.names(), dst.names(), to, created);
        } catch (GuardException e) {
            undo(created);
            throw e;
        }
    }

    /**
     * Refuses a recursive copy, before anything is made, that would merge a directory of the tree
     * with an existing one into a repository-shaped directory ({@code HEAD} copied beside an
     * existing {@code objects/} and {@code refs/}, say).
     */
    private void requireNoMergedRepository(
            List<String> s, List<String> d, boolean dstIsDirectory, String to)
            throws GuardException {
        List<String> names = sortedList(s, to);
        if (dstIsDirectory) {
            Set<String> merged = new java.util.HashSet<>(names);
            merged.addAll(sortedList(d, to));
            if (RepositoryShapes.shaped(merged)) {
                throw guard.repository(to, path(d), path(d), false);
            }
        }
        for (String name : names) {
            List<String> child = append(s, name);
            if (lstat(child, to).isDirectory()) {
                List<String> target = append(d, name);
                requireNoMergedRepository(
                        child, target, dstIsDirectory && lstat(target, to).isDirectory(), to);
            }
        }
    }

    /** Removes what a failed copy made, newest first; what cannot be removed stays. */
    private void undo(List<List<String>> created) {
        for (int i = created.size() - 1; i >= 0; i--) {
            List<String> names = created.get(i);
            try {
                access.delete(names, access.lstat(names).isDirectory());
            } catch (IOException e) {
                // best effort: the refusal that caused the undo is what the caller reports
            }
        }
    }

    private void copyChildren(
            List<String> src, List<String> dst, String to, List<List<String>> created)
            throws GuardException {
        for (String name : sortedList(src, to)) {
            List<String> s = append(src, name);
            List<String> d = append(dst, name);
            guard.requireNotOwn(to, d, path(d));
            if (ProtectedPaths.protectedName(List.of(name)).isPresent()) {
                throw refusal.of(
                        ErrorCode.PROTECTED_PATH,
                        "Protected path, copying would create " + name,
                        to,
                        path(d),
                        "copy the files without the " + name + " directory");
            }
            Node sn = lstat(s, to);
            Node dn = lstat(d, to);
            if (sn.isDirectory()) {
                if (!dn.exists()) {
                    use(() -> access.mkdir(d), to, path(d));
                    created.add(d);
                } else if (!dn.isDirectory()) {
                    throw refusal.notDirectory(to, path(d));
                }
                copyChildren(s, d, to, created);
            } else if (sn.isFile()) {
                if (dn.isDirectory()) {
                    throw refusal.isDirectory(to, path(d));
                }
                copyFile(s, d, dn, sn, to);
                if (!dn.exists()) {
                    created.add(d);
                }
            } else if (sn.isLink()) {
                copyLink(s, d, dn, to);
                if (!dn.exists()) {
                    created.add(d);
                }
            } else if (sn.exists()) {
                throw refusal.notRegular(to, path(s), sn.kind());
            }
        }
    }

    private void copyFile(List<String> s, List<String> d, Node dn, Node sn, String to)
            throws GuardException {
        int mode = dn.exists() ? dn.posixMode() : sn.posixMode();
        use(
                () -> {
                    byte[] content = access.read(s);
                    access.cleanTemporaries(d.subList(0, d.size() - 1));
                    access.replace(d, content, mode);
                },
                to,
                path(d));
    }

    /** Copies a link as a link, and only if it still points inside from its new place. */
    private void copyLink(List<String> s, List<String> d, Node dn, String to)
            throws GuardException {
        if (dn.isDirectory()) {
            throw refusal.isDirectory(to, path(d));
        }
        Path target = get(() -> access.readLink(s), to, path(s));
        if (dn.exists()) {
            use(() -> access.delete(d, false), to, path(d));
        }
        use(() -> access.symlink(d, target), to, path(d));
        try {
            guard.resolveNames(d);
        } catch (GuardException e) {
            use(() -> access.delete(d, false), to, path(d));
            throw e;
        }
    }

    // ---- move -------------------------------------------------------------------------------

    void move(Resolution src, String from, Resolution dst, String to) throws GuardException {
        if (src.names().equals(dst.names())) {
            return;
        }
        boolean srcDir = src.node().isDirectory();
        if (dst.node().isDirectory() && !srcDir) {
            throw refusal.isDirectory(to, dst.path());
        }
        if (dst.node().exists() && !dst.node().isDirectory() && srcDir) {
            throw refusal.notDirectory(to, dst.path());
        }
        if (srcDir && startsWith(dst.names(), src.names())) {
            throw refusal.ioError(
                    to,
                    dst.path(),
                    "Cannot move a directory, '" + from + "', into itself",
                    "choose a destination outside the directory being moved");
        }
        requireParent(dst, to);
        // a relative link means something else from another directory (`mv a/up up`): every link
        // moved must lead where it led before; one that led inside must not lead outside
        Map<List<String>, Path> before = new HashMap<>();
        if (src.node().isLink()) {
            Path target = get(() -> access.readLink(src.names()), from, src.path());
            Path was = escapeOf(src.names());
            Path now = guard.linkOutcomeAt(to, dst.parent(), dst.last(), target);
            if (now != null && !now.equals(was)) {
                throw guard.linkEscape(to, dst.path(), target, now);
            }
        } else if (srcDir) {
            for (List<String> link : scan(src.names(), from, Purpose.MOVE)) {
                before.put(link, escapeOf(concat(src.names(), link)));
            }
        }
        try {
            access.rename(src.names(), dst.names());
        } catch (AtomicMoveNotSupportedException e) {
            // another file system below the root: copy, then remove the original
            if (src.node().isLink()) {
                copyLink(src.names(), dst.names(), dst.node(), to);
            } else {
                copy(src, from, dst, to);
            }
            delete(src, from);
            return;
        } catch (IOException e) {
            throw guard.failure(e, to, dst.path());
        }
        for (Map.Entry<List<String>, Path> link : before.entrySet()) {
            List<String> moved = concat(dst.names(), link.getKey());
            Path now = escapeOf(moved);
            if (now != null && !now.equals(link.getValue())) {
                use(() -> access.rename(dst.names(), src.names()), from, src.path());
                if (dst.node().isDirectory()) {
                    use(() -> access.mkdir(dst.names()), to, dst.path()); // the empty one replaced
                }
                Path target =
                        get(
                                () -> access.readLink(concat(src.names(), link.getKey())),
                                from,
                                src.path());
                throw guard.linkEscape(to, path(moved), target, now);
            }
        }
    }

    /** Where the link at {@code names} leads outside, or {@code null} when it stays inside. */
    private Path escapeOf(List<String> names) {
        try {
            guard.resolveNames(names);
            return null;
        } catch (GuardException e) {
            return e.code() == ErrorCode.PATH_ESCAPE ? e.resolved() : null;
        }
    }

    // ---- helpers ----------------------------------------------------------------------------

    private void requireParent(Resolution dst, String to) throws GuardException {
        if (dst.isRoot()) {
            throw refusal.isDirectory(to, dst.path());
        }
        Node parent = lstat(dst.parent(), to);
        if (!parent.exists()) {
            throw refusal.notFound(to, path(dst.parent()));
        }
        if (!parent.isDirectory()) {
            throw refusal.notDirectory(to, path(dst.parent()));
        }
    }

    /** Entries of a directory in order, without temporary files of atomic writes. */
    private List<String> sortedList(List<String> dir, String written) throws GuardException {
        List<String> names = new ArrayList<>(get(() -> access.list(dir), written, path(dir)));
        names.removeIf(TempFiles::isTemporary);
        names.sort(null);
        return names;
    }

    private Node lstat(List<String> names, String written) throws GuardException {
        return get(() -> access.lstat(names), written, path(names));
    }

    /**
     * How many directories deep a recursive walk goes. A command can make a chain of directories
     * far deeper than any path can name (openat after openat): walking it would exhaust the stack
     * and, since each use re-walks from the root, take quadratic time.
     */
    static final int MAX_DEPTH = 512;

    private void requireDepth(List<String> dir, String written) throws GuardException {
        if (dir.size() > MAX_DEPTH) {
            throw refusal.of(
                    ErrorCode.INVALID_PATH,
                    "The tree under '"
                            + written
                            + "' is more than "
                            + MAX_DEPTH
                            + " directories deep; csl does not walk it, nothing was changed",
                    written,
                    path(dir),
                    "flatten the tree, or name its files instead of the whole tree");
        }
    }

    private Path path(List<String> names) {
        return access.toPath(names);
    }

    private static List<String> append(List<String> names, String name) {
        List<String> out = new ArrayList<>(names.size() + 1);
        out.addAll(names);
        out.add(name);
        return out;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a.size() + b.size());
        out.addAll(a);
        out.addAll(b);
        return out;
    }

    private static boolean startsWith(List<String> names, List<String> prefix) {
        return names.size() >= prefix.size() && names.subList(0, prefix.size()).equals(prefix);
    }

    private interface IoCall<T> {
        T call() throws IOException;
    }

    private interface IoRun {
        void run() throws IOException;
    }

    private <T> T get(IoCall<T> call, String written, Path resolved) throws GuardException {
        try {
            return call.call();
        } catch (IOException e) {
            throw guard.failure(e, written, resolved);
        }
    }

    private void use(IoRun run, String written, Path resolved) throws GuardException {
        try {
            run.run();
        } catch (IOException e) {
            throw guard.failure(e, written, resolved);
        }
    }
}
