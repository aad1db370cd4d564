package dev.csl.fsguard;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Behaviour of every guarded operation, shared by Jimfs flavours and the real disk. */
abstract class GuardedFilesContract {
    Workspace w;
    GuardedFiles guard;
    Map<String, String> outsideBefore;

    abstract Path freshParent() throws IOException;

    /** The guard under test; real-disk suites also run the portable mode. */
    GuardedFiles openGuard(Path root) throws IOException {
        return GuardedFiles.open(root);
    }

    boolean posix() {
        return w.root.getFileSystem().supportedFileAttributeViews().contains("posix");
    }

    @BeforeEach
    void setUp() throws IOException {
        w = Workspace.create(freshParent());
        guard = openGuard(w.root);
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

    /** Frees the file system after the outside check. */
    void release() throws IOException {}

    private static byte[] bytes(String s) {
        return s.getBytes(UTF_8);
    }

    private static GuardException refusal(ThrowingOp op) {
        try {
            op.run();
        } catch (GuardException e) {
            return e;
        } catch (IOException e) {
            throw new AssertionError("not a guard refusal", e);
        }
        throw new AssertionError("expected a refusal");
    }

    private ErrorCode codeOf(ThrowingOp op) {
        try {
            op.run();
        } catch (GuardException e) {
            return e.code();
        } catch (IOException e) {
            throw new AssertionError("not a GuardException", e);
        }
        throw new AssertionError("no exception");
    }

    interface ThrowingOp {
        void run() throws IOException;
    }

    @Test
    void root_isRealDirectory() throws IOException {
        assertThat(guard.root()).isEqualTo(w.root.toRealPath());
        assertThat(guard.base()).isEqualTo(guard.root());
        assertThat(guard.mode()).isNotBlank();
    }

    @Test
    void writeAtomic_newFileInNewDirectories_createsBoth() throws IOException {
        guard.writeAtomic("x/y/z.txt", bytes("hello\n"));
        assertThat(Workspace.read(w.root.resolve("x/y/z.txt"))).isEqualTo("hello\n");
        assertThat(guard.list("x/y")).containsExactly("z.txt");
    }

    @Test
    void prepareWrite_thenCommit_targetsChangeOnlyAtCommitAndKeepMode() throws IOException {
        Path a = w.root.resolve("a.txt");
        if (posix()) {
            Files.setPosixFilePermissions(a, PosixFilePermissions.fromString("rwxr-x---"));
        }
        var first = guard.prepareWrite("a.txt", bytes("new a\n"));
        var second = guard.prepareWrite("new/dir/b.txt", bytes("b\n"));
        var third = guard.prepareWrite("sub/file.txt", bytes("new file\n"));

        assertThat(Workspace.read(a)).isEqualTo("a\n");
        assertThat(Workspace.read(w.root.resolve("sub/file.txt"))).isEqualTo("file\n");
        assertThat(guard.stat("new/dir/b.txt").type()).isEqualTo(FileInfo.Type.MISSING);

        IOException[] failures = guard.commitWrites(java.util.List.of(first, second, third));

        assertThat(failures).containsOnlyNulls().hasSize(3);
        assertThat(Workspace.read(a)).isEqualTo("new a\n");
        assertThat(Workspace.read(w.root.resolve("new/dir/b.txt"))).isEqualTo("b\n");
        assertThat(Workspace.read(w.root.resolve("sub/file.txt"))).isEqualTo("new file\n");
        if (posix()) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(a)))
                    .isEqualTo("rwxr-x---");
        }
        assertThat(guard.list(".")).noneMatch(n -> n.startsWith(".csl-tmp-"));
        assertThat(guard.list("sub")).noneMatch(n -> n.startsWith(".csl-tmp-"));
    }

    @Test
    void commitWrites_oneOfADirectoryFails_theOthersAreDoneAndNoTemporaryStays()
            throws IOException {
        var first = guard.prepareWrite("batch/one.txt", bytes("1\n"));
        var second = guard.prepareWrite("batch/two.txt", bytes("2\n"));
        var third = guard.prepareWrite("batch/three.txt", bytes("3\n"));
        // meanwhile a directory with something in it stands where two.txt goes
        Files.createDirectories(w.root.resolve("batch/two.txt/inner"));

        IOException[] failures = guard.commitWrites(java.util.List.of(first, second, third));

        assertThat(failures[0]).isNull();
        assertThat(failures[1]).isInstanceOf(GuardException.class);
        assertThat(failures[2]).isNull();
        assertThat(Workspace.read(w.root.resolve("batch/one.txt"))).isEqualTo("1\n");
        assertThat(Workspace.read(w.root.resolve("batch/three.txt"))).isEqualTo("3\n");
        assertThat(Files.isDirectory(w.root.resolve("batch/two.txt/inner"))).isTrue();
        assertThat(guard.list("batch")).noneMatch(n -> n.startsWith(".csl-tmp-"));
    }

    @Test
    void prepareWrite_pathOutsideOrProtected_refusedBeforeAnythingIsWritten() {
        assertThat(codeOf(() -> guard.prepareWrite("../outside/x.txt", bytes("x"))))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(codeOf(() -> guard.prepareWrite("link-out/x.txt", bytes("x"))))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(codeOf(() -> guard.prepareWrite(".git/config", bytes("x"))))
                .isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(codeOf(() -> guard.prepareWrite("sub", bytes("x"))))
                .isEqualTo(ErrorCode.IS_DIRECTORY);
    }

    @Test
    void writeAtomic_existingFile_replacesContentAndKeepsMode() throws IOException {
        Path a = w.root.resolve("a.txt");
        if (posix()) {
            Files.setPosixFilePermissions(a, PosixFilePermissions.fromString("rwxr-x---"));
        }
        guard.writeAtomic("a.txt", bytes("new\n"));
        assertThat(Workspace.read(a)).isEqualTo("new\n");
        if (posix()) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(a)))
                    .isEqualTo("rwxr-x---");
        }
        assertThat(guard.list(".")).noneMatch(n -> n.startsWith(".csl-tmp-"));
    }

    @Test
    void writeAtomic_symlinkInside_replacesTargetAndLinkStaysLink() throws IOException {
        guard.writeAtomic("link-in/file.txt", bytes("via link\n"));
        w.link("file-link", w.root.getFileSystem().getPath("sub/file.txt"));
        guard.writeAtomic("file-link", bytes("through\n"));
        assertThat(Files.isSymbolicLink(w.root.resolve("file-link"))).isTrue();
        assertThat(Workspace.read(w.root.resolve("sub/file.txt"))).isEqualTo("through\n");
    }

    @Test
    void writeAtomic_danglingLinkInside_createsTarget() throws IOException {
        guard.writeAtomic("dangling-in", bytes("made\n"));
        assertThat(Files.isSymbolicLink(w.root.resolve("dangling-in"))).isTrue();
        assertThat(Workspace.read(w.root.resolve("sub/new.txt"))).isEqualTo("made\n");
    }

    @Test
    void writeAtomic_hardLinkToOutside_outsideUntouched() throws IOException {
        Path hard = w.root.resolve("hard.txt");
        try {
            Files.createLink(hard, w.outside.resolve("secret.txt"));
        } catch (UnsupportedOperationException e) {
            return;
        }
        guard.writeAtomic("hard.txt", bytes("mine\n"));
        guard.append("hard.txt", bytes("more\n"));
        assertThat(Workspace.read(hard)).isEqualTo("mine\nmore\n");
        // the @AfterEach check proves outside/secret.txt kept its content
    }

    @Test
    void writeAtomic_directory_isDirectory() {
        assertThat(codeOf(() -> guard.writeAtomic("sub", bytes("x"))))
                .isEqualTo(ErrorCode.IS_DIRECTORY);
    }

    @Test
    void append_missingFile_createsIt_existing_appends() throws IOException {
        guard.append("log.txt", bytes("a\n"));
        guard.append("log.txt", bytes("b\n"));
        assertThat(new String(guard.readBytes("log.txt"), UTF_8)).isEqualTo("a\nb\n");
    }

    @Test
    void readText_binaryFile_refusedAsIoError() throws IOException {
        Files.write(w.root.resolve("bin.dat"), new byte[] {'a', 0, 'b'});
        GuardException e = (GuardException) catchGuard(() -> guard.readText("bin.dat"));
        assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(e.getMessage()).contains("Binary file").contains("bin.dat");
        assertThat(guard.readBytes("bin.dat")).containsExactly('a', 0, 'b');
    }

    @Test
    void readText_utf8_decoded() throws IOException {
        guard.writeAtomic("u.txt", bytes("grüße\n"));
        assertThat(guard.readText("u.txt")).isEqualTo("grüße\n");
    }

    @Test
    void readBytes_missing_fileNotFound_withPathAndHint() {
        GuardException e = (GuardException) catchGuard(() -> guard.readBytes("nope.txt"));
        assertThat(e.code()).isEqualTo(ErrorCode.FILE_NOT_FOUND);
        assertThat(e.pathAsWritten()).isEqualTo("nope.txt");
        assertThat(e.resolved()).isEqualTo(guard.root().resolve("nope.txt"));
        assertThat(e.getMessage()).contains("'nope.txt'").contains(guard.root().toString());
        assertThat(e.hint()).isNotBlank();
    }

    @Test
    void escape_message_saysPathResolvedRootAndHint() {
        GuardException e =
                (GuardException) catchGuard(() -> guard.writeAtomic("../outside/x", bytes("x")));
        assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(e.getMessage())
                .contains("'../outside/x'")
                .contains(w.outside.resolve("x").toString())
                .contains("working directory " + guard.root());
        assertThat(e.hint())
                .isEqualTo("paths are relative to the working directory; drop the leading ../");
    }

    @Test
    void symlinkEscape_hint_namesTheLink() {
        GuardException e =
                (GuardException) catchGuard(() -> guard.readBytes("link-out/secret.txt"));
        assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(e.hint()).contains("link-out");
    }

    @Test
    void invalidPath_hasOwnHint() {
        GuardException e = (GuardException) catchGuard(() -> guard.readBytes("~/x"));
        assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PATH);
        assertThat(e.resolved()).isNull();
        assertThat(e.hint()).contains("~");
    }

    @Test
    void absolutePathInside_allowed() throws IOException {
        guard.writeAtomic(Workspace.slashed(w.root) + "/abs.txt", bytes("abs\n"));
        assertThat(Workspace.read(w.root.resolve("abs.txt"))).isEqualTo("abs\n");
    }

    @Test
    void createDirectories_nested_created_fileInTheWay_ioError() throws IOException {
        guard.createDirectories("d1/d2/d3");
        assertThat(Files.isDirectory(w.root.resolve("d1/d2/d3"))).isTrue();
        guard.createDirectories("d1/d2/d3");
        assertThat(codeOf(() -> guard.createDirectories("a.txt"))).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(codeOf(() -> guard.createDirectories(".git/x")))
                .isEqualTo(ErrorCode.PROTECTED_PATH);
    }

    @Test
    void list_sortedNames() throws IOException {
        assertThat(guard.list("sub")).containsExactly("file.txt", "up", "up2");
        assertThat(codeOf(() -> guard.list("a.txt"))).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(codeOf(() -> guard.list("missing"))).isEqualTo(ErrorCode.FILE_NOT_FOUND);
    }

    @Test
    void stat_symlink_notFollowed_unlessAsked() throws IOException {
        FileInfo link = guard.stat("link-in");
        assertThat(link.type()).isEqualTo(FileInfo.Type.SYMLINK);
        assertThat(link.linkTarget()).isEqualTo("sub");
        assertThat(guard.stat("link-in", true).type()).isEqualTo(FileInfo.Type.DIRECTORY);
        assertThat(guard.stat("link-in/").type()).isEqualTo(FileInfo.Type.DIRECTORY);
        FileInfo file = guard.stat("a.txt");
        assertThat(file.type()).isEqualTo(FileInfo.Type.FILE);
        assertThat(file.size()).isEqualTo(2);
        assertThat(guard.stat("missing").type()).isEqualTo(FileInfo.Type.MISSING);
        assertThat(guard.stat("link-out").type()).isEqualTo(FileInfo.Type.SYMLINK);
        assertThat(codeOf(() -> guard.stat("link-out", true))).isEqualTo(ErrorCode.PATH_ESCAPE);
    }

    @Test
    void exists_followsLinks() throws IOException {
        assertThat(guard.exists("a.txt")).isTrue();
        assertThat(guard.exists("nope")).isFalse();
        assertThat(guard.exists("dangling-in")).isFalse();
        assertThat(guard.exists("a.txt/x")).isFalse();
        assertThat(codeOf(() -> guard.exists("link-out"))).isEqualTo(ErrorCode.PATH_ESCAPE);
    }

    @Test
    void delete_symlink_removesLinkNotTarget() throws IOException {
        guard.delete("link-in");
        assertThat(Files.exists(w.root.resolve("link-in"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.exists(w.root.resolve("sub/file.txt"))).isTrue();
        guard.delete("link-out/");
        assertThat(Files.exists(w.root.resolve("link-out"), LinkOption.NOFOLLOW_LINKS)).isFalse();
    }

    @Test
    void delete_nonEmptyDirectory_ioError_missing_notFound() {
        assertThat(codeOf(() -> guard.delete("sub"))).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(codeOf(() -> guard.delete("nope"))).isEqualTo(ErrorCode.FILE_NOT_FOUND);
    }

    @Test
    void deleteRecursive_treeWithLinksToOutside_removesLinksOnly() throws IOException {
        Files.createDirectories(w.root.resolve("tree/deep"));
        Workspace.write(w.root.resolve("tree/deep/f.txt"), "f\n");
        w.link("tree/out", w.root.getFileSystem().getPath("../../outside"));
        w.link("tree/deep/abs", w.outside);
        guard.deleteRecursive("tree");
        assertThat(Files.exists(w.root.resolve("tree"), LinkOption.NOFOLLOW_LINKS)).isFalse();
    }

    @Test
    void deleteRecursive_directoryWithLeftoverTemporaryFile_removed() throws IOException {
        Files.createDirectories(w.root.resolve("t"));
        Workspace.write(w.root.resolve("t/.csl-tmp-1-abc"), "half");
        guard.deleteRecursive("t");
        assertThat(Files.exists(w.root.resolve("t"))).isFalse();
    }

    @Test
    void deleteRecursive_linkWithSlash_removesLinkOnly() throws IOException {
        guard.deleteRecursive("link-in/");
        assertThat(Files.exists(w.root.resolve("link-in"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(Files.exists(w.root.resolve("sub/file.txt"))).isTrue();
        guard.deleteRecursive("link-out/");
    }

    @Test
    void deleteRecursive_rootOrProtected_refused() {
        assertThat(codeOf(() -> guard.deleteRecursive("."))).isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(codeOf(() -> guard.deleteRecursive("sub/..")))
                .isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(codeOf(() -> guard.deleteRecursive(".git"))).isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(codeOf(() -> guard.deleteRecursive(".CSL"))).isEqualTo(ErrorCode.PROTECTED_PATH);
    }

    @Test
    void copy_file_and_tree_copiesContentAndInsideLinks() throws IOException {
        guard.copy("a.txt", "b.txt", false);
        assertThat(Workspace.read(w.root.resolve("b.txt"))).isEqualTo("a\n");
        Files.createDirectories(w.root.resolve("src/inner"));
        Workspace.write(w.root.resolve("src/inner/f.txt"), "f\n");
        w.link("src/rel", w.root.getFileSystem().getPath("inner/f.txt"));
        guard.copy("src", "dst", true);
        assertThat(Workspace.read(w.root.resolve("dst/inner/f.txt"))).isEqualTo("f\n");
        assertThat(Files.isSymbolicLink(w.root.resolve("dst/rel"))).isTrue();
        assertThat(codeOf(() -> guard.copy("src", "dst2", false)))
                .isEqualTo(ErrorCode.IS_DIRECTORY);
        assertThat(codeOf(() -> guard.copy("src", "src/inner/x", true)))
                .isEqualTo(ErrorCode.IO_ERROR);
    }

    @Test
    void copy_linkThatWouldPointOutsideFromNewPlace_refused() throws IOException {
        Files.createDirectories(w.root.resolve("deep/er"));
        w.link("deep/er/up", w.root.getFileSystem().getPath("../../a.txt"));
        Files.createDirectories(w.root.resolve("shallow"));
        guard.copy("deep/er", "shallow/er", true);
        assertThat(Files.isSymbolicLink(w.root.resolve("shallow/er/up"))).isTrue();
        assertThat(codeOf(() -> guard.copy("deep/er", "er2", true)))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(Files.exists(w.root.resolve("er2/up"), LinkOption.NOFOLLOW_LINKS)).isFalse();
    }

    @Test
    void copy_toOutside_refused() {
        assertThat(codeOf(() -> guard.copy("a.txt", "../outside/a.txt", false)))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(codeOf(() -> guard.copy("file-out", "stolen.txt", false)))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
    }

    @Test
    void move_fileAndDirectory_renamed() throws IOException {
        guard.move("a.txt", "sub/moved.txt");
        assertThat(Workspace.read(w.root.resolve("sub/moved.txt"))).isEqualTo("a\n");
        guard.move("sub", "sub2");
        assertThat(Files.isDirectory(w.root.resolve("sub2"))).isTrue();
        assertThat(codeOf(() -> guard.move("sub2", "sub2/x"))).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(codeOf(() -> guard.move(".git", "g"))).isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(codeOf(() -> guard.move("sub2/moved.txt", ".git/x")))
                .isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(codeOf(() -> guard.move(".", "x"))).isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(codeOf(() -> guard.move("sub2/moved.txt", "../outside/m")))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
    }

    @Test
    void move_relativeLinkUpALevel_refusedBecauseItWouldLeadOutside() throws IOException {
        // sub/up -> .. is the working directory; moved to the top, up -> .. is its parent
        GuardException e = refusal(() -> guard.move("sub/up", "up"));
        assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(e.getMessage())
                .contains("up")
                .contains("-> ..")
                .contains("from its new place")
                .contains(w.root.toString());
        assertThat(e.resolved()).isEqualTo(w.work);
        assertThat(Files.isSymbolicLink(w.root.resolve("sub/up"))).isTrue();
        assertThat(Files.exists(w.root.resolve("up"), LinkOption.NOFOLLOW_LINKS)).isFalse();
    }

    @Test
    void move_treeWhoseLinkWouldLeadOutside_refusedAndTreeStays() throws IOException {
        Files.createDirectories(w.root.resolve("deep/inner"));
        Files.createSymbolicLink(
                w.root.resolve("deep/inner/top"), w.root.getFileSystem().getPath("../.."));
        Workspace.write(w.root.resolve("deep/inner/f.txt"), "f\n");

        assertThat(codeOf(() -> guard.move("deep/inner", "inner2")))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(Files.isSymbolicLink(w.root.resolve("deep/inner/top"))).isTrue();
        assertThat(Files.exists(w.root.resolve("inner2"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        // at the same depth the link means what it meant: allowed
        guard.move("deep", "deep2");
        assertThat(Files.isSymbolicLink(w.root.resolve("deep2/inner/top"))).isTrue();
    }

    @Test
    void copyRecursive_treeWithOutwardLink_refusedBeforeAnythingIsCreated() throws IOException {
        Files.createDirectories(w.root.resolve("d/a"));
        Workspace.write(w.root.resolve("d/a/first.txt"), "1\n");
        Files.createSymbolicLink(
                w.root.resolve("d/z-out"),
                w.root.getFileSystem().getPath("../../outside/secret.txt"));

        GuardException e = refusal(() -> guard.copy("d", "d2", true));
        assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(e.getMessage()).contains("z-out").contains("nothing was changed");
        assertThat(Files.exists(w.root.resolve("d2"), LinkOption.NOFOLLOW_LINKS)).isFalse();
    }

    @Test
    void copyRecursive_innerLinkThatWouldLeadOutsideFromTheCopy_refused() throws IOException {
        // sub/up2 -> ../.. leads outside already; sub/up -> .. is the root and stays inside
        Files.createDirectories(w.root.resolve("x/y"));
        Files.createSymbolicLink(
                w.root.resolve("x/y/top"), w.root.getFileSystem().getPath("../.."));
        assertThat(codeOf(() -> guard.copy("x/y", "y2", true))).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(Files.exists(w.root.resolve("y2"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        guard.copy("x", "x2", true);
        assertThat(Files.isSymbolicLink(w.root.resolve("x2/y/top"))).isTrue();
    }

    @Test
    void deleteRecursive_treeHoldingANestedGitDirectory_refusedAndNothingRemoved()
            throws IOException {
        Files.createDirectories(w.root.resolve("vendor/lib/.Git"));
        Workspace.write(w.root.resolve("vendor/a.txt"), "a\n");
        Workspace.write(w.root.resolve("vendor/lib/.Git/HEAD"), "ref\n");

        assertThat(codeOf(() -> guard.deleteRecursive("vendor")))
                .isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(Files.exists(w.root.resolve("vendor/a.txt"))).isTrue();
        assertThat(Files.exists(w.root.resolve("vendor/lib/.Git/HEAD"))).isTrue();
    }

    @Test
    void trailingSlash_onARegularFile_isNotADirectoryEverywhere() throws IOException {
        for (String p : new String[] {"a.txt/", "a.txt/.", "a.txt//"}) {
            GuardException e = refusal(() -> guard.readText(p));
            assertThat(e.code()).as(p).isEqualTo(ErrorCode.IO_ERROR);
            assertThat(e.getMessage()).as(p).startsWith("Not a directory: '" + p + "'");
            assertThat(codeOf(() -> guard.stat(p))).as(p).isEqualTo(ErrorCode.IO_ERROR);
            assertThat(codeOf(() -> guard.writeAtomic(p, bytes("x"))))
                    .as(p)
                    .isEqualTo(ErrorCode.IO_ERROR);
            assertThat(codeOf(() -> guard.append(p, bytes("x"))))
                    .as(p)
                    .isEqualTo(ErrorCode.IO_ERROR);
            assertThat(codeOf(() -> guard.delete(p))).as(p).isEqualTo(ErrorCode.IO_ERROR);
            assertThat(codeOf(() -> guard.move(p, "b.txt"))).as(p).isEqualTo(ErrorCode.IO_ERROR);
            assertThat(codeOf(() -> guard.copy("sub/file.txt", p, false)))
                    .as(p)
                    .isEqualTo(ErrorCode.IO_ERROR);
            assertThat(guard.exists(p)).as(p).isFalse();
        }
        assertThat(Workspace.read(w.root.resolve("a.txt"))).isEqualTo("a\n");
        // a file is not created at a name that says directory
        assertThat(codeOf(() -> guard.writeAtomic("new.txt/", bytes("x"))))
                .isEqualTo(ErrorCode.IO_ERROR);
        assertThat(codeOf(() -> guard.move("a.txt", "new2/"))).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(Files.exists(w.root.resolve("new.txt"))).isFalse();
        assertThat(Files.exists(w.root.resolve("new2"))).isFalse();
        // directories and links to directories keep working with a slash
        assertThat(guard.list("sub/")).contains("file.txt");
        assertThat(guard.list("link-in/")).contains("file.txt");
        assertThat(guard.readText("sub/./file.txt")).isEqualTo("file\n");
    }

    @Test
    void move_symlink_movesTheLink() throws IOException {
        guard.move("link-out", "sub/link-out-moved");
        assertThat(Files.isSymbolicLink(w.root.resolve("sub/link-out-moved"))).isTrue();
    }

    @Test
    void walk_listsDepthFirstWithoutFollowingLinks() throws IOException {
        Files.createDirectories(w.root.resolve("t/b"));
        Workspace.write(w.root.resolve("t/a.txt"), "a");
        Workspace.write(w.root.resolve("t/b/c.txt"), "c");
        w.link("t/out", w.root.getFileSystem().getPath("../../outside"));
        assertThat(guard.walk("t")).containsExactly("a.txt", "b", "b/c.txt", "out");
    }

    // ---- directories held open for a walk ---------------------------------------------------

    private static String read(java.nio.channels.ReadableByteChannel ch) throws IOException {
        try (ch) {
            return new String(java.nio.channels.Channels.newInputStream(ch).readAllBytes(), UTF_8);
        }
    }

    @Test
    void openDirectory_entries_sortedAsListWithTypesAndLinksNotFollowed() throws IOException {
        try (GuardedFiles.Directory root = guard.openDirectory(".")) {
            assertThat(root.path()).isEqualTo(guard.root());
            var names = root.entries().stream().map(GuardedFiles.Entry::name).toList();
            assertThat(names).isEqualTo(guard.list("."));
            var byName = new java.util.HashMap<String, FileInfo>();
            root.entries().forEach(e -> byName.put(e.name(), e.info()));
            assertThat(byName.get("a.txt").type()).isEqualTo(FileInfo.Type.FILE);
            assertThat(byName.get("a.txt").size()).isEqualTo(2);
            assertThat(byName.get("a.txt").resolved()).isEqualTo(guard.root().resolve("a.txt"));
            assertThat(byName.get("sub").type()).isEqualTo(FileInfo.Type.DIRECTORY);
            assertThat(byName.get("link-out").type()).isEqualTo(FileInfo.Type.SYMLINK);
            assertThat(byName.get("link-out").linkTarget())
                    .isEqualTo(guard.stat("link-out").linkTarget());
        }
    }

    @Test
    void openDirectory_enterAndOpen_readRelativeToTheOpenDirectory() throws IOException {
        try (GuardedFiles.Directory root = guard.openDirectory(".");
                GuardedFiles.Directory sub = root.enter("sub")) {
            assertThat(sub.path()).isEqualTo(guard.root().resolve("sub"));
            assertThat(sub.entries()).extracting(GuardedFiles.Entry::name).contains("file.txt");
            assertThat(read(sub.open("file.txt"))).isEqualTo("file\n");
            assertThat(read(root.open("a.txt"))).isEqualTo("a\n");
        }
    }

    @Test
    void openDirectory_symlinkEntries_neitherEnteredNorOpened() throws IOException {
        try (GuardedFiles.Directory root = guard.openDirectory(".")) {
            assertThat(codeOf(() -> root.enter("link-out").close()))
                    .isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(codeOf(() -> root.enter("link-in").close()))
                    .isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(codeOf(() -> read(root.open("file-out")))).isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(codeOf(() -> read(root.open("sub")))).isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(codeOf(() -> read(root.open("missing.txt"))))
                    .isEqualTo(ErrorCode.FILE_NOT_FOUND);
        }
    }

    @Test
    void openDirectory_namesThatAreNotOneEntry_refusedAsInvalidPath() throws IOException {
        try (GuardedFiles.Directory sub = guard.openDirectory("sub")) {
            for (String name : new String[] {"..", ".", "", "../a.txt", "up/a.txt"}) {
                assertThat(codeOf(() -> read(sub.open(name))))
                        .as(name)
                        .isEqualTo(ErrorCode.INVALID_PATH);
                assertThat(codeOf(() -> sub.enter(name).close()))
                        .as(name)
                        .isEqualTo(ErrorCode.INVALID_PATH);
            }
        }
    }

    @Test
    void openRead_fileInsideOrLinkInside_readInPieces_outsideRefused() throws IOException {
        assertThat(read(guard.openRead("sub/file.txt"))).isEqualTo("file\n");
        assertThat(read(guard.openRead("link-in/file.txt"))).isEqualTo("file\n");
        assertThat(codeOf(() -> read(guard.openRead("file-out")))).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(codeOf(() -> read(guard.openRead("sub")))).isEqualTo(ErrorCode.IS_DIRECTORY);
        assertThat(codeOf(() -> read(guard.openRead("nope.txt"))))
                .isEqualTo(ErrorCode.FILE_NOT_FOUND);
    }

    @Test
    void openDirectory_pathThatLeavesOrIsNoDirectory_refusedLikeList() {
        assertThat(codeOf(() -> guard.openDirectory("link-out").close()))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(codeOf(() -> guard.openDirectory("a.txt").close()))
                .isEqualTo(ErrorCode.IO_ERROR);
        assertThat(codeOf(() -> guard.openDirectory("nope").close()))
                .isEqualTo(ErrorCode.FILE_NOT_FOUND);
        assertThat(codeOf(() -> guard.openDirectory("../outside").close()))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
    }

    @Test
    void openDirectory_entrySwappedForSymlinkAfterListing_refusedNothingOutsideRead()
            throws IOException {
        Files.createDirectories(w.root.resolve("d"));
        Workspace.write(w.root.resolve("d/x.txt"), "inside\n");
        Workspace.write(w.root.resolve("f.txt"), "inside\n");
        try (GuardedFiles.Directory root = guard.openDirectory(".")) {
            assertThat(root.entries()).extracting(GuardedFiles.Entry::name).contains("d", "f.txt");
            Files.move(w.root.resolve("d"), w.root.resolve("d-old"));
            w.link("d", w.root.getFileSystem().getPath("../outside/dir"));
            Files.delete(w.root.resolve("f.txt"));
            w.link("f.txt", w.root.getFileSystem().getPath("../outside/secret.txt"));
            assertThat(codeOf(() -> root.enter("d").close())).isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(codeOf(() -> read(root.open("f.txt")))).isEqualTo(ErrorCode.PATH_ESCAPE);
        }
    }

    @Test
    void walkEntries_sameEntriesAsEntries_onlyEntriesThatCannotBeDirectoriesLeftUnlooked()
            throws IOException {
        Files.createDirectories(w.root.resolve("tree/b-dir/inner"));
        Workspace.write(w.root.resolve("tree/a.txt"), "a\n");
        Workspace.write(w.root.resolve("tree/b-dir/x.txt"), "x\n");
        Workspace.write(w.root.resolve("tree/c.txt"), "c\n");
        w.link("tree/d-link", w.root.getFileSystem().getPath("b-dir"));
        Workspace.write(w.root.resolve("tree/e.txt"), "e\n");
        try (GuardedFiles.Directory tree = guard.openDirectory("tree")) {
            var walked = tree.walkEntries();
            var all = tree.entries();
            assertThat(walked)
                    .extracting(GuardedFiles.Entry::name)
                    .containsExactly("a.txt", "b-dir", "c.txt", "d-link", "e.txt");
            for (int i = 0; i < walked.size(); i++) {
                FileInfo seen = walked.get(i).info();
                FileInfo looked = all.get(i).info();
                if (seen == null) {
                    assertThat(looked.type()).isNotEqualTo(FileInfo.Type.DIRECTORY);
                    assertThat(tree.info(walked.get(i).name())).isEqualTo(looked);
                } else {
                    assertThat(seen).isEqualTo(looked);
                }
            }
            assertThat(walked.get(1).info().type()).isEqualTo(FileInfo.Type.DIRECTORY);
            if (countsSubdirectories(w.root.resolve("tree"), 3)) {
                // the one subdirectory seen, the rest are known to be something else
                assertThat(walked.subList(2, 5)).allMatch(e -> e.info() == null);
            }
            try (GuardedFiles.Directory sub = tree.enter("b-dir")) {
                assertThat(sub.walkEntries())
                        .extracting(GuardedFiles.Entry::name)
                        .containsExactly("inner", "x.txt");
                assertThat(sub.walkEntries().get(0).info().type())
                        .isEqualTo(FileInfo.Type.DIRECTORY);
            }
        }
    }

    /** Whether {@code dir}'s link count says how many subdirectories it has, and is {@code n}. */
    private static boolean countsSubdirectories(Path dir, int n) throws IOException {
        return LinkCounts.countSubdirectories(dir.toRealPath())
                && Integer.valueOf(n)
                        .equals(Files.getAttribute(dir, "unix:nlink", LinkOption.NOFOLLOW_LINKS));
    }

    @Test
    void openFile_regularFileRead_anythingElseNull_notOneNameRefused() throws IOException {
        try (GuardedFiles.Directory root = guard.openDirectory(".")) {
            assertThat(read(root.openFile("a.txt"))).isEqualTo("a\n");
            for (String other :
                    new String[] {"sub", "link-out", "file-out", "link-in", "missing.txt"}) {
                assertThat(root.openFile(other)).as(other).isNull();
            }
            assertThat(codeOf(() -> root.openFile("../a.txt"))).isEqualTo(ErrorCode.INVALID_PATH);
            assertThat(codeOf(() -> root.openFile("sub/file.txt")))
                    .isEqualTo(ErrorCode.INVALID_PATH);
        }
    }

    @Test
    void walkEntries_unlookedFileSwappedForSymlinkOutside_neitherOpenedNorEntered()
            throws IOException {
        Files.createDirectories(w.root.resolve("d"));
        Workspace.write(w.root.resolve("d/x.txt"), "inside\n");
        try (GuardedFiles.Directory d = guard.openDirectory("d")) {
            assertThat(d.walkEntries()).extracting(GuardedFiles.Entry::name).contains("x.txt");
            Files.delete(w.root.resolve("d/x.txt"));
            w.link("d/x.txt", w.root.getFileSystem().getPath("../../outside/secret.txt"));
            assertThat(d.openFile("x.txt")).isNull();
            assertThat(codeOf(() -> read(d.open("x.txt")))).isEqualTo(ErrorCode.PATH_ESCAPE);
            assertThat(d.info("x.txt").type()).isEqualTo(FileInfo.Type.SYMLINK);
            Files.delete(w.root.resolve("d/x.txt"));
            w.link("d/x.txt", w.root.getFileSystem().getPath("../../outside/dir"));
            assertThat(codeOf(() -> d.enter("x.txt").close())).isEqualTo(ErrorCode.PATH_ESCAPE);
        }
    }

    @Test
    void setLastModified_setsTime() throws IOException {
        Instant t = Instant.parse("2020-01-02T03:04:05Z");
        guard.setLastModified("a.txt", t);
        assertThat(guard.stat("a.txt").modified()).isEqualTo(t);
        assertThat(codeOf(() -> guard.setLastModified("nope", t)))
                .isEqualTo(ErrorCode.FILE_NOT_FOUND);
    }

    @Test
    void withBase_resolvesRelativeToSubdirectory_butRootStaysTheLimit() throws IOException {
        GuardedFiles sub = guard.withBase("sub");
        assertThat(sub.base()).isEqualTo(guard.root().resolve("sub"));
        assertThat(new String(sub.readBytes("file.txt"), UTF_8)).isEqualTo("file\n");
        assertThat(new String(sub.readBytes("../a.txt"), UTF_8)).isEqualTo("a\n");
        assertThat(codeOf(() -> sub.readBytes("../../outside/secret.txt")))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(codeOf(() -> guard.withBase("a.txt"))).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(codeOf(() -> guard.withBase("nope"))).isEqualTo(ErrorCode.FILE_NOT_FOUND);
        assertThat(codeOf(() -> guard.withBase("link-out"))).isEqualTo(ErrorCode.PATH_ESCAPE);
    }

    @Test
    void staleTemporaryFile_ofDeadProcess_cleanedOnNextWrite() throws IOException {
        Path stale = w.root.resolve("sub/.csl-tmp-999999999-abc");
        Workspace.write(stale, "half");
        guard.writeAtomic("sub/other.txt", bytes("x"));
        assertThat(Files.exists(stale)).isFalse();
    }

    private static IOException catchGuard(ThrowingOp op) {
        try {
            op.run();
        } catch (IOException e) {
            assertThat(e).isInstanceOf(GuardException.class);
            return e;
        }
        throw new AssertionError("no exception");
    }

    // ---- restore primitives of undo and rollback -------------------------------------------

    @Test
    void restoreFile_overSymlinkInside_replacesTheLinkItselfNotItsTarget() throws IOException {
        guard.restoreFile("link-in", bytes("restored\n"), -1);

        assertThat(Files.isSymbolicLink(w.root.resolve("link-in"))).isFalse();
        assertThat(Workspace.read(w.root.resolve("link-in"))).isEqualTo("restored\n");
        assertThat(Workspace.read(w.root.resolve("sub/file.txt"))).isEqualTo("file\n");
    }

    @Test
    void restoreFile_throughDirectorySymlinkToOutside_refusedAsPathEscape() {
        assertThat(codeOf(() -> guard.restoreFile("link-out/secret.txt", bytes("x"), -1)))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(codeOf(() -> guard.restoreFile("link-out/new.txt", bytes("x"), -1)))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        // the @AfterEach check proves nothing outside changed
    }

    @Test
    void restoreFile_missingParentsAndMode_createdWithThatMode() throws IOException {
        guard.restoreFile("gone/deeper/f.sh", bytes("#!/bin/sh\n"), 0750);

        assertThat(Workspace.read(w.root.resolve("gone/deeper/f.sh"))).isEqualTo("#!/bin/sh\n");
        if (posix()) {
            assertThat(
                            PosixFilePermissions.toString(
                                    Files.getPosixFilePermissions(
                                            w.root.resolve("gone/deeper/f.sh"))))
                    .isEqualTo("rwxr-x---");
        }
    }

    @Test
    void restoreFile_protectedOrDirectory_refused() {
        assertThat(codeOf(() -> guard.restoreFile(".git/config", bytes("x"), -1)))
                .isEqualTo(ErrorCode.PROTECTED_PATH);
        assertThat(codeOf(() -> guard.restoreFile("sub", bytes("x"), -1)))
                .isEqualTo(ErrorCode.IS_DIRECTORY);
    }

    @Test
    void createSymlink_pointingInside_created() throws IOException {
        guard.createSymlink("sub/again", "file.txt");

        assertThat(Files.isSymbolicLink(w.root.resolve("sub/again"))).isTrue();
        assertThat(Workspace.read(w.root.resolve("sub/again"))).isEqualTo("file\n");
    }

    @Test
    void createSymlink_leadingOutsideFromItsPlace_refusedAndNotLeftBehind() {
        assertThat(codeOf(() -> guard.createSymlink("sub/out", "../../outside")))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(Files.exists(w.root.resolve("sub/out"), LinkOption.NOFOLLOW_LINKS)).isFalse();
        assertThat(codeOf(() -> guard.createSymlink("a.txt", "sub"))).isEqualTo(ErrorCode.IO_ERROR);
    }

    @Test
    void setMode_fileSetLinkRefused() throws IOException {
        if (posix()) {
            guard.setMode("a.txt", 0600);
            assertThat(
                            PosixFilePermissions.toString(
                                    Files.getPosixFilePermissions(w.root.resolve("a.txt"))))
                    .isEqualTo("rw-------");
        }
        assertThat(codeOf(() -> guard.setMode("link-in", 0700))).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(codeOf(() -> guard.setMode("link-out/secret.txt", 0777)))
                .isEqualTo(ErrorCode.PATH_ESCAPE);
    }

    @Test
    void open_rootOfTheFileSystem_refused() {
        Path fsRoot = w.root.getFileSystem().getRootDirectories().iterator().next();

        assertThat(GuardedFiles.isFileSystemRoot(fsRoot)).isTrue();
        assertThat(GuardedFiles.isFileSystemRoot(w.root)).isFalse();
        assertThat(codeOf(() -> GuardedFiles.open(fsRoot))).isEqualTo(ErrorCode.PROTECTED_PATH);
    }
}
