package dev.csl.fsguard;

import com.sun.jna.LastErrorException;
import com.sun.jna.Memory;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Race-free use on Linux: every operation opens the verified directory names one at a time from the
 * root with {@code openat(O_NOFOLLOW | O_DIRECTORY)} and acts on the last name relative to that
 * handle ({@code openat}, {@code renameat}, {@code unlinkat}, {@code mkdirat} …). The names the
 * resolver verified contain no symlink, so if anything on the way was swapped for a symlink after
 * the check, the kernel refuses ({@code ELOOP}/{@code ENOTDIR}) and nothing outside is touched:
 * check and use cannot disagree. File contents go through {@code /proc/self/fd/N}, which names the
 * already opened file, never a path.
 *
 * <p>Attribute reads for the resolver itself ({@link #lstat}, {@link #readLink}) stay path-based:
 * they only steer the resolution, and every use re-checks under handles.
 */
final class LinuxAccess implements Access {
    private static final int DIR_FLAGS =
            LibC.O_RDONLY | LibC.O_DIRECTORY | LibC.O_NOFOLLOW | LibC.O_CLOEXEC;
    private static final long UTIME_OMIT = (1L << 30) - 2;

    private final Path root;
    private final byte[] rootBytes;
    private final NioAccess paths;

    LinuxAccess(Path root) {
        this.root = root;
        this.rootBytes = LibC.name(root.toString());
        this.paths = new NioAccess(root);
    }

    /** True on Linux x86-64 and aarch64 when libc binds and /proc/self/fd exists. */
    static boolean available() {
        try {
            return LibC.LOADED && Files.isDirectory(Path.of("/proc/self/fd"));
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    @Override
    public String mode() {
        return "openat-nofollow";
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

    // ---- the walk -------------------------------------------------------------------------

    /** Opens the directory {@code dirs} below the root without following any symlink. */
    private int openDir(List<String> dirs) throws IOException {
        int fd;
        try {
            fd = LibC.open(rootBytes, DIR_FLAGS, 0);
        } catch (LastErrorException e) {
            throw error(e, List.of());
        }
        for (int i = 0; i < dirs.size(); i++) {
            int next;
            try {
                next = LibC.openat(fd, LibC.name(dirs.get(i)), DIR_FLAGS, 0);
            } catch (LastErrorException e) {
                close(fd);
                throw error(e, dirs.subList(0, i + 1));
            }
            close(fd);
            fd = next;
        }
        return fd;
    }

    private static void close(int fd) {
        try {
            LibC.close(fd);
        } catch (LastErrorException e) {
            // nothing sensible to do about a failed close of a read-only handle
        }
    }

    private static Path proc(int fd) {
        return Path.of("/proc/self/fd/" + fd);
    }

    private IOException error(LastErrorException e, List<String> names) {
        String path = toPath(names).toString();
        switch (e.getErrorCode()) {
            case LibC.ELOOP:
            case LibC.ENOTDIR:
                return new RaceException(
                        path
                                + " is no longer what the guard verified (a symlink or file appeared)");
            case LibC.ENOENT:
                return new NoSuchFileException(path);
            case LibC.EACCES:
            case LibC.EPERM:
                return new AccessDeniedException(path);
            case LibC.EEXIST:
                return new FileAlreadyExistsException(path);
            case LibC.ENOTEMPTY:
                return new DirectoryNotEmptyException(path);
            case LibC.EISDIR:
                return new FileSystemException(path, null, "Is a directory");
            case LibC.EXDEV:
                return new AtomicMoveNotSupportedException(path, null, "another file system");
            default:
                return new FileSystemException(path, null, "error " + e.getErrorCode());
        }
    }

    private static List<String> parent(List<String> names) {
        return names.subList(0, names.size() - 1);
    }

    private static byte[] last(List<String> names) {
        return LibC.name(names.get(names.size() - 1));
    }

    private static int modeOf(int fd) throws LastErrorException {
        try (Memory buf = new Memory(256)) {
            LibC.statx(fd, new byte[1], LibC.AT_EMPTY_PATH, LibC.STATX_BASIC_STATS, buf);
            return buf.getShort(28) & 0xffff;
        }
    }

    // ---- operations -----------------------------------------------------------------------

    @Override
    public byte[] read(List<String> names) throws IOException {
        int dir = openDir(parent(names));
        try {
            int fd;
            try {
                fd =
                        LibC.openat(
                                dir,
                                last(names),
                                LibC.O_RDONLY | LibC.O_NOFOLLOW | LibC.O_NONBLOCK | LibC.O_CLOEXEC,
                                0);
            } catch (LastErrorException e) {
                throw error(e, names);
            }
            try {
                int mode = modeOf(fd);
                if ((mode & FileKinds.S_IFMT) != FileKinds.S_IFREG) {
                    throw new RaceException(
                            toPath(names) + " is now " + FileKinds.describe(mode) + ", not a file");
                }
                return Files.readAllBytes(proc(fd));
            } catch (LastErrorException e) {
                throw error(e, names);
            } finally {
                close(fd);
            }
        } finally {
            close(dir);
        }
    }

    @Override
    public void replace(List<String> names, byte[] content, int posixMode) throws IOException {
        int dir = openDir(parent(names));
        byte[] tmp = LibC.name(TempFiles.newName());
        try {
            int fd;
            try {
                fd =
                        LibC.openat(
                                dir,
                                tmp,
                                LibC.O_WRONLY
                                        | LibC.O_CREAT
                                        | LibC.O_EXCL
                                        | LibC.O_NOFOLLOW
                                        | LibC.O_CLOEXEC,
                                0666);
            } catch (LastErrorException e) {
                throw error(e, parent(names));
            }
            boolean renamed = false;
            try {
                try (FileChannel ch = FileChannel.open(proc(fd), StandardOpenOption.WRITE)) {
                    ByteBuffer buf = ByteBuffer.wrap(content);
                    while (buf.hasRemaining()) {
                        ch.write(buf);
                    }
                    ch.force(true);
                }
                if (posixMode >= 0) {
                    LibC.fchmod(fd, posixMode);
                }
                LibC.renameat(dir, tmp, dir, last(names));
                renamed = true;
                LibC.fsync(dir);
            } catch (LastErrorException e) {
                throw error(e, names);
            } finally {
                close(fd);
                if (!renamed) {
                    unlinkQuietly(dir, tmp);
                }
            }
        } finally {
            close(dir);
        }
    }

    private static void unlinkQuietly(int dir, byte[] name) {
        try {
            LibC.unlinkat(dir, name, 0);
        } catch (LastErrorException e) {
            // already gone
        }
    }

    @Override
    public void mkdir(List<String> names) throws IOException {
        int dir = openDir(parent(names));
        try {
            LibC.mkdirat(dir, last(names), 0777);
        } catch (LastErrorException e) {
            throw error(e, names);
        } finally {
            close(dir);
        }
    }

    @Override
    public List<String> list(List<String> names) throws IOException {
        int dir = openDir(names);
        try {
            return listOpen(dir);
        } finally {
            close(dir);
        }
    }

    private static List<String> listOpen(int dir) throws IOException {
        List<String> out = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(proc(dir))) {
            for (Path p : ds) {
                out.add(p.getFileName().toString());
            }
        }
        return out;
    }

    @Override
    public void delete(List<String> names, boolean directory) throws IOException {
        int dir = openDir(parent(names));
        try {
            LibC.unlinkat(dir, last(names), directory ? LibC.AT_REMOVEDIR : 0);
        } catch (LastErrorException e) {
            throw error(e, names);
        } finally {
            close(dir);
        }
    }

    @Override
    public void rename(List<String> from, List<String> to) throws IOException {
        int fromDir = openDir(parent(from));
        try {
            int toDir = openDir(parent(to));
            try {
                LibC.renameat(fromDir, last(from), toDir, last(to));
                LibC.fsync(toDir);
            } catch (LastErrorException e) {
                throw error(e, to);
            } finally {
                close(toDir);
            }
        } finally {
            close(fromDir);
        }
    }

    @Override
    public void symlink(List<String> names, Path target) throws IOException {
        int dir = openDir(parent(names));
        try {
            LibC.symlinkat(LibC.name(target.toString()), dir, last(names));
        } catch (LastErrorException e) {
            throw error(e, names);
        } finally {
            close(dir);
        }
    }

    @Override
    public void setModified(List<String> names, Instant time) throws IOException {
        int dir = openDir(parent(names));
        try (Memory times = new Memory(32)) {
            times.setLong(0, 0);
            times.setLong(8, UTIME_OMIT);
            times.setLong(16, time.getEpochSecond());
            times.setLong(24, time.getNano());
            LibC.utimensat(dir, last(names), times, LibC.AT_SYMLINK_NOFOLLOW);
        } catch (LastErrorException e) {
            throw error(e, names);
        } finally {
            close(dir);
        }
    }

    @Override
    public Object deviceOf(List<String> names) throws IOException {
        int dir = openDir(names);
        try (Memory buf = new Memory(256)) {
            LibC.statx(dir, new byte[1], LibC.AT_EMPTY_PATH, LibC.STATX_BASIC_STATS, buf);
            return ((long) buf.getInt(136) << 32) | (buf.getInt(140) & 0xffffffffL);
        } catch (LastErrorException e) {
            throw error(e, names);
        } finally {
            close(dir);
        }
    }

    @Override
    public void cleanTemporaries(List<String> directory) throws IOException {
        int dir;
        try {
            dir = openDir(directory);
        } catch (NoSuchFileException | RaceException e) {
            return; // nothing to clean in a directory that is not there
        }
        try {
            for (String name : listOpen(dir)) {
                if (TempFiles.isStale(name)) {
                    unlinkQuietly(dir, LibC.name(name));
                }
            }
        } finally {
            close(dir);
        }
    }
}
