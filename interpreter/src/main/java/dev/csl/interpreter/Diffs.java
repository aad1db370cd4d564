package dev.csl.interpreter;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.util.Arrays;
import java.util.List;

/** Unified diffs of one operation's change, for dry runs (java-diff-utils). */
final class Diffs {
    private Diffs() {}

    static String unified(String file, Content before, Content after) {
        if (before == after) {
            return "";
        }
        List<String> a = lines(before);
        List<String> b = lines(after);
        Patch<String> patch = DiffUtils.diff(a, b);
        if (patch.getDeltas().isEmpty()) {
            return "";
        }
        String from = before.exists() ? "a/" + file : "/dev/null";
        String to = after.exists() ? "b/" + file : "/dev/null";
        return String.join("\n", UnifiedDiffUtils.generateUnifiedDiff(from, to, a, patch, 3))
                + "\n";
    }

    private static List<String> lines(Content c) {
        if (!c.exists()) {
            return List.of();
        }
        String text = c.textOrNote();
        if (text.isEmpty()) {
            return List.of();
        }
        if (text.endsWith("\n")) {
            text = text.substring(0, text.length() - 1);
        }
        return Arrays.asList(text.split("\r?\n", -1));
    }
}
