package dev.csl.fsguard;

/** Words for the file types behind a POSIX {@code st_mode}. */
final class FileKinds {
    static final int S_IFMT = 0170000;
    static final int S_IFIFO = 0010000;
    static final int S_IFCHR = 0020000;
    static final int S_IFDIR = 0040000;
    static final int S_IFBLK = 0060000;
    static final int S_IFREG = 0100000;
    static final int S_IFLNK = 0120000;
    static final int S_IFSOCK = 0140000;

    private FileKinds() {}

    static String describe(int mode) {
        switch (mode & S_IFMT) {
            case S_IFIFO:
                return "a FIFO";
            case S_IFCHR:
                return "a character device";
            case S_IFBLK:
                return "a block device";
            case S_IFSOCK:
                return "a socket";
            case S_IFDIR:
                return "a directory";
            case S_IFLNK:
                return "a symlink";
            case S_IFREG:
                return "a regular file";
            default:
                return "a special file";
        }
    }
}
