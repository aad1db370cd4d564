package dev.csl.fsguard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * Whose directories csl works in and takes settings from (git's {@code safe.directory} is the
 * model): a working directory and its {@code .csl/} must belong to the user csl runs as — root
 * included — unless that user marked the directory safe in their own state. Another user's files
 * are as untrusted as an answer: their {@code .csl/} could approve commands that then run as this
 * user. Where the file system keeps no owners (Windows) nothing is refused on that ground.
 */
public final class Ownership {
    private static final String CSL = ".csl";

    /** Unix mode bits: written by the group, by everyone, and the sticky bit. */
    private static final int GROUP_WRITE = 0020;

    private static final int OTHER_WRITE = 0002;
    private static final int STICKY = 01000;

    private final long uid;
    private final SafeDirectories safe;

    private Ownership(long uid, SafeDirectories safe) {
        this.uid = uid;
        this.safe = safe;
    }

    /**
     * @param uid the user csl runs as, or -1 when unknown (then nothing is refused)
     * @param safe the directories that user marked safe
     */
    public static Ownership of(long uid, SafeDirectories safe) {
        return new Ownership(uid, safe);
    }

    /** The user this process runs as, with the safe directories of its own state. */
    public static Ownership current() {
        return new Ownership(CurrentUser.UID, SafeDirectories.of(UserState.current()));
    }

    /** The uid this process runs as, or -1 when unknown. */
    public static long currentUid() {
        return CurrentUser.UID;
    }

    /** The user's uid, or -1 when unknown. */
    public long uid() {
        return uid;
    }

    /**
     * Who owns a file.
     *
     * @param uid the numeric user id
     * @param name the user's name where the system knows one (else the number again)
     */
    public record Owner(long uid, String name) {
        String describe() {
            return name == null || name.equals(Long.toString(uid))
                    ? "uid " + uid
                    : "uid " + uid + ", " + name;
        }
    }

    /** The owner of {@code path} (a link's own, when it is one), or null when unknown. */
    public static Owner ownerOf(Path path) {
        try {
            Object id = Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            String name;
            try {
                name = Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
            } catch (IOException | UnsupportedOperationException e) {
                name = null;
            }
            return id instanceof Number n ? new Owner(n.longValue(), name) : null;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null; // no owners here (or the file is gone): nothing to refuse
        }
    }

    /**
     * Why csl may not work in {@code dir} or read its {@code .csl/}, or null when it may: both are
     * this user's, or the user marked {@code dir} safe. A link at {@code dir} is followed (the
     * directory reached is the one that counts); {@code .csl} is judged as it is.
     */
    public UnsafeDirectory check(Path dir) {
        if (uid < 0) {
            return null;
        }
        Path real;
        try {
            real = dir.toRealPath();
        } catch (IOException e) {
            real = dir;
        }
        Owner owner = ownerOf(real);
        if (owner != null && owner.uid() != uid && !safe.covers(real)) {
            return UnsafeDirectory.ownedBy(dir, dir, owner, uid);
        }
        Path csl = real.resolve(CSL);
        Owner cslOwner = ownerOf(csl);
        if (cslOwner != null && cslOwner.uid() != uid && !safe.covers(real)) {
            return UnsafeDirectory.ownedBy(dir.resolve(CSL), dir, cslOwner, uid);
        }
        return null;
    }

    /**
     * Why others than its owner may create, replace or rename entries in {@code dir} (nothing
     * followed), or null when they may not: written by everyone, sticky (a shared {@code /tmp}), or
     * written by a group other than the owner's own private group (a group named as its owner, the
     * usual one-user group of a user's files).
     */
    public static String othersMayWrite(Path dir) {
        try {
            Object value = Files.getAttribute(dir, "unix:mode", LinkOption.NOFOLLOW_LINKS);
            if (value instanceof Number n) {
                int mode = n.intValue();
                if ((mode & STICKY) != 0) {
                    return "is a shared (sticky) directory";
                }
                if ((mode & OTHER_WRITE) != 0) {
                    return "is writable by every user";
                }
                return (mode & GROUP_WRITE) != 0 && !ownGroup(dir)
                        ? "is writable by its group"
                        : null;
            }
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            // no unix view: the POSIX permissions, if any, below
        }
        try {
            Set<PosixFilePermission> perms =
                    Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
            if (perms.contains(PosixFilePermission.OTHERS_WRITE)) {
                return "is writable by every user";
            }
            return perms.contains(PosixFilePermission.GROUP_WRITE) && !ownGroup(dir)
                    ? "is writable by its group"
                    : null;
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /** Whether {@code dir}'s group is its owner's private group (named as the owner). */
    private static boolean ownGroup(Path dir) {
        try {
            PosixFileAttributes attributes =
                    Files.readAttributes(dir, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return attributes.group().getName().equals(attributes.owner().getName());
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** The uid this process runs as, found once. */
    private static final class CurrentUser {
        static final long UID = find();

        private CurrentUser() {}

        /**
         * The owner of {@code /proc/self} is the process's user; without {@code /proc}, the owner
         * of a file this process creates.
         */
        private static long find() {
            try {
                Object id = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
                if (id instanceof Number n) {
                    return n.longValue();
                }
            } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
                // no /proc: a file of our own says it
            }
            try {
                Path probe = Files.createTempFile("csl-owner-", ".probe");
                try {
                    Owner own = ownerOf(probe);
                    return own == null ? -1 : own.uid();
                } finally {
                    Files.deleteIfExists(probe);
                }
            } catch (IOException | UnsupportedOperationException e) {
                return -1;
            }
        }
    }
}
