package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/guard.md, "Repository-shaped directories": no operation creates a directory git would take
 * for a repository (HEAD with objects/ and refs/, or HEAD with commondir), in any order and letter
 * case, and nothing inside one is written or deleted. On Jimfs (Unix, Windows, macOS-like) and on
 * the real disk in both modes.
 */
class RepositoryShapesTest {

    abstract static class Contract {
        GuardedFiles guard;
        Path root;
        Map<String, String> outsideBefore;
        Workspace w;

        abstract Path freshParent() throws IOException;

        GuardedFiles openGuard(Path root) throws IOException {
            return GuardedFiles.open(root);
        }

        void release() throws IOException {}

        @BeforeEach
        void setUp() throws IOException {
            w = Workspace.create(freshParent());
            root = w.root;
            guard = openGuard(root);
            outsideBefore = w.snapshotOutside();
        }

        @AfterEach
        void outsideUnchanged() throws IOException {
            try {
                assertThat(w.snapshotOutside()).isEqualTo(outsideBefore);
            } finally {
                release();
            }
        }

        static byte[] bytes(String s) {
            return s.getBytes(UTF_8);
        }

        ErrorCode codeOf(Contract.Op op) {
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

        boolean exists(String path) {
            return Files.exists(root.resolve(path), LinkOption.NOFOLLOW_LINKS);
        }

        @Test
        void write_headAfterObjectsAndRefs_refusedAsProtectedPath() throws IOException {
            guard.createDirectories("x/objects");
            guard.createDirectories("x/refs/heads");
            guard.writeAtomic("x/config", bytes("[core]\n\tfsmonitor = ./evil\n"));

            assertThat(codeOf(() -> guard.writeAtomic("x/HEAD", bytes("ref: refs/heads/main\n"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(exists("x/HEAD")).isFalse();
        }

        @Test
        void mkdir_refsAfterHeadAndObjects_refused() throws IOException {
            guard.writeAtomic("x/HEAD", bytes("ref: refs/heads/main\n"));
            guard.createDirectories("x/objects");

            assertThat(codeOf(() -> guard.createDirectories("x/refs")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(codeOf(() -> guard.writeAtomic("x/refs/heads/main", bytes("0\n"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(exists("x/refs")).isFalse();
        }

        @Test
        void write_caseVariants_refused() throws IOException {
            guard.writeAtomic("x/head", bytes("ref: refs/heads/main\n"));
            guard.createDirectories("x/Objects");

            assertThat(codeOf(() -> guard.createDirectories("x/REFS")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
        }

        @Test
        void write_headWithCommondir_refused() throws IOException {
            guard.writeAtomic("x/HEAD", bytes("ref: refs/heads/main\n"));

            assertThat(codeOf(() -> guard.writeAtomic("x/commondir", bytes("../.git\n"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
        }

        @Test
        void write_atTheRoot_refused() throws IOException {
            guard.writeAtomic("HEAD", bytes("ref: refs/heads/main\n"));
            guard.createDirectories("objects");

            assertThat(codeOf(() -> guard.createDirectories("refs/heads")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
        }

        @Test
        void partialShapes_andOrdinaryNames_allowed() throws IOException {
            guard.writeAtomic("docs/HEAD", bytes("a\n"));
            guard.createDirectories("docs/objects");
            guard.writeAtomic("docs/objects/x.txt", bytes("b\n"));
            guard.createDirectories("src/refs");
            guard.createDirectories("src/objects");
            guard.writeAtomic("src/refs/y.txt", bytes("c\n"));

            assertThat(exists("docs/objects/x.txt")).isTrue();
            assertThat(exists("src/refs/y.txt")).isTrue();
        }

        /** A bare repository already in the project (a test fixture), protected like .git. */
        private void fixture(String dir) throws IOException {
            Files.createDirectories(root.resolve(dir + "/objects"));
            Files.createDirectories(root.resolve(dir + "/refs/heads"));
            Workspace.write(root.resolve(dir + "/HEAD"), "ref: refs/heads/main\n");
            Workspace.write(root.resolve(dir + "/config"), "[core]\n");
        }

        @Test
        void existing_writeAppendTouchLink_inside_refused() throws IOException {
            fixture("fix.git");
            assertThat(codeOf(() -> guard.writeAtomic("fix.git/config", bytes("[x]\n"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(codeOf(() -> guard.append("fix.git/hooks/post-checkout", bytes("x"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(codeOf(() -> guard.setLastModified("fix.git/HEAD", Instant.EPOCH)))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(codeOf(() -> guard.createSymlink("fix.git/l", "../notes")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(exists("fix.git/hooks")).isFalse();
        }

        @Test
        void existing_deleteMoveCopy_ofOrInside_refusedAndUnchanged() throws IOException {
            fixture("fix.git");
            assertThat(codeOf(() -> guard.delete("fix.git/config")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(codeOf(() -> guard.deleteRecursive("fix.git")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(codeOf(() -> guard.copy("fix.git", "copy", true)))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(codeOf(() -> guard.move("fix.git", "moved")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(codeOf(() -> guard.move("fix.git/HEAD", "HEAD2")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(exists("copy")).isFalse();
            assertThat(exists("moved")).isFalse();
            assertThat(Workspace.read(root.resolve("fix.git/config"))).isEqualTo("[core]\n");
        }

        @Test
        void existing_deleteRecursiveOfATreeHoldingOne_refused() throws IOException {
            fixture("outer/fix.git");
            assertThat(codeOf(() -> guard.deleteRecursive("outer")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(exists("outer/fix.git/HEAD")).isTrue();
        }

        @Test
        void existing_readsAndTheRestOfTheProject_unaffected() throws IOException {
            fixture("fix.git");
            assertThat(guard.readText("fix.git/config")).isEqualTo("[core]\n");
            assertThat(guard.walk(".")).contains("fix.git/HEAD");
            guard.writeAtomic("other.txt", bytes("fine\n"));
            assertThat(exists("other.txt")).isTrue();
        }

        @Test
        void move_missingPieceIntoPlace_refused() throws IOException {
            guard.createDirectories("x/objects");
            guard.createDirectories("x/refs");
            guard.writeAtomic("staged-HEAD", bytes("ref: refs/heads/main\n"));
            guard.createDirectories("r");

            assertThat(codeOf(() -> guard.move("staged-HEAD", "x/HEAD")))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            guard.move("x", "y"); // a partial shape may move
            guard.writeAtomic("z/HEAD", bytes("ref: refs/heads/main\n"));
            guard.createDirectories("z/objects");
            assertThat(codeOf(() -> guard.move("r", "z/refs"))).isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(exists("z/refs")).isFalse();
            assertThat(exists("r")).isTrue();
        }

        @Test
        void copy_intoPlaceOrMerged_refusedBeforeAnythingIsMade() throws IOException {
            guard.createDirectories("x/objects");
            guard.createDirectories("x/refs");
            guard.writeAtomic("part/HEAD", bytes("ref: refs/heads/main\n"));
            guard.writeAtomic("part/config", bytes("[core]\n\tfsmonitor = ./evil\n"));

            assertThat(codeOf(() -> guard.copy("part/HEAD", "x/HEAD", false)))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            // cp -r part x merges HEAD and config into x, beside objects/ and refs/
            assertThat(codeOf(() -> guard.copy("part", "x", true)))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(exists("x/HEAD")).isFalse();
            assertThat(exists("x/config")).isFalse();
        }

        @Test
        void deletePlanted_removesAProtectedTree() throws IOException {
            Files.createDirectories(root.resolve("sub/.git/hooks"));
            Workspace.write(root.resolve("sub/.git/hooks/pre-commit"), "evil\n");
            Files.createDirectories(root.resolve("bare/objects"));
            Files.createDirectories(root.resolve("bare/refs"));
            Workspace.write(root.resolve("bare/HEAD"), "ref: refs/heads/main\n");

            guard.deletePlanted("sub/.git");
            guard.deletePlanted("bare");

            assertThat(exists("sub/.git")).isFalse();
            assertThat(exists("bare")).isFalse();
            assertThat(exists("sub")).isTrue();
            assertThat(codeOf(() -> guard.deletePlanted("."))).isEqualTo(ErrorCode.PROTECTED_PATH);
        }

        @Test
        void walk_pruned_listsButDoesNotEnter() throws IOException {
            Files.createDirectories(root.resolve("a/.git/objects"));
            List<String> all = guard.walk(".", name -> !name.equalsIgnoreCase(".git"));
            assertThat(all).contains("a", "a/.git").doesNotContain("a/.git/objects");
        }
    }

    /**
     * A guard that remembers its listings (an apply's): its own changes keep what it remembers
     * true, for it and for the guards {@code withBase} makes of it; after {@code forgetListings} it
     * sees what was changed outside (as a RUN changes the tree).
     */
    abstract static class Remembering extends Contract {
        @Override
        GuardedFiles openGuard(Path root) throws IOException {
            return GuardedFiles.open(root).rememberingListings();
        }

        @Test
        void remembering_shapeMadeOutside_refusedAfterForget() throws IOException {
            guard.writeAtomic("x/notes.txt", bytes("listed x\n"));
            Files.createDirectories(root.resolve("x/objects"));
            Files.createDirectories(root.resolve("x/refs"));

            guard.forgetListings();

            assertThat(codeOf(() -> guard.writeAtomic("x/HEAD", bytes("ref: refs/heads/main\n"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(exists("x/HEAD")).isFalse();
        }

        @Test
        void remembering_partsMadeThroughABase_refused() throws IOException {
            guard.writeAtomic("x/notes.txt", bytes("listed x\n"));
            GuardedFiles inX = guard.withBase("x");
            inX.createDirectories("objects");
            inX.writeAtomic("refs/heads/main", bytes("0\n"));

            assertThat(codeOf(() -> guard.writeAtomic("x/HEAD", bytes("ref: refs/heads/main\n"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
        }

        @Test
        void remembering_batchOfParts_lastRefusedAtPrepare() throws IOException {
            var head = guard.prepareWrite("x/HEAD", bytes("ref: refs/heads/main\n"));
            var objects = guard.prepareWrite("x/objects/info/packs", bytes("\n"));
            assertThat(guard.commitWrites(List.of(head, objects))).containsOnlyNulls();

            assertThat(codeOf(() -> guard.prepareWrite("x/refs/heads/main", bytes("0\n"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
        }

        @Test
        void remembering_partRemovedAndPutBack_seenBothWays() throws IOException {
            guard.writeAtomic("x/HEAD", bytes("ref: refs/heads/main\n"));
            guard.createDirectories("x/objects");
            guard.delete("x/HEAD");
            guard.createDirectories("x/refs"); // no HEAD now: allowed

            assertThat(codeOf(() -> guard.writeAtomic("x/head", bytes("ref\n"))))
                    .isEqualTo(ErrorCode.PROTECTED_PATH);
            assertThat(exists("x/refs")).isTrue();
        }
    }

    @Nested
    class RememberingOnRealDisk extends Remembering {
        @TempDir Path tmp;

        @Override
        Path freshParent() {
            return tmp;
        }
    }

    @Nested
    class RememberingOnJimfsMacOs extends Remembering {
        private FileSystem fs;

        @Override
        Path freshParent() throws IOException {
            fs = Jimfs.newFileSystem(JimfsCorpusTest.withLinks(Configuration.osX()));
            return Files.createDirectories(fs.getRootDirectories().iterator().next().resolve("t"));
        }

        @Override
        void release() throws IOException {
            fs.close();
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
        GuardedFiles openGuard(Path root) throws IOException {
            return Guard.open(root, false);
        }
    }
}
