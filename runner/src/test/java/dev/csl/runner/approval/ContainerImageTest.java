package dev.csl.runner.approval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code "container"} setting of commands.json: its two forms, refused shapes named, and, since
 * it decides which programs run, counted only when the user trusted the file.
 */
class ContainerImageTest {
    @TempDir Path wd;
    @TempDir Path home;

    private CommandsFile.Written write(String json) throws IOException {
        Files.createDirectories(wd.resolve(".csl"));
        Files.writeString(wd.resolve(".csl/commands.json"), json);
        return CommandsFile.loadAsWritten(wd);
    }

    @Test
    void load_imageOrRootfs_namedAsResultsSayIt() throws IOException {
        ContainerImage image =
                write("{\"container\": {\"image\": \"node:22\"}}").file().container();
        ContainerImage rootfs =
                write("{\"container\": {\"rootfs\": \"/srv/r/\"}}").file().container();

        assertThat(image.runArguments()).containsExactly("node:22");
        assertThat(image.describe()).isEqualTo("image node:22");
        assertThat(rootfs.runArguments()).containsExactly("--rootfs", "/srv/r:O");
        assertThat(rootfs.describe()).isEqualTo("root file system /srv/r");
    }

    @Test
    void load_badShapes_refusedNamingTheField() {
        for (String bad :
                List.of(
                        "\"node\"",
                        "{}",
                        "{\"image\": \"\"}",
                        "{\"image\": \"--privileged\"}",
                        "{\"image\": \"a b\"}",
                        "{\"rootfs\": \"relative/dir\"}",
                        "{\"rootfs\": \"/a:b\"}",
                        "{\"image\": \"x\", \"rootfs\": \"/\"}")) {
            assertThatThrownBy(() -> write("{\"container\": " + bad + "}"))
                    .as(bad)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining(".csl/commands.json: \"container\" must be");
        }
    }

    @Test
    void grantsOf_untrustedFile_containerIgnoredAndNamed() throws IOException {
        CommandsFile.Written written = write("{\"container\": {\"image\": \"evil/toolchain\"}}");
        ProjectTrust trust = ProjectTrust.of(UserState.at(home.resolve("state")), wd);

        CommandsFile counted = trust.grantsOf(written);
        trust.trust(written);
        CommandsFile trusted = trust.grantsOf(written);

        assertThat(counted.container()).isNull();
        assertThat(written.file().widerThan(counted))
                .contains("the container image evil/toolchain");
        assertThat(trusted.container().image()).isEqualTo("evil/toolchain");
    }
}
