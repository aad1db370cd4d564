package dev.csl.runner.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which idle containers of a project an apply's key makes stale: those of the same network with
 * another shape, and every one started under other settings; never one of another project, nor the
 * project's other network's one while the settings hold.
 */
class ContainerKeyTest {
    private static final Path ROOT = Path.of("/work/p");

    private static ContainerKey key(Path root, boolean network, String shape, Object settings) {
        return new ContainerKey(
                root, network, List.of("run", shape), List.of("dev=1,ino=2"), List.of(), settings);
    }

    @Test
    void sameKey_supersedesNothing() {
        assertThat(key(ROOT, false, "a", "s").supersedes(key(ROOT, false, "a", "s"))).isFalse();
    }

    @Test
    void sameNetwork_otherShape_stale() {
        assertThat(key(ROOT, false, "b", "s").supersedes(key(ROOT, false, "a", "s"))).isTrue();
    }

    @Test
    void otherNetwork_sameSettings_kept() {
        assertThat(key(ROOT, true, "b", "s").supersedes(key(ROOT, false, "a", "s"))).isFalse();
    }

    @Test
    void otherSettings_staleWhateverTheNetwork() {
        assertThat(key(ROOT, true, "b", "t").supersedes(key(ROOT, false, "a", "s"))).isTrue();
    }

    @Test
    void otherProject_kept() {
        assertThat(key(Path.of("/work/q"), false, "b", "t").supersedes(key(ROOT, false, "a", "s")))
                .isFalse();
    }
}
