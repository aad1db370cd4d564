package dev.csl.runner.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The image of a project's devcontainer.json, taken only while the user's trust record holds the
 * file's hash: a cloned repository's file, and one changed after the user trusted it, are not used.
 */
class DevcontainerTest {
    @TempDir Path tmp;
    private Path root;

    @BeforeEach
    void setUp() throws IOException {
        root = Files.createDirectories(tmp.resolve("proj")).toRealPath();
    }

    private void write(String text) throws IOException {
        Files.createDirectories(root.resolve(".devcontainer"));
        Files.writeString(root.resolve(Devcontainer.RELATIVE_PATH), text);
    }

    @Test
    void clonedFile_namesItsImage_notTrusted_sayingHowToTrust() throws IOException {
        write(
                "// a devcontainer as editors write it\n"
                        + "{\"name\": \"x\", \"image\": \"ghcr.io/attacker/tools:1\",\n"
                        + " \"runArgs\": [\"--privileged\"], /* ignored */ }\n");

        Devcontainer devcontainer = Devcontainer.load(root);

        assertThat(devcontainer.image())
                .isEqualTo(new ContainerImage("ghcr.io/attacker/tools:1", null));
        assertThat(devcontainer.trusted()).isFalse();
        assertThat(devcontainer.untrusted())
                .isEqualTo(
                        ".devcontainer/devcontainer.json names the image ghcr.io/attacker/tools:1,"
                                + " but csl has no record that you reviewed it (a cloned repository"
                                + " chooses it), so it is not used; review it and trust it with `csl"
                                + " trust --devcontainer`");
    }

    @Test
    void trusted_thenChanged_notTrustedAnyMore_sayingItChanged() throws IOException {
        write("{\"image\": \"node:22\"}\n");
        Devcontainer reviewed = Devcontainer.load(root);
        DevcontainerTrust.of(root).trust(reviewed.sha256());
        assertThat(Devcontainer.load(root).trusted()).isTrue();

        write("{\"image\": \"ghcr.io/attacker/node:22\"}\n");
        Devcontainer changed = Devcontainer.load(root);

        assertThat(changed.trusted()).isFalse();
        assertThat(changed.untrusted()).contains("it changed since you trusted it");
    }

    @Test
    void revoked_notTrusted() throws IOException {
        write("{\"image\": \"node:22\"}\n");
        DevcontainerTrust.of(root).trust(Devcontainer.load(root).sha256());

        DevcontainerTrust.of(root).revoke();

        assertThat(Devcontainer.load(root).trusted()).isFalse();
    }

    @Test
    void trustOfAnotherProject_doesNotCount() throws IOException {
        write("{\"image\": \"node:22\"}\n");
        Path other = Files.createDirectories(tmp.resolve("other"));
        Files.createDirectories(other.resolve(".devcontainer"));
        Files.copy(
                root.resolve(Devcontainer.RELATIVE_PATH),
                other.resolve(Devcontainer.RELATIVE_PATH));
        DevcontainerTrust.of(other).trust(Devcontainer.load(other).sha256());

        assertThat(Devcontainer.load(root).trusted()).isFalse();
    }

    @Test
    void noFile_orNoImage_none() throws IOException {
        assertThat(Devcontainer.load(root)).isNull();
        write("{\"build\": {\"dockerfile\": \"Dockerfile\"}}\n");
        assertThat(Devcontainer.load(root)).isNull();
    }

    @Test
    void imageLikeAnOption_refused() throws IOException {
        write("{\"image\": \"--privileged\"}\n");

        assertThatThrownBy(() -> Devcontainer.load(root))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("\"image\" must be an image name");
    }

    @Test
    void notJson_refusedNamingTheFile() throws IOException {
        write("{\"image\": ");

        assertThatThrownBy(() -> Devcontainer.load(root))
                .hasMessageStartingWith(".devcontainer/devcontainer.json is not valid JSON");
    }

    @Test
    void linkOutOfTheProject_refused() throws IOException {
        Path outside = Files.writeString(tmp.resolve("outside.json"), "{\"image\": \"node:22\"}");
        Files.createDirectories(root.resolve(".devcontainer"));
        Files.createSymbolicLink(root.resolve(Devcontainer.RELATIVE_PATH), outside);

        assertThatThrownBy(() -> Devcontainer.load(root))
                .hasMessageStartingWith(".devcontainer/devcontainer.json cannot be read");
    }
}
