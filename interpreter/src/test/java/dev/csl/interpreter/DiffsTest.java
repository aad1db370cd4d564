package dev.csl.interpreter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class DiffsTest {
    private static Content text(String s) {
        return Content.ofBytes(s.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void unified_newFile_emptyOldRangeStartsAtZeroAsGnuWrites() {
        String diff = Diffs.unified("a.txt", Content.ABSENT, text("one\ntwo\n"));

        assertEquals("--- /dev/null\n+++ b/a.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n", diff);
    }

    @Test
    void unified_everyLineDeleted_emptyNewRangeStartsAtZero() {
        String diff = Diffs.unified("a.txt", text("one\ntwo\n"), text(""));

        assertTrue(diff.contains("\n@@ -1,2 +0,0 @@\n-one\n-two\n"), diff);
    }

    @Test
    void unified_changeInTheMiddle_headersKeepTheirLineNumbers() {
        String diff =
                Diffs.unified(
                        "a.txt",
                        text("1\n2\n3\n4\n5\n6\n7\n8\n"),
                        text("1\n2\n3\n4\nV\n6\n7\n8\n"));

        assertTrue(diff.contains("\n@@ -2,7 +2,7 @@\n"), diff);
    }
}
