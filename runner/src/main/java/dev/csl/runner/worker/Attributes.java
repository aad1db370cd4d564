package dev.csl.runner.worker;

import dev.csl.fsguard.FileInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;

/**
 * The details {@code ls -l} and {@code stat} show beyond the guard's {@link FileInfo}: links,
 * owner, group, inode. Read from the already verified path without following it; where a file
 * system lacks them, plausible defaults.
 */
record Attributes(long links, String owner, String group, int uid, int gid, long inode, long dev) {

    static Attributes of(FileInfo info) {
        Path p = info.resolved();
        long links = 1;
        int uid = 0;
        int gid = 0;
        long inode = 0;
        long dev = 0;
        String owner = "-";
        String group = "-";
        try {
            Map<String, Object> unix = Files.readAttributes(p, "unix:*", LinkOption.NOFOLLOW_LINKS);
            links = ((Number) unix.get("nlink")).longValue();
            uid = ((Number) unix.get("uid")).intValue();
            gid = ((Number) unix.get("gid")).intValue();
            inode = ((Number) unix.get("ino")).longValue();
            dev = ((Number) unix.get("dev")).longValue();
        } catch (IOException | RuntimeException e) {
            // not a Unix file system: keep the defaults
        }
        try {
            PosixFileAttributes posix =
                    Files.readAttributes(p, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            owner = posix.owner().getName();
            group = posix.group().getName();
        } catch (IOException | RuntimeException e) {
            owner = Integer.toString(uid);
            group = Integer.toString(gid);
        }
        return new Attributes(links, owner, group, uid, gid, inode, dev);
    }

    /** {@code drwxr-xr-x}: the type letter and the permission bits, as ls -l shows them. */
    static String modeString(FileInfo info) {
        char type =
                switch (info.type()) {
                    case DIRECTORY -> 'd';
                    case SYMLINK -> 'l';
                    default -> '-';
                };
        int mode = info.posixMode();
        if (mode < 0) {
            mode = info.type() == FileInfo.Type.DIRECTORY ? 0755 : 0644;
        }
        StringBuilder s = new StringBuilder().append(type);
        String rwx = "rwxrwxrwx";
        for (int i = 0; i < 9; i++) {
            s.append((mode & (1 << (8 - i))) != 0 ? rwx.charAt(i) : '-');
        }
        return s.toString();
    }

    static int mode(FileInfo info) {
        if (info.posixMode() >= 0) {
            return info.posixMode();
        }
        return info.type() == FileInfo.Type.DIRECTORY ? 0755 : 0644;
    }

    private static final DateTimeFormatter RECENT =
            DateTimeFormatter.ofPattern("MMM ppd HH:mm", Locale.ROOT);
    private static final DateTimeFormatter OLD =
            DateTimeFormatter.ofPattern("MMM ppd  yyyy", Locale.ROOT);
    private static final DateTimeFormatter FULL =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSSSS Z", Locale.ROOT);

    /** ls -l's time: {@code Nov 21 01:35}, or {@code Mar 3 2024} when older than six months. */
    static String lsTime(Instant t, Instant now) {
        ZonedDateTime z = t.atZone(ZoneId.systemDefault());
        boolean recent = t.isAfter(now.minusSeconds(183L * 24 * 3600)) && !t.isAfter(now);
        return (recent ? RECENT : OLD).format(z);
    }

    /** diff's and stat's time: {@code 2026-11-21 01:35:02.123456789 +0000}. */
    static String fullTime(Instant t) {
        return FULL.format(t.atZone(ZoneId.systemDefault()));
    }
}
