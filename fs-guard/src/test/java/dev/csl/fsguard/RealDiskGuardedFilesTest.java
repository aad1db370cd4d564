package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Guarded operations on the real disk, in the default (race-free on Linux) and portable mode. */
class RealDiskGuardedFilesTest {

    @Nested
    class DefaultMode extends GuardedFilesContract {
        @TempDir Path tmp;

        @Override
        Path freshParent() {
            return tmp;
        }

        @Test
        void mode_withSecureDirectoryStream_isHandleWalk() {
            if (HandleAccess.available(guard.root())) {
                assertThat(guard.mode()).isEqualTo("handle-walk");
            } else {
                assertThat(guard.mode()).isEqualTo("resolve-and-verify");
            }
        }
    }

    @Nested
    class PortableMode extends GuardedFilesContract {
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
