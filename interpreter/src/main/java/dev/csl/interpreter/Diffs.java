package dev.csl.interpreter;

import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Unified diffs of one operation's change, for dry runs (java-diff-utils), at a cost linear in the
 * file ({@link LineDiff}).
 */
final class Diffs {
    private Diffs() {}

    static String unified(String file, Content before, Content after) {
        if (before == after) {
            return "";
        }
        List<String> a = lines(before);
        List<String> b = lines(after);
        Patch<String> patch = LineDiff.diff(a, b, LineDiff.budget((long) a.size() + b.size()));
        if (patch.getDeltas().isEmpty()) {
            return "";
        }
        String from = before.exists() ? "a/" + file : "/dev/null";
        String to = after.exists() ? "b/" + file : "/dev/null";
        List<String> diff = UnifiedDiffUtils.generateUnifiedDiff(from, to, a, patch, 3);
        return String.join("\n", diff.stream().map(Diffs::emptyRangeStartsAtZero).toList()) + "\n";
    }

    private static final Pattern HUNK_HEADER =
            Pattern.compile("^@@ -(\\d+),(\\d+) \\+(\\d+),(\\d+) @@");

    /**
     * GNU diff and patch number an empty range by the line before it ({@code @@ -0,0 +1,2 @@} for a
     * new file); java-diff-utils writes {@code -1,0}. Only an empty side gives an empty range here:
     * with three lines of context, every other hunk has lines on both sides.
     */
    private static String emptyRangeStartsAtZero(String line) {
        if (!line.startsWith("@@ ")) {
            return line; // no matcher for every line of a 100,000-line diff
        }
        Matcher m = HUNK_HEADER.matcher(line);
        if (!m.find()) {
            return line;
        }
        String oldStart = m.group(2).equals("0") ? "0" : m.group(1);
        String newStart = m.group(4).equals("0") ? "0" : m.group(3);
        return "@@ -"
                + oldStart
                + ","
                + m.group(2)
                + " +"
                + newStart
                + ","
                + m.group(4)
                + " @@"
                + line.substring(m.end());
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
