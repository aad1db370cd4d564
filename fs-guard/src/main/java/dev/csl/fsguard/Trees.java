package dev.csl.fsguard;

import dev.csl.fsguard.Resolver.Resolution;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

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
        List<String> out = new ArrayList<>();
        walk(dir, "", written, out);
        return out;
    }

    private void walk(List<String> dir, String prefix, String written, List<String> out)
            throws GuardException {
        for (String name : sortedList(dir, written)) {
            List<String> child = append(dir, name);
            String rel = prefix.isEmpty() ? name : prefix + "/" + name;
            out.add(rel);
            if (lstat(child, written).isDirectory()) {
                walk(child, rel, written, out);
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
        Object device = get(() -> access.deviceOf(r.names()), written, r.path());
        List<Path> skipped = new ArrayList<>();
        deleteTree(r.names(), device, written, skipped);
        if (!skipped.isEmpty()) {
            throw refusal.of(
                    GuardCode.IO_ERROR,
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
        if (!dst.node().exists()) {
            requireParent(dst, to);
            use(() -> access.mkdir(dst.names()), to, dst.path());
        }
        copyChildren(src.names(), dst.names(), to);
    }

    private void copyChildren(List<String> src, List<String> dst, String to) throws GuardException {
        for (String name : sortedList(src, to)) {
            List<String> s = append(src, name);
            List<String> d = append(dst, name);
            if (ProtectedPaths.protectedName(List.of(name)).isPresent()) {
                throw refusal.of(
                        GuardCode.PROTECTED_PATH,
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
                } else if (!dn.isDirectory()) {
                    throw refusal.notDirectory(to, path(d));
                }
                copyChildren(s, d, to);
            } else if (sn.isFile()) {
                if (dn.isDirectory()) {
                    throw refusal.isDirectory(to, path(d));
                }
                copyFile(s, d, dn, sn, to);
            } else if (sn.isLink()) {
                copyLink(s, d, dn, to);
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
        } catch (IOException e) {
            throw guard.failure(e, to, dst.path());
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

    private Path path(List<String> names) {
        return access.toPath(names);
    }

    private static List<String> append(List<String> names, String name) {
        List<String> out = new ArrayList<>(names.size() + 1);
        out.addAll(names);
        out.add(name);
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
