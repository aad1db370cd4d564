package dev.csl.fsguard;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The hostile-path corpus on the real disk, with real symlinks. */
class RealDiskCorpusTest extends GuardCorpusContract {
    @TempDir Path tmp;

    @Override
    Path freshParent() {
        return tmp;
    }
}
