package dev.csl.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.Ownership;
import dev.csl.fsguard.SafeDirectories;
import dev.csl.fsguard.UserState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client root, {@code -C} or start directory that is {@code /}, the home directory or an ancestor
 * of it is no project (below it the model's {@code workingDir} could name any of the user's files),
 * and a directory another user owns is {@code unsafe_directory}.
 */
class McpNoProjectTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path tmp;
    private Path home;
    private Path project;
    private Ownership owners;

    @BeforeEach
    void layout() throws IOException {
        home = Files.createDirectories(tmp.resolve("home/me"));
        project = Files.createDirectories(home.resolve("proj"));
        owners =
                Ownership.of(
                        Ownership.current().uid(),
                        SafeDirectories.of(UserState.at(tmp.resolve("state"))));
    }

    private McpWorkingDir dirs(Path fixed, Path started, List<Path> roots) {
        McpWorkingDir dirs = new McpWorkingDir(fixed, started, home, owners);
        dirs.roots(roots);
        return dirs;
    }

    private static ObjectNode args(String workingDir) {
        ObjectNode args = JSON.createObjectNode();
        if (workingDir != null) {
            args.put("workingDir", workingDir);
        }
        return args;
    }

    @Test
    void resolve_rootOfTheFileSystemAsTheOnlyRoot_refusedWithTheReason() {
        McpWorkingDir dirs = dirs(null, project, List.of(Path.of("/")));

        assertThatThrownBy(() -> dirs.resolve(args(project.resolve("x").toString())))
                .isInstanceOf(McpWorkingDir.Refused.class)
                .hasMessageContaining("no project")
                .hasMessageContaining("/ is the root of the file system");
    }

    @Test
    void resolve_homeAsTheOnlyRoot_refusedEvenForADirectoryInside() {
        McpWorkingDir dirs = dirs(null, project, List.of(home));

        assertThatThrownBy(() -> dirs.resolve(args(project.toString())))
                .isInstanceOf(McpWorkingDir.Refused.class)
                .hasMessageContaining(home + " is your home directory");
    }

    @Test
    void resolve_ancestorOfHomeAsARootBesideAProject_onlyTheProjectCounts() throws Exception {
        McpWorkingDir dirs = dirs(null, tmp, List.of(tmp.resolve("home"), project));

        assertThat(dirs.resolve(args(null))).isEqualTo(project.toRealPath());
        assertThatThrownBy(() -> dirs.resolve(args(home.toString())))
                .isInstanceOf(McpWorkingDir.Refused.class)
                .hasMessageContaining("an ancestor of your home directory");
    }

    @Test
    void resolve_startedInTheHomeDirectoryWithoutRoots_refused() {
        McpWorkingDir dirs = dirs(null, home, List.of());

        assertThatThrownBy(() -> dirs.resolve(args("proj")))
                .isInstanceOf(McpWorkingDir.Refused.class)
                .hasMessageContaining("started in " + home + ", your home directory");
    }

    @Test
    void resolve_startedInTheFileSystemRoot_refused() {
        McpWorkingDir dirs = dirs(null, Path.of("/"), List.of());

        assertThatThrownBy(() -> dirs.resolve(args(null)))
                .isInstanceOf(McpWorkingDir.Refused.class)
                .hasMessageContaining("root of the file system");
    }

    @Test
    void resolve_dashCOnTheHomeDirectory_refused() {
        McpWorkingDir dirs = dirs(home, home, List.of());

        assertThatThrownBy(() -> dirs.resolve(args(null)))
                .isInstanceOf(McpWorkingDir.Refused.class)
                .hasMessageContaining("your home directory");
    }

    @Test
    void resolve_projectRoot_accepted() throws Exception {
        assertThat(dirs(null, tmp, List.of(project)).resolve(args(null)))
                .isEqualTo(project.toRealPath());
    }

    @Test
    void resolve_rootOwnedByAnotherUser_unsafeDirectory() throws Exception {
        Assumptions.assumeTrue(
                Ownership.current().uid() == 0,
                "giving a fixture to another user (chown) needs root; run the suite as root");
        Files.setAttribute(project, "unix:uid", 65534);

        assertThatThrownBy(() -> dirs(null, tmp, List.of(project)).resolve(args(null)))
                .isInstanceOfSatisfying(
                        McpWorkingDir.Refused.class,
                        e -> {
                            assertThat(e.code).isEqualTo(ErrorCode.UNSAFE_DIRECTORY);
                            assertThat(e.getMessage()).contains("uid 65534");
                            assertThat(e.hint).contains("csl trust --safe-directory");
                        });
    }
}
