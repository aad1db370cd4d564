package dev.csl.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which directory csl works in when started from a subdirectory, and what -C may create. */
class ProjectDirectoryTest {
    @TempDir Path tmp;

    @Test
    void resolve_fromSubdirectoryOfAProject_theProjectNamedInANote() throws IOException {
        Path src = Files.createDirectories(tmp.resolve("proj/src"));
        Files.createDirectories(tmp.resolve("proj/.csl"));

        ProjectDirectory p = ProjectDirectory.resolve(null, src);

        assertThat(p.dir()).isEqualTo(tmp.resolve("proj"));
        assertThat(p.notes()).singleElement().asString().contains("working in the project");
    }

    @Test
    void resolve_inTheProjectItself_noNote() throws IOException {
        Files.createDirectories(tmp.resolve("proj/.csl"));

        ProjectDirectory p = ProjectDirectory.resolve(null, tmp.resolve("proj"));

        assertThat(p.dir()).isEqualTo(tmp.resolve("proj"));
        assertThat(p.notes()).isEmpty();
    }

    @Test
    void resolve_belowAGitRootWithoutProject_currentDirectoryWithANoteNamingTheRoot()
            throws IOException {
        Path src = Files.createDirectories(tmp.resolve("repo/src"));
        Files.createDirectories(tmp.resolve("repo/.git"));

        ProjectDirectory p = ProjectDirectory.resolve(null, src);

        assertThat(p.dir()).isEqualTo(src);
        assertThat(p.notes())
                .singleElement()
                .asString()
                .contains("below the git work tree at " + tmp.resolve("repo"))
                .contains("-C " + tmp.resolve("repo"));
    }

    @Test
    void resolve_projectAboveTheGitRoot_notTaken() throws IOException {
        Files.createDirectories(tmp.resolve("outer/.csl"));
        Path repo = Files.createDirectories(tmp.resolve("outer/repo"));
        Files.createDirectories(repo.resolve(".git"));

        ProjectDirectory p = ProjectDirectory.resolve(null, repo);

        assertThat(p.dir()).isEqualTo(repo);
    }

    @Test
    void resolve_missingDirectoryWhoseParentExists_createdWithANote() throws IOException {
        ProjectDirectory p = ProjectDirectory.resolve(tmp.resolve("new"), tmp);

        assertThat(p.missing()).isTrue();
        assertThat(p.createIfMissing()).contains("created the working directory");
        assertThat(tmp.resolve("new")).isDirectory();
    }

    @Test
    void resolve_typoDeeperThanOneMissingDirectory_usageErrorAndNothingCreated() {
        ProjectDirectory p = ProjectDirectory.resolve(tmp.resolve("typo/deeper"), tmp);

        assertThat(p.error()).contains("does not exist, nor does its parent");
        assertThat(tmp.resolve("typo")).doesNotExist();
    }
}
