package dev.csl.fsguard;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Guarded operations on the real disk. */
class RealDiskGuardedFilesTest extends GuardedFilesContract {
    @TempDir Path tmp;

    @Override
    Path freshParent() {
        return tmp;
    }
}
