package dev.csl.fsguard;

import java.nio.file.Path;
import java.time.Instant;

/**
 * What {@code stat} says about one path, without following a final symlink.
 *
 * @param type what the path is
 * @param size size in bytes (0 for directories where unknown)
 * @param posixMode permission bits like 0644, or -1 where the file system has none
 * @param modified last modification time
 * @param linkTarget the symlink's target as stored, or {@code null}
 * @param resolved the verified absolute path
 */
public record FileInfo(
        Type type, long size, int posixMode, Instant modified, String linkTarget, Path resolved) {
    public enum Type {
        FILE,
        DIRECTORY,
        SYMLINK,
        MISSING,
        OTHER
    }
}
