package dev.csl.fsguard;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;

/** Guarded operations on Jimfs: Unix, Windows and macOS-like flavours. */
class JimfsGuardedFilesTest {

    abstract static class OnJimfs extends GuardedFilesContract {
        private FileSystem fs;

        abstract Configuration configuration();

        @Override
        Path freshParent() throws IOException {
            fs = Jimfs.newFileSystem(JimfsCorpusTest.withLinks(configuration()));
            Path root = fs.getRootDirectories().iterator().next();
            return Files.createDirectories(root.resolve("t"));
        }

        @Override
        void release() throws IOException {
            fs.close();
        }
    }

    @Nested
    class Unix extends OnJimfs {
        @Override
        Configuration configuration() {
            return Configuration.unix();
        }
    }

    @Nested
    class Windows extends OnJimfs {
        @Override
        Configuration configuration() {
            return Configuration.windows();
        }
    }

    @Nested
    class MacOs extends OnJimfs {
        @Override
        Configuration configuration() {
            return Configuration.osX();
        }
    }
}
