package dev.csl.fsguard;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Race-free use through {@link SecureDirectoryStream} (on Linux the JDK implements it with {@code
 * openat}, {@code renameat}, {@code unlinkat}, {@code fstatat}; Jimfs has one too). Every operation
 * opens the verified directory names one by one from the root with {@code NOFOLLOW_LINKS} and acts
 * on the last name relative to that handle. The names the resolver verified hold no symlink, so a
 * directory swapped for a symlink after the check makes the walk fail instead of leading out: check
 * and use cannot disagree. Pure Java, so it costs nothing at start-up.
 *
 * <p>Two operations have no handle-relative form in the JDK: creating a directory and creating a
 * symlink. They are done by path right after the parent was opened under handles, and verified
 * afterwards under the handle; a swap in that window could leave an empty directory or a link
 * outside, never file contents.
 */
final class HandleAccess implements Access {
    private static final LinkOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;
    private static final Set<java.nio.file.OpenOption> READ_NOFOLLOW =
            Set.of(StandardOpenOption.READ, NOFOLLOW);

    private final Path root;
    private final FileSystem fs;
    private final NioAccess paths;

    HandleAccess(Path root) {
        this.root = root;
        this.fs = root.getFileSystem();
        this.paths = new NioAccess(root);
    }

    /** True if the file system hands out {@link SecureDirectoryStream}s for the root. */
    static boolean available(Path root) {
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(root)) {
            return ds instanceof SecureDirectoryStream;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public String mode() {
        return "handle-walk";
    }

    @Override
    public Path toPath(List<String> names) {
        return paths.toPath(names);
    }

    @Override
    public Node lstat(List<String> names) throws IOException {
        return paths.lstat(names);
    }

    @Override
    public Path readLink(List<String> names) throws IOException {
        return paths.readLink(names);
    }

    @Override
    public Object deviceOf(List<String> names) throws IOException {
        return paths.deviceOf(names);
    }

    // ---- the walk -------------------------------------------------------------------------

    /** Opens directory {@code dirs} below the root without following any symlink on the way. */
    private SecureDirectoryStream<Path> openDir(List<String> dirs) throws IOException {
        SecureDirectoryStream<Path> dir =
                (SecureDirectoryStream<Path>) Files.newDirectoryStream(root);
        for (int i = 0; i < dirs.size(); i++) {
            SecureDirectoryStream<Path> next;
            try {
                next = dir.newDirectoryStream(name(dirs.get(i)), NOFOLLOW);
            } catch (NoSuchFileException e) {
                dir.close();
                throw new NoSuchFileException(toPath(dirs.subList(0, i + 1)).toString());
            } catch (FileSystemException e) {
                dir.close();
                throw changed(dirs.subList(0, i + 1));
            } catch (IOException | RuntimeException e) {
                dir.close();
                throw e;
            }
            dir.close();
            dir = next;
        }
        return dir;
    }

    private RaceException changed(List<String> names) {
        return new RaceException(
                toPath(names)
                        + " is no longer what the guard verified (a symlink or file appeared)");
    }

    private Path name(String name) {
        return fs.getPath(name);
    }

    private static List<String> parent(List<String> names) {
        return names.subList(0, names.size() - 1);
    }

    private Path last(List<String> names) {
        return name(names.get(names.size() - 1));
    }

    private static BasicFileAttributes attributes(SecureDirectoryStream<Path> dir, Path name)
            throws IOException {
        return dir.getFileAttributeView(name, BasicFileAttributeView.class, NOFOLLOW)
                .readAttributes();
    }

    // ---- operations -----------------------------------------------------------------------

    @Override
    public byte[] read(List<String> names) throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(parent(names))) {
            Path file = last(names);
            // refuse a special file before opening it: opening a FIFO would block
            if (!attributes(dir, file).isRegularFile()) {
                throw changed(names);
            }
            try (SeekableByteChannel ch =
                    dir.newByteChannel(file, Set.of(StandardOpenOption.READ, NOFOLLOW))) {
                return NioAccess.readAll(ch);
            } catch (FileSystemException e) {
                if (e instanceof NoSuchFileException) {
                    throw e;
                }
                throw changed(names);
            }
        }
    }

    @Override
    public void replace(List<String> names, byte[] content, int posixMode) throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(parent(names))) {
            Path tmp = writeTemporary(dir, content, posixMode);
            boolean renamed = false;
            try {
                dir.move(tmp, dir, last(names)); // renameat: replaces a swapped-in link itself
                renamed = true;
            } finally {
                if (!renamed) {
                    deleteQuietly(dir, tmp);
                }
            }
            forceDirectory(dir);
        }
    }

    @Override
    public String writeTemporary(List<String> names, byte[] content, int posixMode)
            throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(parent(names))) {
            return writeTemporary(dir, content, posixMode).toString();
        }
    }

    /** A new temporary file in {@code dir} holding {@code content}, forced to disk; or none. */
    private Path writeTemporary(SecureDirectoryStream<Path> dir, byte[] content, int posixMode)
            throws IOException {
        Path tmp = name(TempFiles.newName());
        boolean written = false;
        try {
            try (SeekableByteChannel ch =
                    dir.newByteChannel(
                            tmp,
                            Set.of(
                                    StandardOpenOption.WRITE,
                                    StandardOpenOption.CREATE_NEW,
                                    NOFOLLOW))) {
                ByteBuffer buf = ByteBuffer.wrap(content);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                if (ch instanceof FileChannel fc) {
                    fc.force(true);
                }
            }
            if (posixMode >= 0) {
                PosixFileAttributeView view =
                        dir.getFileAttributeView(tmp, PosixFileAttributeView.class, NOFOLLOW);
                if (view != null) {
                    view.setPermissions(NioAccess.permissions(posixMode));
                }
            }
            written = true;
            return tmp;
        } finally {
            if (!written) {
                deleteQuietly(dir, tmp);
            }
        }
    }

    @Override
    public IOException[] renameTemporaries(
            List<String> directory, List<String> targets, List<String> temporaries) {
        IOException[] failures = new IOException[targets.size()];
        try (SecureDirectoryStream<Path> dir = openDir(directory)) {
            boolean any = false;
            for (int i = 0; i < targets.size(); i++) {
                Path tmp = name(temporaries.get(i));
                boolean renamed = false;
                try {
                    // renameat: replaces a swapped-in link itself
                    dir.move(tmp, dir, name(targets.get(i)));
                    renamed = true;
                    any = true;
                } catch (IOException e) {
                    failures[i] = e;
                } finally {
                    if (!renamed) {
                        deleteQuietly(dir, tmp);
                    }
                }
            }
            if (any) {
                forceDirectory(dir);
            }
        } catch (IOException e) {
            // the directory could not be opened again: nothing was renamed
            java.util.Arrays.fill(failures, e);
        }
        return failures;
    }

    /** Makes the rename durable where the directory can be opened for reading. */
    private void forceDirectory(SecureDirectoryStream<Path> dir) {
        try (SeekableByteChannel ch =
                dir.newByteChannel(name("."), Set.of(StandardOpenOption.READ))) {
            if (ch instanceof FileChannel fc) {
                fc.force(true);
            }
        } catch (IOException | RuntimeException e) {
            // not every file system can sync a directory; the rename is atomic all the same
        }
    }

    private static void deleteQuietly(SecureDirectoryStream<Path> dir, Path name) {
        try {
            dir.deleteFile(name);
        } catch (IOException | RuntimeException e) {
            // already gone
        }
    }

    @Override
    public void mkdir(List<String> names) throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(parent(names))) {
            Files.createDirectory(toPath(names));
            if (!attributes(dir, last(names)).isDirectory()) {
                throw changed(names);
            }
        }
    }

    @Override
    public void symlink(List<String> names, Path target) throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(parent(names))) {
            Files.createSymbolicLink(toPath(names), target);
            if (!attributes(dir, last(names)).isSymbolicLink()) {
                throw changed(names);
            }
        }
    }

    @Override
    public List<String> list(List<String> names) throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(names)) {
            List<String> out = new ArrayList<>();
            for (Path p : dir) {
                out.add(p.getFileName().toString());
            }
            return out;
        }
    }

    @Override
    public List<List<String>> listAlong(List<String> names, int from) throws IOException {
        List<List<String>> out = new ArrayList<>();
        if (names.isEmpty()) {
            return out;
        }
        SecureDirectoryStream<Path> dir = openDir(List.of());
        try {
            for (int i = 0; ; i++) {
                List<String> entries = null;
                if (i >= from) {
                    entries = new ArrayList<>();
                    for (Path p : dir) {
                        entries.add(p.getFileName().toString());
                    }
                }
                out.add(entries);
                if (i + 1 >= names.size()) {
                    return out;
                }
                SecureDirectoryStream<Path> next;
                try {
                    next = dir.newDirectoryStream(name(names.get(i)), NOFOLLOW);
                } catch (NoSuchFileException | NotDirectoryException e) {
                    return out; // missing, or not a directory: nothing below to list
                } catch (AccessDeniedException e) {
                    throw e; // an unreadable directory is not a missing one
                } catch (FileSystemException e) {
                    return out; // a symlink (ELOOP with NOFOLLOW): not a directory here
                }
                dir.close();
                dir = next;
            }
        } finally {
            dir.close();
        }
    }

    @Override
    public Map<String, Boolean> listMarkingDirectories(List<String> names) throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(names)) {
            Map<String, Boolean> out = new HashMap<>();
            for (Path p : dir) {
                Path name = p.getFileName();
                boolean directory;
                try {
                    directory = attributes(dir, name).isDirectory();
                } catch (NoSuchFileException gone) {
                    continue; // removed while listing
                }
                out.put(name.toString(), directory);
            }
            return out;
        }
    }

    @Override
    public void delete(List<String> names, boolean directory) throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(parent(names))) {
            if (directory) {
                dir.deleteDirectory(last(names));
            } else {
                dir.deleteFile(last(names));
            }
        } catch (NotDirectoryException e) {
            throw changed(names);
        }
    }

    @Override
    public void rename(List<String> from, List<String> to) throws IOException {
        try (SecureDirectoryStream<Path> source = openDir(parent(from));
                SecureDirectoryStream<Path> target = openDir(parent(to))) {
            source.move(last(from), target, last(to));
        }
    }

    @Override
    public void setModified(List<String> names, Instant time) throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(parent(names))) {
            dir.getFileAttributeView(last(names), BasicFileAttributeView.class, NOFOLLOW)
                    .setTimes(FileTime.from(time), null, null);
        }
    }

    @Override
    public int linkCount(List<String> names) throws IOException {
        // Only decides whether touch first gives the name its own copy (by handles, below).
        return paths.linkCount(names);
    }

    @Override
    public void setMode(List<String> names, int posixMode) throws IOException {
        try (SecureDirectoryStream<Path> dir = openDir(parent(names))) {
            PosixFileAttributeView view =
                    dir.getFileAttributeView(last(names), PosixFileAttributeView.class, NOFOLLOW);
            if (view != null) {
                view.setPermissions(NioAccess.permissions(posixMode));
            }
        }
    }

    @Override
    public Listing openListing(List<String> names) throws IOException {
        return new HandleListing(openDir(names), names);
    }

    /**
     * A directory held open by its handle: entries are looked at with {@code fstatat}, entered and
     * opened with {@code openat}, all relative to the handle and without following symlinks.
     */
    private final class HandleListing implements Listing {
        private final SecureDirectoryStream<Path> dir;
        private final List<String> names;

        HandleListing(SecureDirectoryStream<Path> dir, List<String> names) {
            this.dir = dir;
            this.names = List.copyOf(names);
        }

        @Override
        public List<String> names() {
            List<String> out = new ArrayList<>();
            for (Path p : dir) {
                out.add(p.getFileName().toString());
            }
            return out;
        }

        @Override
        public Node lstat(String name) throws IOException {
            try {
                PosixFileAttributeView view =
                        dir.getFileAttributeView(
                                name(name), PosixFileAttributeView.class, NOFOLLOW);
                return NioAccess.node(
                        view != null ? view.readAttributes() : attributes(dir, name(name)), null);
            } catch (NoSuchFileException e) {
                return Node.MISSING;
            }
        }

        @Override
        public Listing enter(String name) throws IOException {
            List<String> child = child(name);
            try {
                return new HandleListing(dir.newDirectoryStream(name(name), NOFOLLOW), child);
            } catch (NoSuchFileException e) {
                throw new NoSuchFileException(toPath(child).toString());
            } catch (AccessDeniedException e) {
                throw e;
            } catch (FileSystemException e) {
                throw changed(child); // a symlink or a file now stands there
            }
        }

        /**
         * The count is read by path (the JDK shows no {@code st_nlink} through a handle) together
         * with the file key, and used only when that key is the one of the held directory: a
         * directory swapped in between gives -1. It decides only which entries a walk need not look
         * at, never what is opened.
         */
        @Override
        public int linkCount() {
            try {
                Object held =
                        dir.getFileAttributeView(BasicFileAttributeView.class)
                                .readAttributes()
                                .fileKey();
                Map<String, Object> byPath =
                        Files.readAttributes(toPath(names), "unix:nlink,fileKey", NOFOLLOW);
                return held != null
                                && held.equals(byPath.get("fileKey"))
                                && byPath.get("nlink") instanceof Integer n
                        ? n
                        : -1;
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }

        @Override
        public SeekableByteChannel read(String name) throws IOException {
            Path file = name(name);
            // refuse a special file before opening it: opening a FIFO would block
            if (!attributes(dir, file).isRegularFile()) {
                throw changed(child(name));
            }
            return openSeen(name, file);
        }

        @Override
        public SeekableByteChannel readIfFile(String name) throws IOException {
            Path file = name(name);
            try {
                if (!attributes(dir, file).isRegularFile()) {
                    return null;
                }
            } catch (NoSuchFileException e) {
                return null; // gone since it was listed
            }
            return openSeen(name, file);
        }

        /** Opens {@code file}, just seen to be a regular file, without following a symlink. */
        private SeekableByteChannel openSeen(String name, Path file) throws IOException {
            try {
                return dir.newByteChannel(file, READ_NOFOLLOW);
            } catch (FileSystemException e) {
                if (e instanceof NoSuchFileException || e instanceof AccessDeniedException) {
                    throw e;
                }
                throw changed(child(name));
            }
        }

        private List<String> child(String name) {
            List<String> out = new ArrayList<>(names.size() + 1);
            out.addAll(names);
            out.add(name);
            return out;
        }

        @Override
        public void close() {
            try {
                dir.close();
            } catch (IOException e) {
                // closing a directory handle cannot lose data
            }
        }
    }

    @Override
    public void cleanTemporaries(List<String> directory) throws IOException {
        SecureDirectoryStream<Path> dir;
        try {
            dir = openDir(directory);
        } catch (NoSuchFileException | RaceException e) {
            return; // nothing to clean in a directory that is not there
        }
        try (dir) {
            List<Path> stale = new ArrayList<>();
            for (Path p : dir) {
                if (TempFiles.isStale(p.getFileName().toString())) {
                    stale.add(p.getFileName());
                }
            }
            for (Path p : stale) {
                deleteQuietly(dir, p);
            }
        }
    }
}
