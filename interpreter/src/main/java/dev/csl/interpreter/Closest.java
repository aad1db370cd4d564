package dev.csl.interpreter;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.AbstractDelta;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Finds where a SEARCH pattern that matched nowhere almost matches, and names what differs (SPEC
 * §2.3, "errors that teach"). Shown to the LLM, never applied.
 */
final class Closest {
    /** Files larger than this are not searched for a similar region (it would cost seconds). */
    static final int MAX_CHARS = 8 * 1024 * 1024;

    private static final int MAX_DIFFERENCES = 6;

    /**
     * One line that differs: its line in the file (0 when the pattern has a line the file lacks).
     */
    record Difference(int line, String kind, String file, String pattern) {}

    /** The closest region: 1-based line range, similarity 0..1, and what differs in it. */
    record Region(int startLine, int endLine, double similarity, List<Difference> differences) {
        /** The kinds of difference, each once, in order of appearance. */
        List<String> kinds() {
            Set<String> kinds = new LinkedHashSet<>();
            differences.forEach(d -> kinds.add(d.kind()));
            return new ArrayList<>(kinds);
        }
    }

    private Closest() {}

    /** The most similar region of {@code text} to {@code pattern}, or null if nothing is close. */
    static Region find(String text, String pattern, boolean stripCr) {
        if (text.length() > MAX_CHARS || pattern.isEmpty()) {
            return null;
        }
        List<String> fileLines = splitLines(text, stripCr);
        List<String> patternLines = Arrays.asList(pattern.split("\n", -1));
        int k = patternLines.size();

        Map<String, List<Integer>> patternNorms = new HashMap<>();
        for (int t = 0; t < k; t++) {
            String n = norm(patternLines.get(t));
            if (!n.isEmpty()) {
                patternNorms.computeIfAbsent(n, x -> new ArrayList<>()).add(t);
            }
        }
        Map<Integer, Integer> votes = new HashMap<>();
        for (int i = 0; i < fileLines.size(); i++) {
            List<Integer> ts = patternNorms.get(norm(fileLines.get(i)));
            if (ts != null) {
                for (int t : ts) {
                    votes.merge(Math.max(0, i - t), 1, Integer::sum);
                }
            }
        }
        List<Integer> candidates = new ArrayList<>();
        if (!votes.isEmpty()) {
            votes.entrySet().stream()
                    .sorted(
                            (a, b) ->
                                    b.getValue() != a.getValue().intValue()
                                            ? b.getValue() - a.getValue()
                                            : a.getKey() - b.getKey())
                    .limit(8)
                    .forEach(e -> candidates.add(e.getKey()));
        } else {
            candidates.addAll(byFirstLine(fileLines, patternLines));
        }
        Region best = null;
        for (int start : candidates) {
            int end = Math.min(fileLines.size(), start + k);
            if (start >= end) {
                continue;
            }
            List<String> window = fileLines.subList(start, end);
            double sim = similarity(String.join("\n", window), pattern, window, patternLines);
            if (best == null || sim > best.similarity()) {
                best = new Region(start + 1, end, sim, differences(window, patternLines, start));
            }
        }
        return best == null || best.similarity() < 0.3 ? null : best;
    }

    private static List<Integer> byFirstLine(List<String> fileLines, List<String> patternLines) {
        int t = 0;
        while (t < patternLines.size() && patternLines.get(t).isBlank()) {
            t++;
        }
        if (t == patternLines.size()) {
            return List.of();
        }
        String first = patternLines.get(t).strip().toLowerCase(Locale.ROOT);
        double[] best = {-1, -1, -1};
        int[] at = {-1, -1, -1};
        for (int i = 0; i < fileLines.size(); i++) {
            double s = dice(first, fileLines.get(i).strip().toLowerCase(Locale.ROOT));
            for (int r = 0; r < 3; r++) {
                if (s > best[r]) {
                    for (int q = 2; q > r; q--) {
                        best[q] = best[q - 1];
                        at[q] = at[q - 1];
                    }
                    best[r] = s;
                    at[r] = i;
                    break;
                }
            }
        }
        List<Integer> out = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            if (at[r] >= 0 && best[r] > 0.2) {
                out.add(Math.max(0, at[r] - t));
            }
        }
        return out;
    }

    private static double dice(String a, String b) {
        if (a.length() < 2 || b.length() < 2) {
            return a.equals(b) ? 1 : 0;
        }
        Map<Integer, Integer> grams = new HashMap<>();
        for (int i = 0; i + 1 < a.length(); i++) {
            grams.merge(a.charAt(i) << 16 | a.charAt(i + 1), 1, Integer::sum);
        }
        int common = 0;
        for (int i = 0; i + 1 < b.length(); i++) {
            Integer n = grams.get(b.charAt(i) << 16 | b.charAt(i + 1));
            if (n != null && n > 0) {
                common++;
                grams.put(b.charAt(i) << 16 | b.charAt(i + 1), n - 1);
            }
        }
        return 2.0 * common / (a.length() - 1 + b.length() - 1);
    }

    static List<String> splitLines(String text, boolean stripCr) {
        List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
        if (stripCr) {
            lines.replaceAll(l -> l.endsWith("\r") ? l.substring(0, l.length() - 1) : l);
        }
        return lines;
    }

    private static String norm(String line) {
        StringBuilder sb = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (!Character.isWhitespace(c) && c != '\u00A0') {
                sb.append(Character.toLowerCase(c));
            }
        }
        return sb.toString();
    }

    private static double similarity(String a, String b, List<String> aLines, List<String> bLines) {
        if ((long) a.length() * b.length() > 4_000_000L) {
            int same = 0;
            for (AbstractDelta<String> d : DiffUtils.diff(aLines, bLines).getDeltas()) {
                same += d.getSource().size();
            }
            same = aLines.size() - same;
            return 2.0 * same / (aLines.size() + bLines.size());
        }
        int max = Math.max(a.length(), b.length());
        return max == 0 ? 1 : 1.0 - (double) levenshtein(a, b) / max;
    }

    private static int levenshtein(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            char ca = a.charAt(i - 1);
            for (int j = 1; j <= b.length(); j++) {
                int cost = ca == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    private static List<Difference> differences(
            List<String> window, List<String> pattern, int start) {
        List<Difference> out = new ArrayList<>();
        for (AbstractDelta<String> d : DiffUtils.diff(window, pattern).getDeltas()) {
            List<String> src = d.getSource().getLines();
            List<String> tgt = d.getTarget().getLines();
            int base = start + d.getSource().getPosition() + 1;
            int pairs = Math.min(src.size(), tgt.size());
            for (int i = 0; i < pairs; i++) {
                out.add(
                        new Difference(
                                base + i,
                                classify(src.get(i), tgt.get(i)),
                                visible(src.get(i)),
                                visible(tgt.get(i))));
            }
            for (int i = pairs; i < src.size(); i++) {
                out.add(
                        new Difference(
                                base + i, "line not in the pattern", visible(src.get(i)), null));
            }
            for (int i = pairs; i < tgt.size(); i++) {
                out.add(new Difference(0, "line not in the file", null, visible(tgt.get(i))));
            }
        }
        return out.size() > MAX_DIFFERENCES
                ? new ArrayList<>(out.subList(0, MAX_DIFFERENCES))
                : out;
    }

    /** Names the kind of difference between a file line and a pattern line. */
    static String classify(String file, String pattern) {
        if (file.replace("\r", "").equals(pattern.replace("\r", ""))) {
            return "CR (\\r) at line end";
        }
        if (stripTrailing(file).equals(stripTrailing(pattern))) {
            return "trailing spaces";
        }
        if (file.replace('\u00A0', ' ').equals(pattern.replace('\u00A0', ' '))) {
            return "non-breaking space";
        }
        String fileBody = file.stripLeading();
        String patternBody = pattern.stripLeading();
        if (fileBody.equals(patternBody)) {
            String fl = file.substring(0, file.length() - fileBody.length());
            String pl = pattern.substring(0, pattern.length() - patternBody.length());
            return fl.contains("\t") != pl.contains("\t") ? "tabs vs spaces" : "indentation";
        }
        if (file.equalsIgnoreCase(pattern)) {
            return "case";
        }
        if (file.strip().equalsIgnoreCase(pattern.strip())) {
            return "case and indentation";
        }
        return "changed line";
    }

    private static String stripTrailing(String s) {
        int end = s.length();
        while (end > 0 && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
            end--;
        }
        return s.substring(0, end);
    }

    /** Whitespace made visible: space ·, tab →, CR ␍, non-breaking space ⍽. */
    static String visible(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case ' ' -> sb.append('·');
                case '\t' -> sb.append('→');
                case '\r' -> sb.append('␍');
                case '\u00A0' -> sb.append('⍽');
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
