package dev.csl.runner.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class Utf8LocaleTest {
    private static Map<String, String> ensured(String... pairs) {
        Map<String, String> env = new HashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            env.put(pairs[i], pairs[i + 1]);
        }
        Utf8Locale.ensure(env);
        return env;
    }

    @Test
    void ensure_noLocale_addsLcCtype() {
        assertThat(ensured("PATH", "/bin")).containsEntry("LC_CTYPE", "C.UTF-8");
    }

    @Test
    void ensure_utf8LocaleOfTheUser_leftAsItIs() {
        assertThat(ensured("LANG", "de_DE.utf8")).doesNotContainKey("LC_CTYPE");
        assertThat(ensured("LC_ALL", "en_US.UTF-8")).containsOnlyKeys("LC_ALL");
        assertThat(ensured("LC_CTYPE", "C.UTF-8", "LANG", "C"))
                .containsEntry("LC_CTYPE", "C.UTF-8");
    }

    @Test
    void ensure_nonUtf8Lang_lcCtypeOverridesItAndMessagesStay() {
        Map<String, String> env = ensured("LANG", "de_DE.ISO-8859-1");

        assertThat(env)
                .containsEntry("LC_CTYPE", "C.UTF-8")
                .containsEntry("LANG", "de_DE.ISO-8859-1");
    }

    @Test
    void ensure_nonUtf8LcAll_replacedBecauseItOverridesLcCtype() {
        assertThat(ensured("LC_ALL", "C", "LC_CTYPE", "C.UTF-8"))
                .containsEntry("LC_ALL", "C.UTF-8");
    }
}
