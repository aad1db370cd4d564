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
        void setLastModified_hardLinkToFileOutside_outsideTimesUntouched() throws IOException {
            Path outsideFile = w.outside.resolve("secret.txt");
            java.nio.file.attribute.FileTime before =
                    java.nio.file.Files.getLastModifiedTime(outsideFile);
            Path hard = w.root.resolve("hard.txt");
            java.nio.file.Files.createLink(hard, outsideFile);
            java.time.Instant when = java.time.Instant.parse("2001-02-03T04:05:06Z");

            guard.setLastModified("hard.txt", when);

            assertThat(java.nio.file.Files.getLastModifiedTime(outsideFile)).isEqualTo(before);
            assertThat(java.nio.file.Files.getLastModifiedTime(hard).toInstant()).isEqualTo(when);
            assertThat(java.nio.file.Files.readString(hard)).isEqualTo("secret\n");
            assertThat(java.nio.file.Files.isSameFile(hard, outsideFile)).isFalse();
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
