package dev.csl.fsguard;

import java.nio.file.FileSystems;
import java.nio.file.Path;

/** Picks the strongest {@link Access} the file system of a root supports. */
final class Accesses {
    private Accesses() {}

    static Access best(Path root) {
        if (root.getFileSystem() == FileSystems.getDefault()) {
            return new NioAccess(root); // openat-based access arrives in the next delivery
        }
        return new NioAccess(root);
    }
}
