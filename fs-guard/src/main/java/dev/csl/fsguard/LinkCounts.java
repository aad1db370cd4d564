package dev.csl.fsguard;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.util.Set;

/**
 * Whether a directory's link count tells how many subdirectories it holds. On Unix file systems a
 * directory has 2 links (its name in its parent, its own {@code .}) plus one {@code ..} per
 * subdirectory, and GNU find skips looking at the remaining entries once that many were seen. Not
 * every file system counts so: btrfs and overlay's merged directories say 1 (which gives no count),
 * and NFS, CIFS and AFS may say anything. So the count is trusted only on the file systems listed
 * here, found by the mount table; on another file system provider (Jimfs, whose link counts are
 * exact) it is trusted wherever the provider reports one.
 */
final class LinkCounts {
    /** The Linux file systems whose directory link counts are 2 plus the subdirectories. */
    static final Set<String> COUNTING = Set.of("ext2", "ext3", "ext4", "xfs", "tmpfs", "overlay");

    private LinkCounts() {}

    /** Whether the link counts of directories on {@code dir}'s file system count subdirectories. */
    static boolean countSubdirectories(Path dir) {
        if (dir.getFileSystem() != FileSystems.getDefault()) {
            return true;
        }
        String type = Mounts.typeOf(dir);
        return type != null && COUNTING.contains(type);
    }
}
