package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The rule table the Node preload loads is the Java guard's own, and it is complete. */
class GuardRulesTest {

    @Test
    void lookalikes_everyCharacterWhoseNfkcHoldsDotOrSlash_andTheSlashesNfkcLeaves() {
        List<Integer> derived = new ArrayList<>(List.of(0x2044, 0x2215, 0x2216, 0x29F8, 0x29F9));
        for (int cp = 0x80; cp <= Character.MAX_CODE_POINT; cp++) {
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                continue;
            }
            String s = new String(Character.toChars(cp));
            if (Normalizer.isNormalized(s, Normalizer.Form.NFKC)) {
                continue;
            }
            String nfkc = Normalizer.normalize(s, Normalizer.Form.NFKC);
            if (nfkc.indexOf('.') >= 0 || nfkc.indexOf('/') >= 0 || nfkc.indexOf('\\') >= 0) {
                derived.add(cp);
            }
        }
        int[] expected = derived.stream().mapToInt(Integer::intValue).sorted().toArray();
        assertThat(PathSyntax.LOOKALIKES).isEqualTo(expected);
    }

    @Test
    void json_holdsTheLimitsTheCodesAndTheTables() {
        String json = GuardRules.json();
        assertThat(json)
                .startsWith("{\"maxPathChars\":4096,\"maxNameBytes\":255,\"maxLinkHops\":40,")
                .contains("\"linkLoopCode\":\"io_error\"")
                .contains("\"controls\":[[0,31],[127,159]]")
                .contains("[6158,6158]") // U+180E
                .contains("\"whitespace\":[[9,13],[28,32],")
                .contains("\"COM\\u00b9\"")
                .contains("\"flags\":\"i\"")
                .contains("\"INVALID_PATH\":\"invalid_path\"");
        for (int cp : new int[] {0x2215, 0x2044, 0xFF0E}) {
            assertThat(json).contains("," + cp + ",");
        }
        assertThat(Arrays.stream(PathSyntax.LOOKALIKES).sorted().toArray())
                .isEqualTo(PathSyntax.LOOKALIKES);
    }

    @Test
    void check_refusesEachNewlyListedCharacter() {
        for (String s :
                new String[] {
                    "a\u0085b",
                    "a\u2215b",
                    "a\u2044b",
                    "a\u00adb",
                    "a\ufe0fb",
                    "a\u180eb",
                    "a\udb40\udc41b",
                    "x".repeat(256)
                }) {
            assertThat(PathSyntax.check(s)).as(s).isPresent();
        }
    }
}
