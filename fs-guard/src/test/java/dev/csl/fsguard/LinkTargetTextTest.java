package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Symlink targets as {@code ln -s} writes them, on the real disk: the JDK reads {@code ../} back as
 * one name with its slash, which once passed for an ordinary name, so built-ins read outside
 * through {@code up -> ../} while SEARCH refused the same path (issue 24, item 8).
 */
class LinkTargetTextTest {
    @TempDir Path tmp;
    private Workspace w;
    private GuardedFiles guard;

    @BeforeEach
    void setUp() throws IOException {
        w = Workspace.create(tmp);
        guard = GuardedFiles.open(w.root);
    }

    @Test
    void read_throughLinkToDotDotSlash_pathEscapeNamingTheRealTarget() {
        GuardException e =
                catchThrowableOfType(
                        () -> guard.readBytes("up-slash/outside/secret.txt"), GuardException.class);

        assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
        assertThat(e.getMessage()).contains("resolves to " + w.root.getParent() + ";");
    }

    @Test
    void read_deepLinkClimbingWithSlashes_pathEscape() throws IOException {
        Files.createDirectories(w.root.resolve("a/b"));
        w.rawLink("a/b/l", "../../../");

        assertThat(catchThrowableOfType(() -> guard.list("a/b/l/outside"), GuardException.class))
                .extracting(GuardException::code)
                .isEqualTo(ErrorCode.PATH_ESCAPE);
    }

    @Test
    void read_linkToFileWithTrailingSlash_notADirectoryLikeTheKernel() {
        GuardException e =
                catchThrowableOfType(() -> guard.readBytes("file-slash"), GuardException.class);

        assertThat(e.code()).isEqualTo(ErrorCode.IO_ERROR);
        assertThat(e.getMessage()).startsWith("Not a directory");
    }

    @Test
    void read_linksInsideWithSlashes_followed() throws IOException {
        assertThat(guard.readBytes("in-dslash/file.txt")).asString().isEqualTo("file\n");
        assertThat(guard.readBytes("abs-dslash/file.txt")).asString().isEqualTo("file\n");
        assertThat(guard.stat("up-slash").linkTarget()).isEqualTo("../");
    }
}
