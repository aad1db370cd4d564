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
    private List<GuardedFiles.Entry> entries;

    GuardedDirectory(
            Guard guard, Access access, List<String> names, String written, Listing listing) {
        this.guard = guard;
        this.access = access;
        this.names = List.copyOf(names);
        this.written = written;
        this.listing = listing;
    }

    @Override
    public Path path() {
        return access.toPath(names);
    }

    @Override
    public List<GuardedFiles.Entry> entries() throws IOException {
        if (entries != null) {
            return entries;
        }
        Path at = path();
        List<String> found;
        try {
            found = new ArrayList<>(listing.names());
        } catch (IOException e) {
            throw guard.failure(e, written, at);
        }
        found.removeIf(TempFiles::isStale);
        found.sort(null);
        List<GuardedFiles.Entry> out = new ArrayList<>(found.size());
        for (String name : found) {
            Path resolved = at.resolve(name);
            try {
                Node n = listing.lstat(name);
                if (!n.exists()) {
                    continue; // removed since it was listed
                }
                String target = n.isLink() ? access.readLink(child(name)).toString() : null;
                out.add(
                        new GuardedFiles.Entry(
                                name,
                                new FileInfo(
                                        n.type(),
                                        n.size(),
                                        n.posixMode(),
                                        n.modified(),
                                        target,
                                        resolved)));
            } catch (IOException e) {
                throw guard.failure(e, childWritten(name), resolved);
            }
        }
        entries = List.copyOf(out);
        return entries;
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
        return new GuardedDirectory(guard, access, child(name), shown, sub);
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
        if (name.isEmpty() || name.equals(".") || name.equals("..") || name.indexOf('/') >= 0) {
            throw guard.refusal()
                    .invalid(
                            shown,
                            new PathSyntax.Problem(
                                    "'" + name + "' is not a single name in " + path(),
                                    "name an entry of the directory"));
        }
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
