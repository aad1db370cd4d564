package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whose directories csl works in (git's safe.directory): on the real disk, with fixtures given to
 * uid 65534 (nobody), and on Jimfs, with the user's uid passed in.
 */
class OwnershipTest {
    private static final int NOBODY = 65534;

    @TempDir Path tmp;
    private SafeDirectories safe;

    @BeforeEach
    void state() {
        safe = SafeDirectories.of(UserState.at(tmp.resolve("state")));
    }

    /** chown needs root; not root, these tests cannot make another user's file, so they skip. */
    private static void assumeRoot() {
        Assumptions.assumeTrue(
                Ownership.current().uid() == 0,
                "giving a fixture to another user (chown) needs root; run the suite as root");
    }

    private static void chown(Path path, int uid) throws IOException {
        Files.setAttribute(path, "unix:uid", uid);
    }

    @Nested
    class OnTheRealDisk {
        @Test
        void check_ownDirectory_accepted() throws IOException {
            Path dir = Files.createDirectories(tmp.resolve("mine/.csl")).getParent();

            assertThat(Ownership.current().check(dir)).isNull();
        }

        @Test
        void check_directoryOfAnotherUser_refusedNamingTheOwnerAndHowToMarkItSafe()
                throws IOException {
            assumeRoot();
            Path dir = Files.createDirectories(tmp.resolve("theirs"));
            chown(dir, NOBODY);

            UnsafeDirectory refused = Ownership.of(0, safe).check(dir);

            assertThat(refused).isNotNull();
            assertThat(refused.owner().uid()).isEqualTo(NOBODY);
            assertThat(refused.message()).contains(dir.toString()).contains("uid 65534");
            assertThat(refused.hint()).contains("csl trust --safe-directory " + dir);
        }

        @Test
        void check_cslOfAnotherUserInOwnDirectory_refusedNamingTheCsl() throws IOException {
            assumeRoot();
            Path dir = Files.createDirectories(tmp.resolve("mine"));
            chown(Files.createDirectory(dir.resolve(".csl")), NOBODY);

            UnsafeDirectory refused = Ownership.of(0, safe).check(dir);

            assertThat(refused).isNotNull();
            assertThat(refused.path()).isEqualTo(dir.resolve(".csl"));
        }

        @Test
        void check_markedSafe_accepted() throws IOException {
            assumeRoot();
            Path dir = Files.createDirectories(tmp.resolve("theirs"));
            chown(Files.createDirectory(dir.resolve(".csl")), NOBODY);
            chown(dir, NOBODY);

            safe.add(dir.toRealPath().toString());

            assertThat(Ownership.of(0, safe).check(dir)).isNull();
            assertThat(Ownership.of(0, safe).check(tmp)).isNull();
        }

        @Test
        void check_everyDirectoryMarkedSafe_accepted() throws IOException {
            assumeRoot();
            Path dir = Files.createDirectories(tmp.resolve("theirs"));
            chown(dir, NOBODY);

            safe.add(SafeDirectories.EVERY);

            assertThat(Ownership.of(0, safe).check(dir)).isNull();
        }

        @Test
        void check_anotherUserRunning_refusesRootsDirectory() throws IOException {
            Path dir = Files.createDirectories(tmp.resolve("mine"));
            long me = Ownership.current().uid();

            assertThat(Ownership.of(me + 1, safe).check(dir)).isNotNull();
        }

        @Test
        void othersMayWrite_stickyWorldWritable_saysShared() throws IOException {
            Path shared = Files.createDirectories(tmp.resolve("shared"));
            Files.setAttribute(shared, "unix:mode", 01777);

            assertThat(Ownership.othersMayWrite(shared)).contains("sticky");
        }

        @Test
        void othersMayWrite_worldWritable_saysEveryUser() throws IOException {
            Path open = Files.createDirectories(tmp.resolve("open"));
            Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));

            assertThat(Ownership.othersMayWrite(open)).contains("every user");
        }

        @Test
        void othersMayWrite_privateDirectory_null() throws IOException {
            Path own = Files.createDirectories(tmp.resolve("own"));
            Files.setPosixFilePermissions(own, PosixFilePermissions.fromString("rwxr-xr-x"));

            assertThat(Ownership.othersMayWrite(own)).isNull();
        }

        @Test
        void othersMayWrite_groupWritableBySharedGroup_saysGroup() throws IOException {
            assumeRoot();
            Path team = Files.createDirectories(tmp.resolve("team"));
            Files.setPosixFilePermissions(team, PosixFilePermissions.fromString("rwxrwxr-x"));
            Files.setAttribute(team, "unix:gid", NOBODY);
            GroupPrincipal group =
                    Files.getFileAttributeView(team, PosixFileAttributeView.class)
                            .readAttributes()
                            .group();
            Assumptions.assumeFalse(
                    group.getName().equals(Files.getOwner(team).getName()),
                    "gid 65534 is named as the owner here");

            assertThat(Ownership.othersMayWrite(team)).contains("group");
        }
    }

    @Nested
    class OnJimfs {
        @Test
        void check_ownerIsThePassedUid_acceptedElseRefused() throws IOException {
            Configuration unix =
                    Configuration.unix().toBuilder()
                            .setAttributeViews("basic", "owner", "posix", "unix")
                            .build();
            try (FileSystem fs = Jimfs.newFileSystem(unix)) {
                Path dir = Files.createDirectories(fs.getPath("/work/proj"));
                long owner = ((Number) Files.getAttribute(dir, "unix:uid")).longValue();
                SafeDirectories none = SafeDirectories.of(UserState.at(fs.getPath("/state")));

                assertThat(Ownership.of(owner, none).check(dir)).isNull();
                assertThat(Ownership.of(owner + 1, none).check(dir))
                        .isNotNull()
                        .extracting(UnsafeDirectory::path)
                        .isEqualTo(dir);
                assertThat(Ownership.of(-1, none).check(dir)).as("user unknown").isNull();
            }
        }

        @Test
        void check_windowsWithoutOwners_accepted() throws IOException {
            try (FileSystem fs = Jimfs.newFileSystem(Configuration.windows())) {
                Path dir = Files.createDirectories(fs.getPath("C:\\work\\proj"));
                SafeDirectories none = SafeDirectories.of(UserState.at(fs.getPath("C:\\state")));

                assertThat(Ownership.of(1000, none).check(dir)).isNull();
                assertThat(Ownership.othersMayWrite(dir)).isNull();
            }
        }
    }
}
