package dev.csl.fsguard;

import dev.csl.fsguard.Resolver.Resolution;
import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The guard: resolves every path (the steps of docs/guard.md) and then uses it through {@link
 * Access}.
 */
final class Guard implements GuardedFiles {
    private final Access access;
    private final Resolver resolver;
    private final Refusal refusal;
    private final Path root;
    private final List<String> base;
    private final OwnFiles own;

    /**
     * The directories whose stale temporary files this guard has removed: once each is enough
     * (listing a directory before every write into it made 2,000 new files in one directory cost
     * two million directory entries read).
     */
    private final Set<List<String>> cleaned;

    private Guard(
            Access access,
            Resolver resolver,
            Refusal refusal,
            Path root,
            List<String> base,
            Set<List<String>> cleaned,
            OwnFiles own) {
        this.access = access;
        this.resolver = resolver;
        this.refusal = refusal;
        this.root = root;
        this.base = List.copyOf(base);
        this.cleaned = cleaned;
        this.own = own;
    }

    /**
     * @param raceFree use directory handles where the platform has them (false only for tests that
     *     compare both modes)
     */
    static Guard open(Path workingDir, boolean raceFree) throws IOException {
        return open(workingDir, raceFree, Installation.running());
    }

    /** As {@link #open(Path, boolean)}, protecting {@code installation}'s files. */
    static Guard open(Path workingDir, boolean raceFree, Installation installation)
            throws IOException {
        return open(
                workingDir,
                real -> raceFree ? Accesses.best(real) : new NioAccess(real),
                installation);
    }

    /** Opens the guard with a given way of using the file system (tests inject one). */
    static Guard open(Path workingDir, Function<Path, Access> accessFor) throws IOException {
        return open(workingDir, accessFor, Installation.none());
    }

    private static Guard open(
            Path workingDir, Function<Path, Access> accessFor, Installation installation)
            throws IOException {
        Path given = workingDir.toAbsolutePath().normalize();
        Path real;
        try {
            real = workingDir.toRealPath();
        } catch (NoSuchFileException e) {
            throw new GuardException(
                    ErrorCode.FILE_NOT_FOUND,
                    "Working directory does not exist: " + given,
                    workingDir.toString(),
                    given,
                    "pass an existing directory");
        }
        if (!java.nio.file.Files.isDirectory(real)) {
            throw new GuardException(
                    ErrorCode.IO_ERROR,
                    "Working directory is not a directory: " + given,
                    workingDir.toString(),
                    real,
                    "pass an existing directory");
        }
        if (real.getParent() == null) {
            throw new GuardException(
                    ErrorCode.PROTECTED_PATH,
                    "The root of the file system cannot be the working directory: " + given,
                    workingDir.toString(),
                    real,
                    "pass the project's own directory");
        }
        Access access = accessFor.apply(real);
        Refusal refusal = new Refusal(real);
        return new Guard(
                access,
                new Resolver(access, real, given, refusal),
                refusal,
                real,
                List.of(),
                ConcurrentHashMap.newKeySet(),
                OwnFiles.inside(installation, real));
    }

    @Override
    public Path root() {
        return root;
    }

    @Override
    public Path base() {
        return access.toPath(base);
    }

    @Override
    public String mode() {
        return access.mode();
    }

    @Override
    public GuardedFiles rememberingListings() {
        if (access instanceof RememberedListings) {
            return this;
        }
        return new Guard(
                new RememberedListings(access), resolver, refusal, root, base, cleaned, own);
    }

    @Override
    public void forgetListings() {
        if (access instanceof RememberedListings remembered) {
            remembered.forget();
        }
    }

    @Override
    public GuardedFiles withBase(String dir) throws GuardException {
        Resolution r = resolver.resolve(dir, base, true);
        if (!r.node().exists()) {
            throw refusal.notFound(dir, r.path());
        }
        if (!r.node().isDirectory()) {
            throw refusal.notDirectory(dir, r.path());
        }
        return new Guard(access, resolver, refusal, root, r.names(), cleaned, own);
    }

    // ---- resolution -------------------------------------------------------------------------

    Resolution read(String path) throws GuardException {
        Resolution r = resolver.resolve(path, base, true);
        requireOrdinary(path, r);
        return r;
    }

    Resolution write(String path) throws GuardException {
        return write(path, List.of());
    }

    /** As {@link #write(String)}, counting {@code pending} files (names) as already there. */
    private Resolution write(String path, List<List<String>> pending) throws GuardException {
        Resolution r = resolver.resolve(path, base, true);
        requireUnprotected(path, r);
        requireNoRepository(path, r, pending);
        requireOrdinary(path, r);
        return r;
    }

    /**
     * A path to act on itself (delete, move source): a final symlink is not followed, so the link
     * is removed or moved, not its target.
     */
    Resolution self(String path) throws GuardException {
        String trimmed = path;
        while (trimmed.length() > 1 && trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1); // `link/` acts like `link`
        }
        Resolution r = resolver.resolve(path, trimmed, base, false);
        if (r.isRoot()) {
            throw refusal.of(
                    ErrorCode.PROTECTED_PATH,
                    "The working directory itself cannot be deleted or moved",
                    path,
                    r.path(),
                    "name the files inside it instead");
        }
        if (!trimmed.equals(path)
                && r.node().exists()
                && !r.node().isDirectory()
                && !r.node().isLink()) {
            throw refusal.notDirectory(path, r.path()); // `rm notes.txt/`: ENOTDIR
        }
        requireUnprotected(path, r);
        requireNoOwnFilesBelow(path, r.names());
        requireNoRepository(path, r);
        return r; // special files may be removed or renamed: that neither reads nor writes them
    }

    private void requireUnprotected(String path, Resolution r) throws GuardException {
        requireNotOwn(path, r.names(), r.path());
        var name = ProtectedPaths.protectedName(r.names());
        if (name.isPresent()) {
            throw refusal.of(
                    ErrorCode.PROTECTED_PATH,
                    "Protected path, " + name.get() + "/ cannot be written or deleted",
                    path,
                    r.path(),
                    name.get().equals(".git")
                            ? ".git/ belongs to git; use git commands (read-only) instead"
                            : ".csl/ holds csl's own state; leave it alone");
        }
    }

    /** Refuses a change at {@code names} (below the root) to one of csl's own files. */
    void requireNotOwn(String path, List<String> names, Path resolved) throws GuardException {
        Path file = own.covering(names);
        if (file != null) {
            throw refusal.of(
                    ErrorCode.PROTECTED_PATH,
                    "Protected path, " + file + " is part of csl's own installation",
                    path,
                    resolved,
                    OwnFiles.HINT);
        }
    }

    /** Refuses deleting or moving a tree at {@code names} that holds one of csl's own files. */
    void requireNoOwnFilesBelow(String path, List<String> names) throws GuardException {
        Path file = own.below(names);
        if (file != null) {
            throw refusal.of(
                    ErrorCode.PROTECTED_PATH,
                    "Protected path, "
                            + file
                            + " in the tree is part of csl's own installation; nothing was changed",
                    path,
                    access.toPath(names),
                    OwnFiles.HINT);
        }
    }

    /**
     * Refuses a change at {@code r} inside a directory that git would take for a repository, or one
     * that would make its directory one (docs/guard.md, "Repository-shaped directories"; {@link
     * RepositoryShapes}): each directory from the root down to the target's parent is listed, with
     * the name the change puts there.
     */
    private void requireNoRepository(String path, Resolution r) throws GuardException {
        requireNoRepository(path, r, List.of());
    }

    /**
     * As {@link #requireNoRepository(String, Resolution)}, counting also the entries that the files
     * in {@code pending} (names below the root, not written yet) will make.
     */
    private void requireNoRepository(String path, Resolution r, List<List<String>> pending)
            throws GuardException {
        List<String> names = r.names();
        List<List<String>> listings;
        try {
            listings = access.listAlong(names, 0);
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
        for (int i = 0; i < names.size(); i++) {
            List<String> dir = List.copyOf(names.subList(0, i));
            List<String> entries = new ArrayList<>();
            if (i < listings.size()) {
                entries.addAll(listings.get(i));
            } else if (pending.isEmpty()) {
                return; // made by this change: holds nothing else yet
            }
            for (List<String> other : pending) {
                if (other.size() > i && other.subList(0, i).equals(dir)) {
                    entries.add(other.get(i));
                }
            }
            if (RepositoryShapes.shapedWith(entries, names.get(i))) {
                throw repository(
                        path, r.path(), access.toPath(dir), RepositoryShapes.shaped(entries));
            }
        }
    }

    /** The refusal of a change inside (or making) a repository-shaped directory. */
    GuardException repository(String path, Path resolved, Path dir, boolean existing) {
        return refusal.of(
                ErrorCode.PROTECTED_PATH,
                existing
                        ? "Protected path, "
                                + dir
                                + " is shaped like a git repository (HEAD with objects/ and refs/);"
                                + " nothing inside it is written or deleted"
                        : "Protected path, this would make "
                                + dir
                                + " a directory git takes for a repository (HEAD with objects/ and"
                                + " refs/, or commondir)",
                path,
                resolved,
                "an answer may not plant a git repository: its config could run a program when the"
                        + " user runs git there; choose other names");
    }

    /** A file cannot be created at {@code new.txt/}: the slash says directory (ENOTDIR). */
    private void requireFileName(String path, Resolution r) throws GuardException {
        if (Resolver.namesDirectory(path) && !r.node().isDirectory()) {
            throw refusal.notDirectory(path, r.path());
        }
    }

    private void requireOrdinary(String path, Resolution r) throws GuardException {
        if (r.node().type() == FileInfo.Type.OTHER) {
            throw refusal.notRegular(path, r.path(), r.node().kind());
        }
    }

    @Override
    public Path resolveForRead(String path) throws GuardException {
        return read(path).path();
    }

    @Override
    public Path resolveForWrite(String path) throws GuardException {
        return write(path).path();
    }

    @Override
    public Path resolveForWrite(String path, java.util.Collection<Path> pending)
            throws GuardException {
        List<List<String>> names = new ArrayList<>();
        for (Path p : pending) {
            if (!RepositoryShapes.mayHoldPart(p.toString())) {
                continue; // no HEAD, objects, refs or commondir in it: it cannot help make a shape
            }
            Path abs = p.toAbsolutePath().normalize();
            if (abs.startsWith(root) && !abs.equals(root)) {
                List<String> rel = new ArrayList<>();
                for (Path n : root.relativize(abs)) {
                    rel.add(n.toString());
                }
                names.add(rel);
            }
        }
        return write(path, names).path();
    }

    @Override
    public Path resolveForDelete(String path) throws GuardException {
        return self(path).path();
    }

    // ---- reading ----------------------------------------------------------------------------

    @Override
    public boolean exists(String path) throws GuardException {
        try {
            return resolver.resolve(path, base, true).node().exists();
        } catch (GuardException e) {
            if (e.notADirectory()) {
                return false; // like test -e: a file in the middle means "no such path"
            }
            throw e;
        }
    }

    @Override
    public FileInfo stat(String path) throws GuardException {
        return stat(path, false);
    }

    @Override
    public FileInfo stat(String path, boolean followLinks) throws GuardException {
        Resolution r = resolver.resolve(path, base, followLinks);
        Node n = r.node();
        String target = null;
        if (n.isLink()) {
            try {
                target = access.readLink(r.names()).toString();
            } catch (IOException e) {
                throw failure(e, path, r.path());
            }
        }
        return new FileInfo(n.type(), n.size(), n.posixMode(), n.modified(), target, r.path());
    }

    @Override
    public byte[] readBytes(String path) throws IOException {
        Resolution r = read(path);
        requireFile(path, r);
        try {
            return access.read(r.names());
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    @Override
    public ReadableByteChannel openRead(String path) throws IOException {
        Resolution r = read(path);
        requireFile(path, r);
        try (Listing dir = access.openListing(r.parent())) {
            return dir.read(r.last());
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    @Override
    public String readText(String path) throws IOException {
        Resolution r = read(path);
        requireFile(path, r);
        try {
            return Text.decode(access.read(r.names()), path, r.path(), refusal);
        } catch (GuardException e) {
            throw e;
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    private void requireFile(String path, Resolution r) throws GuardException {
        if (!r.node().exists()) {
            throw refusal.notFound(path, r.path());
        }
        if (r.node().isDirectory()) {
            throw refusal.isDirectory(path, r.path());
        }
    }

    @Override
    public List<String> list(String path) throws IOException {
        Resolution r = read(path);
        requireDirectory(path, r);
        try {
            List<String> names = new ArrayList<>(access.list(r.names()));
            // one pass: leftovers of a crashed csl are removed while listing
            for (var it = names.iterator(); it.hasNext(); ) {
                String name = it.next();
                if (TempFiles.isStale(name)) {
                    List<String> temp = new ArrayList<>(r.names());
                    temp.add(name);
                    try {
                        access.delete(temp, false);
                        it.remove();
                    } catch (IOException e) {
                        // a leftover we cannot remove is listed like any other file
                    }
                }
            }
            names.sort(null);
            return names;
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    private void requireDirectory(String path, Resolution r) throws GuardException {
        if (!r.node().exists()) {
            throw refusal.notFound(path, r.path());
        }
        if (!r.node().isDirectory()) {
            throw refusal.notDirectory(path, r.path());
        }
    }

    @Override
    public Set<Path> mountPoints() {
        return Set.copyOf(Mounts.below(root));
    }

    @Override
    public List<String> walk(String path) throws IOException {
        Resolution r = read(path);
        requireDirectory(path, r);
        return new Trees(access, this).walk(r.names(), path);
    }

    @Override
    public List<String> walk(String path, java.util.function.Predicate<String> descend)
            throws IOException {
        Resolution r = read(path);
        requireDirectory(path, r);
        return new Trees(access, this).walk(r.names(), path, descend);
    }

    @Override
    public Directory openDirectory(String path) throws IOException {
        Resolution r = read(path);
        requireDirectory(path, r);
        Listing listing;
        try {
            listing = access.openListing(r.names());
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
        return new GuardedDirectory(
                this, access, r.names(), path, listing, LinkCounts.countSubdirectories(r.path()));
    }

    // ---- writing ----------------------------------------------------------------------------

    @Override
    public void writeAtomic(String path, byte[] content) throws IOException {
        Resolution r = write(path);
        replace(path, r, content);
    }

    @Override
    public void append(String path, byte[] content) throws IOException {
        Resolution r = write(path);
        if (!r.node().exists()) {
            replace(path, r, content);
            return;
        }
        requireFile(path, r);
        try {
            byte[] old = access.read(r.names());
            byte[] joined = new byte[old.length + content.length];
            System.arraycopy(old, 0, joined, 0, old.length);
            System.arraycopy(content, 0, joined, old.length, content.length);
            replace(path, r, joined);
        } catch (GuardException e) {
            throw e;
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    void replace(String path, Resolution r, byte[] content) throws GuardException {
        prepareDirectory(path, r);
        try {
            access.replace(r.names(), content, r.node().exists() ? r.node().posixMode() : -1);
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    /** What every replace checks and makes before writing: a file name, its parent directories. */
    private void prepareDirectory(String path, Resolution r) throws GuardException {
        if (r.isRoot() || r.node().isDirectory()) {
            throw refusal.isDirectory(path, r.path());
        }
        requireFileName(path, r);
        new Trees(access, this).makeDirectories(path, r.parent());
        try {
            if (cleaned.add(List.copyOf(r.parent()))) {
                access.cleanTemporaries(r.parent());
            }
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    /** A prepared write: the resolution it was checked with and its temporary file's name. */
    private record Pending(String path, Resolution resolution, String temporary)
            implements PendingWrite {}

    @Override
    public PendingWrite prepareWrite(String path, byte[] content) throws IOException {
        Resolution r = write(path);
        prepareDirectory(path, r);
        try {
            return new Pending(
                    path,
                    r,
                    access.writeTemporary(
                            r.names(), content, r.node().exists() ? r.node().posixMode() : -1));
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    @Override
    public IOException[] commitWrites(List<PendingWrite> writes) {
        IOException[] failures = new IOException[writes.size()];
        // By directory: each is opened once for its renames and forced once after them.
        java.util.Map<List<String>, List<Integer>> byDirectory = new java.util.LinkedHashMap<>();
        for (int i = 0; i < writes.size(); i++) {
            Pending p = (Pending) writes.get(i);
            byDirectory.computeIfAbsent(p.resolution().parent(), d -> new ArrayList<>()).add(i);
        }
        for (var e : byDirectory.entrySet()) {
            List<String> targets = new ArrayList<>();
            List<String> temporaries = new ArrayList<>();
            for (int i : e.getValue()) {
                Pending p = (Pending) writes.get(i);
                targets.add(p.resolution().last());
                temporaries.add(p.temporary());
            }
            IOException[] renames = access.renameTemporaries(e.getKey(), targets, temporaries);
            for (int k = 0; k < renames.length; k++) {
                if (renames[k] != null) {
                    Pending p = (Pending) writes.get(e.getValue().get(k));
                    failures[e.getValue().get(k)] =
                            failure(renames[k], p.path(), p.resolution().path());
                }
            }
        }
        return failures;
    }

    @Override
    public void createDirectories(String path) throws IOException {
        Resolution r = write(path);
        if (r.node().exists() && !r.node().isDirectory()) {
            throw refusal.of(
                    ErrorCode.IO_ERROR,
                    "File exists and is not a directory",
                    path,
                    r.path(),
                    "choose another name for the directory");
        }
        new Trees(access, this).makeDirectories(path, r.names());
    }

    @Override
    public void setLastModified(String path, Instant time) throws IOException {
        Resolution r = write(path);
        if (!r.node().exists()) {
            throw refusal.notFound(path, r.path());
        }
        try {
            if (r.node().isFile() && access.linkCount(r.names()) > 1) {
                // Another name of this file may lie outside: its times must not change either, so
                // this name gets its own copy first, as a write would give it.
                access.replace(r.names(), access.read(r.names()), r.node().posixMode());
            }
            access.setModified(r.names(), time);
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    @Override
    public void restoreFile(String path, byte[] content, int posixMode) throws IOException {
        Resolution r = self(path);
        if (r.node().isDirectory()) {
            throw refusal.isDirectory(path, r.path());
        }
        new Trees(access, this).makeDirectories(path, r.parent());
        try {
            access.replace(r.names(), content, posixMode);
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    @Override
    public void createSymlink(String path, String target) throws IOException {
        Resolution r = self(path);
        if (r.node().exists()) {
            throw refusal.of(
                    ErrorCode.IO_ERROR,
                    "Cannot create a symlink: the path exists",
                    path,
                    r.path(),
                    "remove it first");
        }
        new Trees(access, this).makeDirectories(path, r.parent());
        try {
            access.symlink(r.names(), root.getFileSystem().getPath(target));
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
        try {
            resolveNames(r.names());
        } catch (GuardException e) {
            try {
                access.delete(r.names(), false);
            } catch (IOException ignored) {
                // the refusal below is what matters; a leftover link is reported by it
            }
            throw e;
        }
    }

    @Override
    public void setMode(String path, int posixMode) throws IOException {
        Resolution r = self(path);
        if (!r.node().exists()) {
            throw refusal.notFound(path, r.path());
        }
        if (r.node().isLink()) {
            throw refusal.of(
                    ErrorCode.IO_ERROR,
                    "Cannot set the mode of a symlink",
                    path,
                    r.path(),
                    "name the file it points to");
        }
        try {
            access.setMode(r.names(), posixMode);
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    // ---- deleting, copying, moving ----------------------------------------------------------

    @Override
    public void delete(String path) throws IOException {
        Resolution r = self(path);
        if (!r.node().exists()) {
            throw refusal.notFound(path, r.path());
        }
        try {
            access.delete(r.names(), r.node().isDirectory());
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    @Override
    public void deleteRecursive(String path) throws IOException {
        Resolution r = self(path);
        if (!r.node().exists()) {
            throw refusal.notFound(path, r.path());
        }
        new Trees(access, this).delete(r, path);
    }

    @Override
    public void deletePlanted(String path) throws IOException {
        Resolution r = resolver.resolve(path, base, false);
        if (r.isRoot()) {
            throw refusal.of(
                    ErrorCode.PROTECTED_PATH,
                    "The working directory itself cannot be deleted or moved",
                    path,
                    r.path(),
                    "name the files inside it instead");
        }
        if (!r.node().exists()) {
            throw refusal.notFound(path, r.path());
        }
        new Trees(access, this).deletePlanted(r, path);
    }

    @Override
    public void restoreProtected(String path, byte[] content) throws IOException {
        Resolution r = resolver.resolve(path, base, false);
        if (r.isRoot() || ProtectedPaths.protectedName(r.names()).isEmpty()) {
            throw refusal.of(
                    ErrorCode.INVALID_PATH,
                    "Only a file inside .git or .csl is restored this way",
                    path,
                    r.path(),
                    "write other files with writeAtomic");
        }
        if (r.node().isDirectory()) {
            throw refusal.isDirectory(path, r.path());
        }
        try {
            if (content == null) {
                if (r.node().exists()) {
                    access.delete(r.names(), false);
                }
                return;
            }
            access.replace(r.names(), content, r.node().exists() ? r.node().posixMode() : -1);
        } catch (IOException e) {
            throw failure(e, path, r.path());
        }
    }

    @Override
    public void copy(String from, String to, boolean recursive) throws IOException {
        Resolution src = read(from);
        if (!src.node().exists()) {
            throw refusal.notFound(from, src.path());
        }
        if (src.node().isDirectory() && !recursive) {
            throw refusal.isDirectory(from, src.path());
        }
        Resolution dst = write(to);
        if (!src.node().isDirectory()) {
            requireFileName(to, dst);
        }
        new Trees(access, this).copy(src, from, dst, to);
    }

    @Override
    public void move(String from, String to) throws IOException {
        Resolution src = self(from);
        if (!src.node().exists()) {
            throw refusal.notFound(from, src.path());
        }
        Resolution dst = resolver.resolve(to, base, false);
        requireUnprotected(to, dst);
        requireNoRepository(to, dst);
        requireOrdinary(to, dst);
        if (!src.node().isDirectory()) {
            requireFileName(to, dst);
        }
        new Trees(access, this).move(src, from, dst, to);
    }

    /**
     * Refuses, as {@code PATH_ESCAPE}, a symlink with {@code target} about to be put into directory
     * {@code dir} (names below the root) when it would lead outside from there. A link that would
     * dangle or loop inside is not refused: it cannot reach anything outside.
     */
    void verifyLinkAt(String written, List<String> dir, String name, Path target)
            throws GuardException {
        Path outside = linkOutcomeAt(written, dir, name, target);
        if (outside != null) {
            throw linkEscape(written, access.toPath(dir).resolve(name), target, outside);
        }
    }

    /**
     * Where a symlink {@code name -> target} in directory {@code dir} would lead outside, or {@code
     * null} when it would stay inside (dangling or looping inside counts as inside).
     */
    Path linkOutcomeAt(String written, List<String> dir, String name, Path target) {
        try {
            resolver.resolveTarget(written, dir, target, access.toPath(dir).resolve(name));
            return null;
        } catch (GuardException e) {
            return e.code() == ErrorCode.PATH_ESCAPE ? e.resolved() : null;
        }
    }

    /** The refusal for a symlink that would point outside from its new place. */
    GuardException linkEscape(String written, Path link, Path target, Path resolved) {
        return refusal.of(
                ErrorCode.PATH_ESCAPE,
                "The symlink "
                        + link
                        + " -> "
                        + target
                        + " would lead outside the working directory from its new place;"
                        + " nothing was changed",
                written,
                resolved,
                "a relative symlink's target is read from the link's own directory, so moving or"
                        + " copying it re-aims it; fix or remove the link first");
    }

    /** Resolves names below the root, as written relative to it (used for copied symlinks). */
    Resolution resolveNames(List<String> names) throws GuardException {
        return resolver.resolve(String.join("/", names), List.of(), true);
    }

    Refusal refusal() {
        return refusal;
    }

    /** Turns a failed use into the guard's error shape. */
    GuardException failure(IOException e, String path, Path resolved) {
        return refusal.failure(e, path, resolved);
    }
}
