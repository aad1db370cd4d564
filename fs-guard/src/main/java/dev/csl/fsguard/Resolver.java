package dev.csl.fsguard;

import java.io.IOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Steps 2–4 of the guard: walks a path one name at a time from the base, following symlinks hop by
 * hop (dangling ones too) and refusing any hop that leaves the real root. The walk is physical like
 * the kernel's: {@code ..} leaves the directory actually reached, so what we verify is what the
 * operating system will open.
 */
final class Resolver {
    /** Same limit as Linux's MAXSYMLINKS; beyond it a chain is treated as a loop. */
    static final int MAX_HOPS = 40;

    /**
     * A pending step that names no entry and only requires a directory where the walk stands (a
     * link's target ended in a slash); no real name is empty, so it cannot be mistaken for one.
     */
    private static final String DIRECTORY = "";

    /** A verified path: names below the root with no symlink left, except maybe the last. */
    record Resolution(List<String> names, Path path, Node node) {
        boolean isRoot() {
            return names.isEmpty();
        }

        String last() {
            return names.get(names.size() - 1);
        }

        List<String> parent() {
            return names.subList(0, names.size() - 1);
        }
    }

    private final Access access;
    private final Path root;
    private final List<List<String>> rootSpellings;
    private final Refusal refusal;

    /**
     * @param root the real path of the working directory
     * @param givenRoot the working directory as the caller named it (absolute, normalized)
     */
    Resolver(Access access, Path root, Path givenRoot, Refusal refusal) {
        this.access = access;
        this.root = root;
        this.rootSpellings = List.of(namesOf(root), namesOf(givenRoot));
        this.refusal = refusal;
    }

    /**
     * Resolves {@code written} against {@code base}.
     *
     * @param followLast whether a symlink as the last name is followed (a trailing slash always
     *     follows)
     */
    Resolution resolve(String written, List<String> base, boolean followLast)
            throws GuardException {
        return resolve(written, written, base, followLast);
    }

    /**
     * Resolves {@code path}, naming it {@code written} in errors (the caller may have trimmed a
     * trailing slash the user wrote).
     */
    Resolution resolve(String written, String path, List<String> base, boolean followLast)
            throws GuardException {
        var problem = PathSyntax.check(path);
        if (problem.isPresent()) {
            throw refusal.invalid(written, problem.get());
        }
        boolean follow = followLast || namesDirectory(path);
        Deque<String> pending = new ArrayDeque<>(split(path));
        List<String> names = new ArrayList<>();
        if (path.startsWith("/")) {
            stripRoot(written, pending);
        } else {
            names.addAll(base);
        }
        Resolution r = walk(written, names, pending, follow);
        if (namesDirectory(path) && r.node().exists() && !r.node().isDirectory()) {
            // `notes.txt/` and `notes.txt/.` name a directory: ENOTDIR, as the kernel says
            throw refusal.notDirectory(written, r.path());
        }
        return r;
    }

    /**
     * Where a symlink with {@code target}, placed in directory {@code dir}, would lead: the check a
     * link must pass at a new place (mv, cp) before it is put there.
     */
    Resolution resolveTarget(String written, List<String> dir, Path target, Path link)
            throws GuardException {
        List<String> names = new ArrayList<>(dir);
        Deque<String> pending = new ArrayDeque<>();
        jump(written, names, pending, target, link);
        return walk(written, names, pending, true);
    }

    /** True when the path as written can only name a directory: a trailing slash or {@code /.}. */
    static boolean namesDirectory(String path) {
        return path.endsWith("/") || path.endsWith("/.") || path.equals(".");
    }

    private Resolution walk(
            String written, List<String> names, Deque<String> pending, boolean follow)
            throws GuardException {
        int hops = 0;
        Node node = lstat(names, written);
        while (!pending.isEmpty()) {
            String name = pending.pollFirst();
            if (node.exists() && !node.isDirectory()) {
                throw refusal.notDirectory(written, access.toPath(names));
            }
            if (name.equals(DIRECTORY)) {
                continue;
            }
            if (name.equals("..")) {
                if (names.isEmpty()) {
                    throw refusal.escape(written, lexical(names, name, pending), dotDotHint());
                }
                names.remove(names.size() - 1);
                node = lstat(names, written);
                continue;
            }
            names.add(checkName(written, name));
            node = node.exists() ? lstat(names, written) : Node.MISSING;
            if (node.isLink() && (follow || !pending.isEmpty())) {
                if (++hops > MAX_HOPS) {
                    throw refusal.ioError(
                            written,
                            access.toPath(names),
                            "Too many levels of symbolic links (a symlink loop)",
                            "a symlink on the way points back to itself; fix or remove the loop");
                }
                Path target = readLink(names, written);
                Path link = access.toPath(names);
                names.remove(names.size() - 1);
                jump(written, names, pending, target, link);
                node = lstat(names, written);
            }
        }
        return new Resolution(List.copyOf(names), access.toPath(names), node);
    }

    /**
     * Continues the walk at a symlink's target: {@code names} is the link's directory (or the root
     * for an absolute target), the target's names go first in {@code pending}.
     */
    private void jump(
            String written, List<String> names, Deque<String> pending, Path target, Path link)
            throws GuardException {
        List<String> targetNames = namesOf(target);
        if (target.isAbsolute()) {
            int prefix = rootPrefix(target, targetNames);
            if (prefix < 0) {
                throw refusal.escape(
                        written,
                        lexical(target.getRoot(), namesOf(target)),
                        symlinkHint(link, target));
            }
            targetNames = targetNames.subList(prefix, targetNames.size());
            names.clear();
        }
        if (escapesFrom(names.size(), targetNames)) {
            Path from = target.isAbsolute() ? root : link.getParent();
            throw refusal.escape(written, lexical(from, targetNames), symlinkHint(link, target));
        }
        if (namesDirectory(target)) {
            pending.addFirst(DIRECTORY); // `l -> file.txt/` fails as ENOTDIR, as the kernel says
        }
        for (int i = targetNames.size() - 1; i >= 0; i--) {
            pending.addFirst(targetNames.get(i));
        }
    }

    /** True if the target's own {@code ..} names climb above the root from a depth. */
    private static boolean escapesFrom(int depth, List<String> targetNames) {
        int d = depth;
        for (String n : targetNames) {
            if (n.equals("..")) {
                if (--d < 0) {
                    return true;
                }
            } else if (!n.equals(".")) {
                d++;
            }
        }
        return false;
    }

    private void stripRoot(String written, Deque<String> pending) throws GuardException {
        List<String> names = new ArrayList<>(pending);
        for (List<String> spelling : rootSpellings) {
            if (startsWith(names, spelling)) {
                for (int i = 0; i < spelling.size(); i++) {
                    pending.pollFirst();
                }
                return;
            }
        }
        Path abs = root.getRoot();
        for (String n : names) {
            abs = abs.resolve(n);
        }
        throw refusal.escape(
                written,
                abs.normalize(),
                "absolute paths must lie inside the working directory; write the path relative to "
                        + root);
    }

    private int rootPrefix(Path target, List<String> targetNames) {
        if (!target.getRoot().equals(root.getRoot())) {
            return -1;
        }
        for (List<String> spelling : rootSpellings) {
            if (startsWith(targetNames, spelling)) {
                return spelling.size();
            }
        }
        return -1;
    }

    private static boolean startsWith(List<String> names, List<String> prefix) {
        if (names.size() < prefix.size()) {
            return false;
        }
        for (int i = 0; i < prefix.size(); i++) {
            if (!names.get(i).equals(prefix.get(i))) {
                return false;
            }
        }
        return true;
    }

    private String checkName(String written, String name) throws GuardException {
        try {
            root.getFileSystem().getPath(name);
            return name;
        } catch (InvalidPathException e) {
            throw refusal.invalid(written, unusableName(name, e));
        }
    }

    /**
     * Why the file system cannot hold a name. On Linux the JVM encodes file names with the charset
     * of the locale it was started in ({@code sun.jnu.encoding}); without a UTF-8 locale that is
     * ASCII, and every non-ASCII name fails here although the disk would hold it.
     */
    private PathSyntax.Problem unusableName(String name, InvalidPathException e) {
        String encoding = System.getProperty("sun.jnu.encoding", "");
        boolean nonAscii = name.chars().anyMatch(c -> c > 0x7f);
        if (nonAscii
                && root.getFileSystem() == java.nio.file.FileSystems.getDefault()
                && !encoding.isEmpty()
                && !java.nio.charset.Charset.forName(encoding)
                        .equals(java.nio.charset.StandardCharsets.UTF_8)) {
            return new PathSyntax.Problem(
                    "the name '"
                            + name
                            + "' cannot be passed to the operating system: csl's Java was started"
                            + " without a UTF-8 locale, so it encodes file names as "
                            + encoding
                            + ", which has no such characters",
                    "keep the name; start csl through its launcher (./csl sets a UTF-8 locale),"
                            + " or with LC_ALL=C.UTF-8 in its environment");
        }
        return new PathSyntax.Problem(
                "the name '" + name + "' is not valid on this file system (" + e.getReason() + ")",
                "this file system cannot hold that name: leave out the characters it refuses");
    }

    private Node lstat(List<String> names, String written) throws GuardException {
        try {
            return access.lstat(names);
        } catch (java.nio.file.AccessDeniedException e) {
            throw refusal.permission(written, access.toPath(names));
        } catch (IOException e) {
            throw refusal.ioError(
                    written,
                    access.toPath(names),
                    "Cannot read " + e.getMessage(),
                    "the file system refused to show this path; check its permissions");
        }
    }

    private Path readLink(List<String> names, String written) throws GuardException {
        try {
            return access.readLink(names);
        } catch (IOException e) {
            throw refusal.ioError(
                    written,
                    access.toPath(names),
                    "Cannot read symbolic link: " + e.getMessage(),
                    "the symlink could not be read; check its permissions");
        }
    }

    /** Where {@code names} lead from {@code from}, by name only (for messages). */
    private static Path lexical(Path from, List<String> names) {
        Path p = from;
        for (String n : names) {
            p = p.resolve(n);
        }
        return p.normalize();
    }

    private Path lexical(List<String> names, String name, Deque<String> pending) {
        Path p = access.toPath(names).resolve(name);
        for (String n : pending) {
            p = p.resolve(n);
        }
        return p.normalize();
    }

    private String dotDotHint() {
        return "paths are relative to the working directory; drop the leading ../";
    }

    private static String symlinkHint(Path link, Path target) {
        return "the symlink "
                + link
                + " points to "
                + target
                + ", outside the working directory; use a path inside instead";
    }

    static List<String> split(String written) {
        List<String> out = new ArrayList<>();
        for (String n : written.split("/")) {
            if (!n.isEmpty() && !n.equals(".")) {
                out.add(n);
            }
        }
        return out;
    }

    /**
     * The names of {@code p} without {@code .} and empty ones. A path read from a symlink keeps the
     * link's raw text: the JDK hands back {@code ../} and {@code ..//x} with the slashes inside its
     * names ({@code [../]}, {@code [../][x]}), so each name is split again on the separator, or a
     * {@code ../} would pass for an ordinary name and lead out unnoticed.
     */
    static List<String> namesOf(Path p) {
        String separator = p.getFileSystem().getSeparator();
        List<String> out = new ArrayList<>(p.getNameCount());
        for (Path n : p) {
            for (String s : n.toString().split(java.util.regex.Pattern.quote(separator))) {
                if (!s.isEmpty() && !s.equals(".")) {
                    out.add(s);
                }
            }
        }
        return out;
    }

    /**
     * True when a symlink's target ends in a separator: it names a directory, as {@code x/} does.
     */
    private static boolean namesDirectory(Path target) {
        String text = target.toString();
        String separator = target.getFileSystem().getSeparator();
        return text.length() > separator.length() && text.endsWith(separator);
    }
}
