package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * csl's own installation inside a working directory (a csl checkout in {@code tools/csl}, its cache
 * directory in {@code cache/csl}) is protected like {@code .git} for every kind of change, on Jimfs
 * (Unix, Windows, macOS-like) and on the real disk in both modes; its sources may change.
 */
class InstallationTest {

    abstract static class Contract {
        GuardedFiles guard;
        Path root;
        Installation installation;

        abstract Path freshParent() throws IOException;

        GuardedFiles openGuard(Path root, Installation installation) throws IOException {
            return GuardedFiles.open(root, installation);
        }

        void release() throws IOException {}

        @BeforeEach
        void setUp() throws IOException {
            root = Files.createDirectories(freshParent().resolve("proj"));
            write("tools/csl/csl", "#!/bin/sh\n");
            write("tools/csl/pom.xml", "<project/>\n");
            write("tools/csl/README.md", "csl\n");
            write("tools/csl/cli/target/csl.jar", "PK");
            write("tools/csl/cli/target/csl.aot", "aot");
            write("tools/csl/cli/src/main/java/Main.java", "class Main {}\n");
            write("cache/csl/csl-confine-0123", "ELF");
            write("a.txt", "a\n");
            Path real = root.toRealPath();
            installation =
                    new Installation(
                            List.of(
                                    real.resolve("tools/csl/csl"),
                                    real.resolve("tools/csl/cli/target"),
                                    real.resolve("cache/csl")),
                            real.resolve("tools/csl"));
            guard = openGuard(root, installation);
        }

        @AfterEach
        void tearDown() throws IOException {
            release();
        }

        void write(String rel, String text) throws IOException {
            Path p = root.resolve(rel);
            Files.createDirectories(p.getParent());
            Files.writeString(p, text, UTF_8);
        }

        String read(String rel) throws IOException {
            return Files.readString(root.resolve(rel), UTF_8);
        }

        ErrorCode codeOf(Op op) {
            try {
                op.run();
            } catch (GuardException e) {
                return e.code();
            } catch (IOException e) {
                throw new AssertionError("not a GuardException", e);
            }
            return null;
        }

        interface Op {
            void run() throws IOException;
        }

        @Test
        void writeAtomic_overTheLauncher_refusedAsProtectedPath() throws IOException {
            GuardException e = refused(() -> guard.writeAtomic("tools/csl/csl", bytes("evil")));
            assertThat(e.getMessage()).contains("csl's own installation");
            assertThat(e.hint()).contains("next start");
            assertThat(read("tools/csl/csl")).isEqualTo("#!/bin/sh\n");
        }

        @Test
        void everyChange_toTheJarOrItsCachesOrConfine_refused() throws IOException {
            refused(() -> guard.writeAtomic("tools/csl/cli/target/csl.jar", bytes("x")));
            refused(() -> guard.append("tools/csl/cli/target/csl.aot", bytes("x")));
            refused(() -> guard.writeAtomic("tools/csl/cli/target/csl-worker.aot", bytes("x")));
            refused(() -> guard.delete("tools/csl/cli/target/csl.jar"));
            refused(() -> guard.move("tools/csl/cli/target/csl.jar", "jar"));
            refused(() -> guard.move("a.txt", "tools/csl/cli/target/csl.jar"));
            refused(() -> guard.copy("a.txt", "cache/csl/csl-confine-0123", false));
            refused(() -> guard.createDirectories("tools/csl/cli/target/x"));
            refused(() -> guard.setLastModified("tools/csl/cli/target/csl.jar", Instant.EPOCH));
            refused(() -> guard.resolveForWrite("cache/csl/csl-confine-0123"));
            refused(() -> guard.resolveForDelete("tools/csl/csl"));
            assertThat(read("tools/csl/cli/target/csl.jar")).isEqualTo("PK");
            assertThat(read("cache/csl/csl-confine-0123")).isEqualTo("ELF");
            assertThat(Files.exists(root.resolve("jar"))).isFalse();
        }

        @Test
        void deleteOrMoveOfATree_holdingOwnFiles_refusedBeforeAnythingChanges() throws IOException {
            refused(() -> guard.deleteRecursive("tools"));
            refused(() -> guard.deleteRecursive("tools/csl/cli"));
            refused(() -> guard.move("tools", "elsewhere"));
            refused(() -> guard.deleteRecursive("cache"));
            assertThat(read("tools/csl/README.md")).isEqualTo("csl\n");
            assertThat(read("tools/csl/cli/src/main/java/Main.java")).isEqualTo("class Main {}\n");
        }

        @Test
        void copyOfATree_overOwnFiles_refusedAndWhatItMadeRemoved() throws IOException {
            write("new/cli/aaa.txt", "first\n");
            write("new/cli/target/csl.jar", "EVIL");
            refused(() -> guard.copy("new", "tools/csl", true));
            assertThat(read("tools/csl/cli/target/csl.jar")).isEqualTo("PK");
            assertThat(Files.exists(root.resolve("tools/csl/cli/aaa.txt"))).isFalse();
        }

        @Test
        void aSymlinkToTheLauncher_writtenThrough_refused() throws IOException {
            Files.createSymbolicLink(root.resolve("run-me"), root.resolve("tools/csl/csl"));
            refused(() -> guard.writeAtomic("run-me", bytes("evil")));
            assertThat(read("tools/csl/csl")).isEqualTo("#!/bin/sh\n");
        }

        @Test
        void reads_andTheSources_andOtherFiles_areFine() throws IOException {
            assertThat(new String(guard.readBytes("tools/csl/cli/target/csl.jar"), UTF_8))
                    .isEqualTo("PK");
            guard.writeAtomic("tools/csl/cli/src/main/java/Main.java", bytes("class Main { }\n"));
            guard.writeAtomic("tools/csl/pom.xml", bytes("<project></project>\n"));
            guard.writeAtomic("a.txt", bytes("b\n"));
            guard.copy("tools/csl/cli/target", "copy-of-target", true);
            assertThat(read("copy-of-target/csl.jar")).isEqualTo("PK");
        }

        @Test
        void isSource_whatTheLauncherBuildsFrom() throws IOException {
            Path real = root.toRealPath();
            assertThat(installation.isSource(real.resolve("tools/csl/pom.xml"))).isTrue();
            assertThat(installation.isSource(real.resolve("tools/csl/cli/pom.xml"))).isTrue();
            assertThat(installation.isSource(real.resolve("tools/csl/cli/src/main/java/Main.java")))
                    .isTrue();
            assertThat(installation.isSource(real.resolve("tools/csl/README.md"))).isFalse();
            assertThat(installation.isSource(real.resolve("tools/csl/cli/src/test/T.java")))
                    .isFalse();
            assertThat(installation.isSource(real.resolve("a.txt"))).isFalse();
        }

        @Test
        void workingDirectoryInsideOwnFiles_nothingWritten() throws IOException {
            GuardedFiles inTarget = openGuard(root.resolve("tools/csl/cli/target"), installation);
            assertThat(codeOf(() -> inTarget.writeAtomic("new.txt", bytes("x"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(new String(inTarget.readBytes("csl.jar"), UTF_8)).isEqualTo("PK");
        }

        @Test
        void noInstallation_nothingExtraProtected() throws IOException {
            GuardedFiles plain = openGuard(root, Installation.none());
            plain.writeAtomic("tools/csl/csl", bytes("changed"));
            assertThat(read("tools/csl/csl")).isEqualTo("changed");
        }

        GuardException refused(Op op) {
            try {
                op.run();
            } catch (GuardException e) {
                assertThat(e.code()).as(e.getMessage()).isEqualTo(ErrorCode.PROTECTED_PATH);
                return e;
            } catch (IOException e) {
                throw new AssertionError("not a GuardException", e);
            }
            throw new AssertionError("not refused");
        }

        static byte[] bytes(String s) {
            return s.getBytes(UTF_8);
        }
    }

    @Nested
    class CaseFolding {
        @Test
        void macOsLike_otherLetterCase_stillProtected() throws IOException {
            try (FileSystem fs =
                    Jimfs.newFileSystem(JimfsCorpusTest.withLinks(Configuration.osX()))) {
                Path root = Files.createDirectories(fs.getPath("/w/proj"));
                Files.createDirectories(root.resolve("tools/csl"));
                Files.writeString(root.resolve("tools/csl/csl"), "#!/bin/sh\n");
                Installation own =
                        new Installation(List.of(root.toRealPath().resolve("tools/csl/csl")), null);
                GuardedFiles guard = GuardedFiles.open(root, own);
                try {
                    guard.writeAtomic("TOOLS/CSL/CSL", "evil".getBytes(UTF_8));
                    throw new AssertionError("not refused");
                } catch (GuardException e) {
                    assertThat(e.code()).isEqualTo(ErrorCode.PROTECTED_PATH);
                }
            }
        }
    }

    @Nested
    class Finding {
        @TempDir Path tmp;

        @Test
        void find_singleJar_protectsItsDirectory_theLauncher_andTheCache() throws IOException {
            Path checkout = Files.createDirectories(tmp.resolve("checkout/cli/target"));
            Files.writeString(checkout.resolve("csl.jar"), "PK");
            Path launcher = Files.writeString(tmp.resolve("checkout/csl"), "#!/bin/sh\n");
            Path bin = Files.createDirectories(tmp.resolve("bin"));
            Files.createSymbolicLink(bin.resolve("csl"), launcher);
            Installation found =
                    Installation.find(
                            launcher.toString(),
                            bin.resolve("csl").toString(),
                            null,
                            checkout.resolve("csl.jar").toString(),
                            tmp.resolve("cache/csl"));
            Path real = tmp.toRealPath();
            assertThat(found.paths())
                    .containsExactly(
                            real.resolve("checkout/csl"),
                            real.resolve("bin/csl"),
                            real.resolve("checkout/cli/target"),
                            real.resolve("cache/csl"));
            assertThat(found.sources()).isEqualTo(real.resolve("checkout"));
        }

        @Test
        void find_classPathOfDirectories_protectsEachEntry_noSources() throws IOException {
            Path a = Files.createDirectories(tmp.resolve("a/classes"));
            Path b = Files.writeString(tmp.resolve("lib.jar"), "PK");
            Installation found =
                    Installation.find(
                            null, null, null, a + File.pathSeparator + b, tmp.resolve("cache/csl"));
            Path real = tmp.toRealPath();
            assertThat(found.paths())
                    .containsExactly(
                            real.resolve("a/classes"),
                            real.resolve("lib.jar"),
                            real.resolve("cache/csl"));
            assertThat(found.sources()).isNull();
        }
    }

    abstract static class OnJimfs extends Contract {
        private FileSystem fs;

        abstract Configuration configuration();

        @Override
        Path freshParent() throws IOException {
            fs = Jimfs.newFileSystem(JimfsCorpusTest.withLinks(configuration()));
            return Files.createDirectories(fs.getRootDirectories().iterator().next().resolve("t"));
        }

        @Override
        void release() throws IOException {
            fs.close();
        }
    }

    @Nested
    class JimfsUnix extends OnJimfs {
        @Override
        Configuration configuration() {
            return Configuration.unix();
        }
    }

    @Nested
    class JimfsWindows extends OnJimfs {
        @Override
        Configuration configuration() {
            return Configuration.windows();
        }
    }

    @Nested
    class JimfsMacOs extends OnJimfs {
        @Override
        Configuration configuration() {
            return Configuration.osX();
        }
    }

    @Nested
    class RealDisk extends Contract {
        @TempDir Path tmp;

        @Override
        Path freshParent() {
            return tmp;
        }
    }

    @Nested
    class RealDiskPortable extends Contract {
        @TempDir Path tmp;

        @Override
        Path freshParent() {
            return tmp;
        }

        @Override
        GuardedFiles openGuard(Path root, Installation installation) throws IOException {
            return Guard.open(root, false, installation);
        }
    }
}
