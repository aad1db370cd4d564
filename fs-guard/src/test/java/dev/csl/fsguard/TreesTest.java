package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.common.jimfs.Configuration;
import com.google.common.jimfs.Jimfs;
import java.io.IOException;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Recursive changes refuse a tree with another device below it before they change anything (the
 * real-disk bind-mount case is {@code MountTest}).
 */
class TreesTest {
    FileSystem fs;
    Path root;

    @BeforeEach
    void setUp() throws IOException {
        fs = Jimfs.newFileSystem(Configuration.unix());
        root = Files.createDirectories(fs.getPath("/work/proj"));
        Files.createDirectories(root.resolve("tree/mnt/data"));
        Files.write(root.resolve("tree/mnt/data/keep.txt"), new byte[] {1});
        Files.createDirectories(root.resolve("tree/plain"));
        Files.write(root.resolve("tree/plain/gone.txt"), new byte[] {2});
        Files.write(root.resolve("tree/gone.txt"), new byte[] {3});
    }

    @AfterEach
    void tearDown() throws IOException {
        fs.close();
    }

    /** An access that reports every directory named "mnt" (and below) as another device. */
    private static Access withMountAtMnt(Access real) {
        InvocationHandler h =
                (proxy, method, args) -> {
                    if (method.getName().equals("deviceOf")) {
                        @SuppressWarnings("unchecked")
                        List<String> names = (List<String>) args[0];
                        return names.contains("mnt") ? "other-device" : "root-device";
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                };
        return (Access)
                Proxy.newProxyInstance(
                        Access.class.getClassLoader(), new Class<?>[] {Access.class}, h);
    }

    @Test
    void deleteRecursive_mountPointInside_refusedAndNothingRemoved() throws IOException {
        GuardedFiles guard = Guard.open(root, real -> withMountAtMnt(new NioAccess(real)));

        assertThatThrownBy(() -> guard.deleteRecursive("tree"))
                .isInstanceOfSatisfying(
                        GuardException.class,
                        e -> {
                            assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE);
                            assertThat(e.getMessage())
                                    .contains("Another file system is mounted at")
                                    .contains("mnt")
                                    .contains("nothing was changed");
                        });
        assertThat(Files.exists(root.resolve("tree/mnt/data/keep.txt"))).isTrue();
        assertThat(Files.exists(root.resolve("tree/plain/gone.txt"))).isTrue();
        assertThat(Files.exists(root.resolve("tree/gone.txt"))).isTrue();
    }

    @Test
    void copyRecursive_mountPointInside_refusedAndNothingCreated() throws IOException {
        GuardedFiles guard = Guard.open(root, real -> withMountAtMnt(new NioAccess(real)));

        assertThatThrownBy(() -> guard.copy("tree", "copy", true))
                .isInstanceOfSatisfying(
                        GuardException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE));
        assertThat(Files.exists(root.resolve("copy"))).isFalse();
    }

    @Test
    void move_treeWithMountPoint_refusedAndNothingMoved() throws IOException {
        GuardedFiles guard = Guard.open(root, real -> withMountAtMnt(new NioAccess(real)));

        assertThatThrownBy(() -> guard.move("tree", "moved"))
                .isInstanceOfSatisfying(
                        GuardException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.PATH_ESCAPE));
        assertThat(Files.exists(root.resolve("tree/mnt/data/keep.txt"))).isTrue();
        assertThat(Files.exists(root.resolve("moved"))).isFalse();
    }

    @Test
    void deleteRecursive_sameDevice_removesEverything() throws IOException {
        GuardedFiles guard = Guard.open(root, NioAccess::new);
        guard.deleteRecursive("tree");
        assertThat(Files.exists(root.resolve("tree"))).isFalse();
    }
}
