package dev.csl.fsguard;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Resolve-and-verify on any {@link FileSystem} (Jimfs, or a real disk where no directory handles
 * are available): operations take paths and never follow a symlink in the last name; a swap between
 * the guard's check and this use is not prevented.
 */
final class NioAccess implements Access {
    private static final LinkOption[] NOFOLLOW = {LinkOption.NOFOLLOW_LINKS};

    private final Path root;
    private final boolean posix;
    private final boolean unix;

    NioAccess(Path root) {
        this.root = root;
        Set<String> views = root.getFileSystem().supportedFileAttributeViews();
        this.posix = views.contains("posix");
        this.unix = views.contains("unix");
    }

    @Override
    public String mode() {
        return "resolve-and-verify";
    }

    @Override
    public Path toPath(List<String> names) {
        Path p = root;
        for (String n : names) {
            p = p.resolve(n);
        }
        return p;
    }

    @Override
    public Node lstat(List<String> names) throws IOException {
        Path p = toPath(names);
        try {
            BasicFileAttributes a =
                    posix
                            ? Files.readAttributes(p, PosixFileAttributes.class, NOFOLLOW)
                            : Files.readAttributes(p, BasicFileAttributes.class, NOFOLLOW);
            return node(a, a.isOther() ? otherKind(p) : null);
        } catch (NoSuchFileException | NotDirectoryException e) {
            return Node.MISSING;
        }
    }

    /** The node for attributes read without following; {@code otherKind} names a special file. */
    static Node node(BasicFileAttributes a, String otherKind) {
        int mode = a instanceof PosixFileAttributes pa ? modeBits(pa.permissions()) : -1;
        FileInfo.Type type;
        String kind;
        if (a.isSymbolicLink()) {
            type = FileInfo.Type.SYMLINK;
            kind = "symlink";
        } else if (a.isDirectory()) {
            type = FileInfo.Type.DIRECTORY;
            kind = "directory";
        } else if (a.isRegularFile()) {
            type = FileInfo.Type.FILE;
            kind = "file";
        } else {
            type = FileInfo.Type.OTHER;
            kind = otherKind == null ? "special file" : otherKind;
        }
        return new Node(type, kind, a.size(), mode, a.lastModifiedTime().toInstant());
    }

    private String otherKind(Path p) {
        if (!unix) {
            return "special file";
        }
        try {
            int mode = (Integer) Files.getAttribute(p, "unix:mode", NOFOLLOW);
            return FileKinds.describe(mode);
        } catch (IOException | RuntimeException e) {
            return "special file";
        }
    }

    @Override
    public Path readLink(List<String> names) throws IOException {
        return Files.readSymbolicLink(toPath(names));
    }

    @Override
    public byte[] read(List<String> names) throws IOException {
        try (SeekableByteChannel ch =
                Files.newByteChannel(toPath(names), Set.of(StandardOpenOption.READ, NOFOLLOW[0]))) {
            return readAll(ch);
        }
    }

    static byte[] readAll(SeekableByteChannel ch) throws IOException {
        long size = ch.size();
        if (size > Integer.MAX_VALUE - 16) {
            throw new IOException("File too large");
        }
        ByteBuffer buf = ByteBuffer.allocate((int) size);
        while (buf.hasRemaining() && ch.read(buf) >= 0) {
            // read until full or end of file
        }
        if (buf.hasRemaining()) {
            byte[] out = new byte[buf.position()];
            buf.flip().get(out);
            return out;
        }
        return buf.array();
    }

    @Override
    public void replace(List<String> names, byte[] content, int posixMode) throws IOException {
        renameTemporary(names, writeTemporary(names, content, posixMode));
        forceDirectory(toPath(names).getParent());
    }

    @Override
    public String writeTemporary(List<String> names, byte[] content, int posixMode)
            throws IOException {
        String name = TempFiles.newName();
        Path tmp = toPath(names).getParent().resolve(name);
        try {
            try (SeekableByteChannel ch =
                    Files.newByteChannel(
                            tmp,
                            Set.of(
                                    StandardOpenOption.CREATE_NEW,
                                    StandardOpenOption.WRITE,
                                    NOFOLLOW[0]))) {
                ByteBuffer buf = ByteBuffer.wrap(content);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
                if (ch instanceof FileChannel fc) {
                    fc.force(true);
                }
            }
            if (posix && posixMode >= 0) {
                Files.setPosixFilePermissions(tmp, permissions(posixMode));
            }
            return name;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    @Override
    public IOException[] renameTemporaries(
            List<String> directory, List<String> targets, List<String> temporaries) {
        IOException[] failures = new IOException[targets.size()];
        boolean any = false;
        for (int i = 0; i < targets.size(); i++) {
            List<String> names = new ArrayList<>(directory);
            names.add(targets.get(i));
            try {
                renameTemporary(names, temporaries.get(i));
                any = true;
            } catch (IOException e) {
                failures[i] = e;
            }
        }
        if (any) {
            forceDirectory(toPath(directory));
        }
        return failures;
    }

    private void renameTemporary(List<String> names, String temporary) throws IOException {
        Path target = toPath(names);
        Path tmp = target.getParent().resolve(temporary);
        try {
            try {
                Files.move(
                        tmp,
                        target,
                        StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    /** Makes the rename durable; not every file system can open a directory, which is fine. */
    private static void forceDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | RuntimeException e) {
            // Jimfs and some platforms cannot sync a directory; the rename is still atomic.
        }
    }

    @Override
    public void mkdir(List<String> names) throws IOException {
        Files.createDirectory(toPath(names));
    }

    @Override
    public List<String> list(List<String> names) throws IOException {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(toPath(names))) {
            for (Path p : ds) {
                out.add(p.getFileName().toString());
            }
        }
        return out;
    }

    @Override
    public Map<String, Boolean> listMarkingDirectories(List<String> names) throws IOException {
        Map<String, Boolean> out = new HashMap<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(toPath(names))) {
            for (Path p : ds) {
                boolean directory;
                try {
                    directory =
                            Files.readAttributes(p, BasicFileAttributes.class, NOFOLLOW)
                                    .isDirectory();
                } catch (NoSuchFileException gone) {
                    continue; // removed while listing
                }
                out.put(p.getFileName().toString(), directory);
            }
        }
        return out;
    }

    @Override
    public void delete(List<String> names, boolean directory) throws IOException {
        Files.delete(toPath(names));
    }

    @Override
    public void rename(List<String> from, List<String> to) throws IOException {
        Files.move(
                toPath(from),
                toPath(to),
                StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void symlink(List<String> names, Path target) throws IOException {
        Files.createSymbolicLink(toPath(names), target);
    }

    @Override
    public void setModified(List<String> names, Instant time) throws IOException {
        Files.getFileAttributeView(toPath(names), BasicFileAttributeView.class, NOFOLLOW)
                .setTimes(FileTime.from(time), null, null);
    }

    @Override
    public void setMode(List<String> names, int posixMode) throws IOException {
        PosixFileAttributeView view =
                Files.getFileAttributeView(toPath(names), PosixFileAttributeView.class, NOFOLLOW);
        if (view != null) {
            view.setPermissions(permissions(posixMode));
        }
    }

    @Override
    public int linkCount(List<String> names) throws IOException {
        if (!unix) {
            return 1;
        }
        Object count = Files.getAttribute(toPath(names), "unix:nlink", NOFOLLOW);
        return count instanceof Integer n ? n : 1;
    }

    @Override
    public Object deviceOf(List<String> names) throws IOException {
        Path p = toPath(names);
        if (unix) {
            return Files.getAttribute(p, "unix:dev", NOFOLLOW);
        }
        return Files.getFileStore(p).name();
    }

    @Override
    public void cleanTemporaries(List<String> directory) throws IOException {
        Path dir = toPath(directory);
        try (DirectoryStream<Path> ds =
                Files.newDirectoryStream(dir, p -> TempFiles.isStale(p.getFileName().toString()))) {
            for (Path p : ds) {
                Files.deleteIfExists(p);
            }
        } catch (NoSuchFileException | NotDirectoryException e) {
            // nothing to clean
        }
    }

    @Override
    public Listing openListing(List<String> names) throws IOException {
        if (!lstat(names).isDirectory()) {
            throw new RaceException(
                    toPath(names) + " is no longer the directory the guard verified");
        }
        return new PathListing(names);
    }

    /**
     * A directory used by path: each entry is checked without following it right before it is
     * entered or read (resolve-and-verify; a swap in between is not prevented in this mode).
     */
    private final class PathListing implements Listing {
        private final List<String> dir;

        PathListing(List<String> dir) {
            this.dir = List.copyOf(dir);
        }

        @Override
        public List<String> names() throws IOException {
            return list(dir);
        }

        @Override
        public Node lstat(String name) throws IOException {
            return NioAccess.this.lstat(child(name));
        }

        @Override
        public Listing enter(String name) throws IOException {
            return openListing(child(name));
        }

        @Override
        public int linkCount() {
            if (!unix) {
                return -1;
            }
            try {
                return Files.getAttribute(toPath(dir), "unix:nlink", NOFOLLOW) instanceof Integer n
                        ? n
                        : -1;
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }

        @Override
        public SeekableByteChannel read(String name) throws IOException {
            List<String> file = child(name);
            Node n = NioAccess.this.lstat(file);
            if (!n.exists()) {
                throw new NoSuchFileException(toPath(file).toString());
            }
            if (!n.isFile()) {
                throw new RaceException(toPath(file) + " is not the regular file the guard saw");
            }
            return Files.newByteChannel(toPath(file), Set.of(StandardOpenOption.READ, NOFOLLOW[0]));
        }

        @Override
        public SeekableByteChannel readIfFile(String name) throws IOException {
            return NioAccess.this.lstat(child(name)).isFile() ? read(name) : null;
        }

        private List<String> child(String name) {
            List<String> out = new ArrayList<>(dir.size() + 1);
            out.addAll(dir);
            out.add(name);
            return out;
        }

        @Override
        public void close() {
            // nothing held open
        }
    }

    static int modeBits(Set<PosixFilePermission> perms) {
        int mode = 0;
        for (PosixFilePermission p : perms) {
            mode |= 0400 >> p.ordinal();
        }
        return mode;
    }

    static Set<PosixFilePermission> permissions(int mode) {
        Set<PosixFilePermission> out = EnumSet.noneOf(PosixFilePermission.class);
        for (PosixFilePermission p : PosixFilePermission.values()) {
            if ((mode & (0400 >> p.ordinal())) != 0) {
                out.add(p);
            }
        }
        return out;
    }
}
