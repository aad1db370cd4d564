package dev.csl.fsguard;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/** The hostile-path corpus on the real disk, with real symlinks, in both access modes. */
class RealDiskCorpusTest {

    @Nested
    class DefaultMode extends GuardCorpusContract {
        @TempDir Path tmp;

        @Override
        Path freshParent() {
            return tmp;
        }
    }

    @Nested
    class PortableMode extends GuardCorpusContract {
        @TempDir Path tmp;

        @Override
        Path freshParent() {
            return tmp;
        }

        @Override
        GuardedFiles openGuard(Path root) throws IOException {
            return Guard.open(root, false);
        }
    }
}
