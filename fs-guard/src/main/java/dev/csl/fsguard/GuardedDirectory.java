package dev.csl.fsguard;

import java.io.IOException;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A directory the guard resolved and verified once, held open for a walk: its entries are seen,
 * entered and opened by their single names relative to it (through a {@link Listing}), so a walk of
 * n files costs n uses, not n resolutions from the root.
 */
final class GuardedDirectory implements GuardedFiles.Directory {
    private final Guard guard;
    private final Access access;
    private final List<String> names;
    private final String written;
    private final Listing listing;
    private final boolean countsSubdirectories;
    private List<GuardedFiles.Entry> entries;

    private Path path;

    /** The names, sorted, once read. */
    private List<String> found;

    /**
     * @param countsSubdirectories whether the file system's link count of a directory is 2 plus its
     *     subdirectories (see {@link LinkCounts}); the same for every directory entered from this
     *     one, as walks do not enter mount points
     */
    GuardedDirectory(
            Guard guard,
            Access access,
            List<String> names,
            String written,
            Listing listing,
            boolean countsSubdirectories) {
        this.guard = guard;
        this.access = access;
        this.names = List.copyOf(names);
        this.written = written;
        this.listing = listing;
        this.countsSubdirectories = countsSubdirectories;
    }

    @Override
    public Path path() {
        if (path == null) {
            path = access.toPath(names);
        }
        return path;
    }

    @Override
    public List<GuardedFiles.Entry> entries() throws IOException {
        if (entries == null) {
            entries = List.copyOf(read(false));
        }
        return entries;
    }

    @Override
    public List<GuardedFiles.Entry> walkEntries() throws IOException {
        return entries != null ? entries : read(true);
    }

    /**
     * The sorted entries without csl's stale temporary files, each looked at with {@code lstat};
     * with {@code leaves}, only until as many subdirectories as the link count promises were seen.
     */
    private List<GuardedFiles.Entry> read(boolean leaves) throws IOException {
        if (found == null) {
            List<String> names;
            try {
                names = new ArrayList<>(listing.names()); // a handle's names are read once
            } catch (IOException e) {
                throw guard.failure(e, written, path());
            }
            names.removeIf(TempFiles::isStale);
            names.sort(null);
            found = names;
        }
        int subdirectories = leaves ? subdirectories() : -1;
        List<GuardedFiles.Entry> out = new ArrayList<>(found.size());
        for (String name : found) {
            if (subdirectories == 0) {
                out.add(new GuardedFiles.Entry(name, null)); // no directory: not looked at
                continue;
            }
            FileInfo info = info(name);
            if (info.type() == FileInfo.Type.MISSING) {
                continue; // removed since it was listed
            }
            if (info.type() == FileInfo.Type.DIRECTORY && subdirectories > 0) {
                subdirectories--;
            }
            out.add(new GuardedFiles.Entry(name, info));
        }
        return out;
    }

    /**
     * How many subdirectories this directory holds, by its link count: 2 (its name and its {@code
     * .}) plus one {@code ..} per subdirectory, on the file systems known to count so ({@link
     * LinkCounts}); -1 elsewhere or when the count cannot be read.
     */
    private int subdirectories() {
        if (!countsSubdirectories) {
            return -1;
        }
        int links = listing.linkCount();
        return links >= 2 ? links - 2 : -1;
    }

    @Override
    public FileInfo info(String name) throws IOException {
        if (!singleName(name)) {
            checkName(name, childWritten(name));
        }
        Path resolved = path().resolve(name);
        try {
            Node n = listing.lstat(name);
            String target = n.isLink() ? access.readLink(child(name)).toString() : null;
            return new FileInfo(n.type(), n.size(), n.posixMode(), n.modified(), target, resolved);
        } catch (IOException e) {
            throw guard.failure(e, childWritten(name), resolved);
        }
    }

    @Override
    public GuardedFiles.Directory enter(String name) throws IOException {
        String shown = childWritten(name);
        checkName(name, shown);
        Listing sub;
        try {
            sub = listing.enter(name);
        } catch (IOException e) {
            throw guard.failure(e, shown, path().resolve(name));
        }
        return new GuardedDirectory(guard, access, child(name), shown, sub, countsSubdirectories);
    }

    @Override
    public ReadableByteChannel openFile(String name) throws IOException {
        if (!singleName(name)) {
            checkName(name, childWritten(name));
        }
        try {
            return listing.readIfFile(name);
        } catch (IOException e) {
            throw guard.failure(e, childWritten(name), path().resolve(name));
        }
    }

    @Override
    public ReadableByteChannel open(String name) throws IOException {
        String shown = childWritten(name);
        checkName(name, shown);
        try {
            return listing.read(name);
        } catch (IOException e) {
            throw guard.failure(e, shown, path().resolve(name));
        }
    }

    /** Only a single name of this directory: no separator, no {@code .} or {@code ..}. */
    private void checkName(String name, String shown) throws GuardException {
        if (!singleName(name)) {
            throw guard.refusal()
                    .invalid(
                            shown,
                            new PathSyntax.Problem(
                                    "'" + name + "' is not a single name in " + path(),
                                    "name an entry of the directory"));
        }
    }

    private static boolean singleName(String name) {
        return !name.isEmpty() && !name.equals(".") && !name.equals("..") && name.indexOf('/') < 0;
    }

    private List<String> child(String name) {
        List<String> out = new ArrayList<>(names.size() + 1);
        out.addAll(names);
        out.add(name);
        return out;
    }

    private String childWritten(String name) {
        return written.endsWith("/") ? written + name : written + "/" + name;
    }

    @Override
    public void close() {
        listing.close();
    }
}
