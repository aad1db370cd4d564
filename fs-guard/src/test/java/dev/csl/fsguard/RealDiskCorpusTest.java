package dev.csl.fsguard;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/** The hostile-path corpus on the real disk, with real symlinks, in both access modes. */
class RealDiskCorpusTest {
    /** One temporary directory for all cases, removed once at the end: faster than one per case. */
    @TempDir static Path tmp;

    private static final AtomicInteger COUNTER = new AtomicInteger();

    static Path fresh() throws IOException {
        return Files.createDirectory(tmp.resolve("c" + COUNTER.incrementAndGet()));
    }

    @Nested
    class DefaultMode extends GuardCorpusContract {
        @Override
        Path freshParent() throws IOException {
            return fresh();
        }
    }

    @Nested
    class PortableMode extends GuardCorpusContract {
        @Override
        Path freshParent() throws IOException {
            return fresh();
        }

        @Override
        GuardedFiles openGuard(Path root) throws IOException {
            return Guard.open(root, false);
        }
    }
}
