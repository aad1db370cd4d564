package dev.csl.fsguard;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import java.nio.charset.Charset;
import java.util.Locale;

/**
 * The few Linux libc calls the race-free access needs, bound with JNA direct mapping. Every path
 * argument is a NUL-terminated byte array in the JVM's file-name encoding, so names reach the
 * kernel exactly as {@code java.nio} would send them. Loaded lazily; {@link #LOADED} says whether
 * binding worked on this machine.
 */
final class LibC {
    static final boolean LOADED;

    // open(2) flags differ between architectures; only these two are supported.
    static final int O_RDONLY = 0;
    static final int O_WRONLY = 1;
    static final int O_CREAT = 0100;
    static final int O_EXCL = 0200;
    static final int O_NONBLOCK = 04000;
    static final int O_CLOEXEC = 02000000;
    static final int O_DIRECTORY;
    static final int O_NOFOLLOW;

    static final int AT_FDCWD = -100;
    static final int AT_SYMLINK_NOFOLLOW = 0x100;
    static final int AT_REMOVEDIR = 0x200;
    static final int AT_EMPTY_PATH = 0x1000;
    static final int STATX_BASIC_STATS = 0x7ff;

    static final int EPERM = 1;
    static final int ENOENT = 2;
    static final int EACCES = 13;
    static final int EEXIST = 17;
    static final int EXDEV = 18;
    static final int ENOTDIR = 20;
    static final int EISDIR = 21;
    static final int ENOTEMPTY = 39;
    static final int ELOOP = 40;

    static final Charset NAMES = Charset.forName(System.getProperty("sun.jnu.encoding", "UTF-8"));

    static {
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        boolean x86 = arch.equals("amd64") || arch.equals("x86_64");
        boolean arm = arch.equals("aarch64");
        O_DIRECTORY = arm ? 040000 : 0200000;
        O_NOFOLLOW = arm ? 0100000 : 0400000;
        boolean loaded = false;
        if (os.equals("linux") && (x86 || arm)) {
            try {
                Native.register(LibC.class, NativeLibrary.getInstance("c"));
                loaded = true;
            } catch (Throwable e) { // NOPMD: any linkage problem means "not available here"
                loaded = false;
            }
        }
        LOADED = loaded;
    }

    private LibC() {}

    static byte[] name(String s) {
        byte[] raw = s.getBytes(NAMES);
        byte[] out = new byte[raw.length + 1];
        System.arraycopy(raw, 0, out, 0, raw.length);
        return out;
    }

    static native int open(byte[] path, int flags, int mode) throws LastErrorException;

    static native int openat(int dirfd, byte[] path, int flags, int mode) throws LastErrorException;

    static native int close(int fd) throws LastErrorException;

    static native int statx(int dirfd, byte[] path, int flags, int mask, Pointer buf)
            throws LastErrorException;

    static native long readlinkat(int dirfd, byte[] path, byte[] buf, long size)
            throws LastErrorException;

    static native int mkdirat(int dirfd, byte[] path, int mode) throws LastErrorException;

    static native int unlinkat(int dirfd, byte[] path, int flags) throws LastErrorException;

    static native int renameat(int olddirfd, byte[] oldpath, int newdirfd, byte[] newpath)
            throws LastErrorException;

    static native int symlinkat(byte[] target, int newdirfd, byte[] linkpath)
            throws LastErrorException;

    static native int fchmod(int fd, int mode) throws LastErrorException;

    static native int fsync(int fd) throws LastErrorException;

    static native int utimensat(int dirfd, byte[] path, Pointer times, int flags)
            throws LastErrorException;
}
