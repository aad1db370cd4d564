package dev.csl.fsguard;

import java.nio.file.FileSystems;
import java.nio.file.Path;

/** Picks the strongest {@link Access} the file system of a root supports. */
final class Accesses {
    private Accesses() {}

    static Access best(Path root) {
        // Jimfs has secure directory streams too, but its move() does not replace an existing
        // target the way renameat does, so handles are used on the default file system only.
        if (root.getFileSystem() == FileSystems.getDefault() && HandleAccess.available(root)) {
            return new HandleAccess(root);
        }
        return new NioAccess(root);
    }
}
