package dev.csl.fsguard;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Feature;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.TestInstance;

/** The hostile-path corpus on Jimfs: Unix, Windows and macOS-like (case-folding) flavours. */
class JimfsCorpusTest {

    static Configuration withLinks(Configuration c) {
        return c.toBuilder()
                .setSupportedFeatures(
                        Feature.LINKS,
                        Feature.SYMBOLIC_LINKS,
                        Feature.SECURE_DIRECTORY_STREAM,
                        Feature.FILE_CHANNEL)
                .setAttributeViews("basic", "owner", "posix", "unix")
                .build();
    }

    @TestInstance(TestInstance.Lifecycle.PER_CLASS)
    abstract static class OnJimfs extends GuardCorpusContract {
        private FileSystem fs;
        private final AtomicInteger counter = new AtomicInteger();

        abstract Configuration configuration();

        @BeforeAll
        void openFileSystem() {
            fs = Jimfs.newFileSystem(withLinks(configuration()));
        }

        @AfterAll
        void closeFileSystem() throws IOException {
            fs.close();
        }

        @Override
        Path freshParent() throws IOException {
            Path root = fs.getRootDirectories().iterator().next();
            return Files.createDirectories(root.resolve("t" + counter.incrementAndGet()));
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
