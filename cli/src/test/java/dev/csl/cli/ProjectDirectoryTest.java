package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.Ownership;
import dev.csl.fsguard.SafeDirectories;
import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which directory csl works in when started from a subdirectory, what -C may create, and whose
 * directories it refuses (on the real disk: ownership fixtures are given to uid 65534).
 */
class ProjectDirectoryTest {
    private static final int NOBODY = 65534;

    @TempDir Path tmp;
    private Path home;
    private SafeDirectories safe;
    private Ownership owners;

    @BeforeEach
    void user() throws IOException {
        home = Files.createDirectories(tmp.resolve("home/me"));
        safe = SafeDirectories.of(UserState.at(tmp.resolve("state")));
        owners = Ownership.of(Ownership.current().uid(), safe);
    }

    private ProjectDirectory resolve(Path given, Path current) {
        return ProjectDirectory.resolve(given, current, home, owners);
    }

    /** chown needs root; not root, a test cannot make another user's file, so it skips. */
    private static void giveToNobody(Path path) throws IOException {
        Assumptions.assumeTrue(
                Ownership.current().uid() == 0,
                "giving a fixture to another user (chown) needs root; run the suite as root");
        Files.setAttribute(path, "unix:uid", NOBODY);
    }

    @Test
    void resolve_fromSubdirectoryOfAProject_theProjectNamedInANote() throws IOException {
        Path src = Files.createDirectories(tmp.resolve("proj/src"));
        Files.createDirectories(tmp.resolve("proj/.csl"));

        ProjectDirectory p = resolve(null, src);

        assertThat(p.dir()).isEqualTo(tmp.resolve("proj"));
        assertThat(p.notes()).singleElement().asString().contains("working in the project");
    }

    @Test
    void resolve_inTheProjectItself_noNote() throws IOException {
        Files.createDirectories(tmp.resolve("proj/.csl"));

        ProjectDirectory p = resolve(null, tmp.resolve("proj"));

        assertThat(p.dir()).isEqualTo(tmp.resolve("proj"));
        assertThat(p.notes()).isEmpty();
    }

    @Test
    void resolve_belowAGitRootWithoutProject_theGitRootNamedInANote() throws IOException {
        Path src = Files.createDirectories(tmp.resolve("repo/src/deep"));
        Files.createDirectories(tmp.resolve("repo/.git"));

        ProjectDirectory p = resolve(null, src);

        assertThat(p.dir()).isEqualTo(tmp.resolve("repo"));
        assertThat(p.notes())
                .singleElement()
                .asString()
                .contains("working in " + tmp.resolve("repo"))
                .contains("root of the git work tree");
    }

    @Test
    void resolve_linkedWorkTreeWhoseGitIsAFile_anchorsThere() throws IOException {
        Path src = Files.createDirectories(tmp.resolve("wt/src"));
        Files.writeString(tmp.resolve("wt/.git"), "gitdir: /elsewhere\n");

        assertThat(resolve(null, src).dir()).isEqualTo(tmp.resolve("wt"));
    }

    @Test
    void resolve_projectBelowTheGitRoot_theProjectWins() throws IOException {
        Files.createDirectories(tmp.resolve("repo/.git"));
        Files.createDirectories(tmp.resolve("repo/pkg/.csl"));
        Path src = Files.createDirectories(tmp.resolve("repo/pkg/src"));

        ProjectDirectory p = resolve(null, src);

        assertThat(p.dir()).isEqualTo(tmp.resolve("repo/pkg"));
        assertThat(p.notes())
                .anySatisfy(n -> assertThat(n).contains("working in the project"))
                .anySatisfy(
                        n ->
                                assertThat(n)
                                        .contains("lies below the root of the git work tree")
                                        .contains("-C " + tmp.resolve("repo")));
    }

    @Test
    void resolve_projectAboveTheGitRoot_notTaken() throws IOException {
        Files.createDirectories(tmp.resolve("outer/.csl"));
        Path repo = Files.createDirectories(tmp.resolve("outer/repo"));
        Files.createDirectories(repo.resolve(".git"));

        ProjectDirectory p = resolve(null, repo);

        assertThat(p.dir()).isEqualTo(repo);
    }

    @Test
    void resolve_cslInTheHomeDirectory_notTakenFromBelow() throws IOException {
        Files.createDirectories(home.resolve(".csl"));
        Path work = Files.createDirectories(home.resolve("scratch"));

        ProjectDirectory p = resolve(null, work);

        assertThat(p.dir()).isEqualTo(work);
        assertThat(p.notes()).isEmpty();
    }

    @Test
    void resolve_gitRepositoryOfTheHomeDirectory_notTakenFromBelow() throws IOException {
        Files.createDirectories(home.resolve(".git")); // dotfiles kept in git
        Path work = Files.createDirectories(home.resolve("scratch"));

        assertThat(resolve(null, work).dir()).isEqualTo(work);
    }

    @Test
    void resolve_missingDirectoryWhoseParentExists_createdWithANote() throws IOException {
        ProjectDirectory p = resolve(tmp.resolve("new"), tmp);

        assertThat(p.missing()).isTrue();
        assertThat(p.createIfMissing()).contains("created the working directory");
        assertThat(tmp.resolve("new")).isDirectory();
    }

    @Test
    void resolve_typoDeeperThanOneMissingDirectory_usageErrorAndNothingCreated() {
        ProjectDirectory p = resolve(tmp.resolve("typo/deeper"), tmp);

        assertThat(p.error()).contains("does not exist, nor does its parent");
        assertThat(tmp.resolve("typo")).doesNotExist();
    }

    @Nested
    class OthersMayWrite {
        private Path shared;

        @BeforeEach
        void plantedInASharedDirectory() throws IOException {
            // a /tmp of our own: sticky and world-writable, with a .csl/ someone planted there
            shared = Files.createDirectories(tmp.resolve("sharedtmp"));
            Files.setAttribute(shared, "unix:mode", 01777);
            Files.createDirectories(shared.resolve(".csl"));
            Files.writeString(shared.resolve(".csl/commands.json"), "{\"allowed\": [\"*\"]}");
        }

        @Test
        void resolve_cslInAStickySharedParent_notAdoptedAndSaid() throws IOException {
            Path mine = Files.createDirectories(shared.resolve("mywork"));

            ProjectDirectory p = resolve(null, mine);

            assertThat(p.dir()).isEqualTo(mine);
            assertThat(p.notes())
                    .singleElement()
                    .asString()
                    .contains("did not take " + shared.resolve(".csl"))
                    .contains("sticky");
        }

        @Test
        void resolve_cslInAWorldWritableParent_notAdopted() throws IOException {
            Files.setAttribute(shared, "unix:mode", 0777);
            Path mine = Files.createDirectories(shared.resolve("mywork"));

            assertThat(resolve(null, mine).dir()).isEqualTo(mine);
        }

        @Test
        void resolve_gitRootOthersMayWrite_refusedAsUnsafe() throws IOException {
            Files.createDirectories(shared.resolve(".git"));
            Path mine = Files.createDirectories(shared.resolve("mywork"));

            ProjectDirectory p = resolve(null, mine);

            assertThat(p.dir()).isNull();
            assertThat(p.unsafe()).isNotNull();
            assertThat(p.error()).contains(shared.toString()).contains("-C");
        }

        @Test
        void resolve_inTheSharedDirectoryItself_worksThere() {
            assertThat(resolve(null, shared).dir()).isEqualTo(shared);
        }
    }

    @Nested
    class AnotherUsersFiles {
        @Test
        void resolve_cslOfAnotherUserAboveTheCurrentDirectory_notAdopted() throws IOException {
            Path proj = Files.createDirectories(tmp.resolve("proj"));
            Path csl = Files.createDirectories(proj.resolve(".csl"));
            Path src = Files.createDirectories(proj.resolve("src"));
            giveToNobody(csl);

            ProjectDirectory p = resolve(null, src);

            assertThat(p.dir()).isEqualTo(src);
            assertThat(p.notes()).singleElement().asString().contains("uid 65534");
        }

        @Test
        void resolve_searchStopsAtADirectoryOfAnotherUser() throws IOException {
            Files.createDirectories(tmp.resolve("proj/.csl"));
            Path theirs = Files.createDirectories(tmp.resolve("proj/theirs"));
            Path src = Files.createDirectories(theirs.resolve("mine"));
            giveToNobody(theirs);

            assertThat(resolve(null, src).dir()).isEqualTo(src);
        }

        @Test
        void resolve_currentDirectoryOfAnotherUser_unsafe() throws IOException {
            Path theirs = Files.createDirectories(tmp.resolve("theirs"));
            giveToNobody(theirs);

            ProjectDirectory p = resolve(null, theirs);

            assertThat(p.dir()).isNull();
            assertThat(p.unsafe().owner().uid()).isEqualTo(NOBODY);
            assertThat(p.error()).contains("csl trust --safe-directory " + theirs);
        }

        @Test
        void resolve_gitRootOfAnotherUser_unsafeAsGitSays() throws IOException {
            Path repo = Files.createDirectories(tmp.resolve("repo"));
            Files.createDirectories(repo.resolve(".git"));
            Path src = Files.createDirectories(repo.resolve("src"));
            giveToNobody(repo);

            assertThat(resolve(null, src).unsafe()).isNotNull();
        }

        @Test
        void resolve_dashCOnADirectoryOfAnotherUser_unsafe() throws IOException {
            Path theirs = Files.createDirectories(tmp.resolve("theirs"));
            giveToNobody(theirs);

            ProjectDirectory p = resolve(theirs, tmp);

            assertThat(p.unsafe()).isNotNull();
            assertThat(p.error()).contains("owned by another user").contains("uid 65534");
        }

        @Test
        void resolve_dashCOnADirectoryMarkedSafe_worksThere() throws IOException {
            Path theirs = Files.createDirectories(tmp.resolve("theirs"));
            Files.createDirectories(theirs.resolve(".csl"));
            giveToNobody(theirs.resolve(".csl"));
            giveToNobody(theirs);
            safe.add(theirs.toRealPath().toString());

            assertThat(resolve(theirs, tmp).dir()).isEqualTo(theirs);
        }
    }
}
