package dev.csl.fsguard;

import java.nio.file.FileSystems;
import java.nio.file.Path;

/** Picks the strongest {@link Access} the file system of a root supports. */
final class Accesses {
    private Accesses() {}

    static Access best(Path root) {
        if (root.getFileSystem() == FileSystems.getDefault() && LinuxAccess.available()) {
            return new LinuxAccess(root);
        }
        return new NioAccess(root);
    }
}
