package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HomeDirectoryTest {
    @Test
    void of_homeSet_winsOverJavasUserHome() {
        assertThat(HomeDirectory.of(Map.of("HOME", "/srv/me"), "/home/passwd"))
                .isEqualTo("/srv/me");
    }

    @Test
    void of_homeUnsetEmptyOrRelative_javasUserHome() {
        assertThat(HomeDirectory.of(Map.of(), "/home/passwd")).isEqualTo("/home/passwd");
        assertThat(HomeDirectory.of(Map.of("HOME", ""), "/home/passwd")).isEqualTo("/home/passwd");
        assertThat(HomeDirectory.of(Map.of("HOME", "me"), "/home/passwd"))
                .isEqualTo("/home/passwd");
    }

    @Test
    void cacheDirectory_followsXdgCacheHomeThenHome() {
        assertThat(
                        Installation.cacheDirectory(
                                Map.of("XDG_CACHE_HOME", "/x/cache", "HOME", "/srv/me"), "/home/p"))
                .isEqualTo(Path.of("/x/cache/csl"));
        assertThat(Installation.cacheDirectory(Map.of("HOME", "/srv/me"), "/home/p"))
                .isEqualTo(Path.of("/srv/me/.cache/csl"));
        assertThat(Installation.cacheDirectory(Map.of(), "/home/p"))
                .isEqualTo(Path.of("/home/p/.cache/csl"));
    }

    @Test
    void userState_locatedUnderTheHomeGiven() {
        assertThat(UserState.locate(Map.of(), "/srv/me").root())
                .isEqualTo(Path.of("/srv/me/.config/csl"));
    }
}
