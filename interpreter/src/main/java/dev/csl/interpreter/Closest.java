package dev.csl.interpreter;

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

    /** A kind of difference: the file has a blank line here that the pattern lacks. */
    static final String BLANK_NOT_IN_PATTERN = "blank line missing from the pattern";

    /**
     * A kind of difference: the pattern has a blank line before this file line; the file has not.
     */
    static final String BLANK_NOT_IN_FILE = "blank line not in the file";

    /** Blank lines more or fewer than the pattern's that a closest region may hold. */
    private static final int MAX_BLANK_SLIP = 2;

    /** Regions compared with the pattern at most. */
    private static final int MAX_CANDIDATES = 8;

    /** A pattern line that occurs at most this often always votes for where the pattern starts. */
    private static final int RARE = 4;

    /** The largest Levenshtein table (characters of the window times those of the pattern). */
    private static final long MAX_CHAR_PAIRS = 4_000_000L;

    /**
     * One line that differs: its line in the file (0 when the pattern has a line the file lacks),
     * the file's and the pattern's line with white space made visible ({@code ·}, {@code →}) for a
     * person, and the same lines as they are ({@code fileText}, {@code patternText}) for a program;
     * a side is null where it has no line.
     */
    record Difference(
            int line,
            String kind,
            String file,
            String pattern,
            String fileText,
            String patternText) {
        static Difference of(int line, String kind, String fileText, String patternText) {
            return new Difference(
                    line,
                    kind,
                    fileText == null ? null : visible(fileText),
                    patternText == null ? null : visible(patternText),
                    fileText,
                    patternText);
        }
    }

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

    /**
     * The most similar region of {@code text} to {@code pattern}, or null if nothing is close. Its
     * cost is linear in the file plus the pattern ({@link LineDiff#budget}): a pattern line that
     * occurs so often that voting with it would cost more only votes when it is rare, and the diffs
     * behind the similarity and the differences stop at their budget and say less.
     */
    static Region find(String text, String pattern, boolean stripCr) {
        if (text.length() > MAX_CHARS || pattern.isEmpty()) {
            return null;
        }
        List<String> fileLines = splitLines(text, stripCr);
        List<String> patternLines = Arrays.asList(pattern.split("\n", -1));
        int k = patternLines.size();
        long budget = LineDiff.budget((long) fileLines.size() + k);

        List<Integer> candidates = byVotes(fileLines, patternLines, budget);
        if (candidates.isEmpty()) {
            candidates = byFirstLine(fileLines, patternLines);
        }
        int bestStart = -1;
        double bestSimilarity = 0;
        for (int start : candidates) {
            int end = Math.min(fileLines.size(), start + k);
            if (start >= end) {
                continue;
            }
            List<String> window = fileLines.subList(start, end);
            double sim = similarity(window, pattern, patternLines, budget / MAX_CANDIDATES);
            if (bestStart < 0 || sim > bestSimilarity) {
                bestStart = start;
                bestSimilarity = sim;
            }
        }
        if (bestStart < 0 || bestSimilarity < 0.3) {
            return null;
        }
        int size = longEnough(fileLines, pattern, patternLines, bestStart, bestSimilarity, budget);
        if (size != k) {
            bestSimilarity =
                    similarity(
                            fileLines.subList(
                                    bestStart, Math.min(fileLines.size(), bestStart + size)),
                            pattern,
                            patternLines,
                            budget / MAX_CANDIDATES);
        }
        int end = Math.min(fileLines.size(), bestStart + size);
        return new Region(
                bestStart + 1,
                end,
                bestSimilarity,
                differences(fileLines.subList(bestStart, end), patternLines, bestStart, budget));
    }

    /**
     * How many file lines from {@code start} hold the pattern best: the pattern's own number, or up
     * to {@link #MAX_BLANK_SLIP} more or fewer when the file has blank lines the pattern lacks (or
     * the reverse), so that the region holds every pattern line and names the blank line that
     * differs, instead of cutting the region short and calling a present line missing.
     */
    private static int longEnough(
            List<String> fileLines,
            String pattern,
            List<String> patternLines,
            int start,
            double similarity,
            long budget) {
        int k = patternLines.size();
        int best = k;
        double bestSimilarity = similarity;
        for (int size = k - MAX_BLANK_SLIP; size <= k + MAX_BLANK_SLIP; size++) {
            if (size == k || size < 1 || start + size > fileLines.size()) {
                continue;
            }
            List<String> window = fileLines.subList(start, start + size);
            if (blankLines(window) == blankLines(patternLines)) {
                continue;
            }
            double sim = similarity(window, pattern, patternLines, budget / MAX_CANDIDATES);
            if (sim > bestSimilarity) {
                best = size;
                bestSimilarity = sim;
            }
        }
        return best;
    }

    private static int blankLines(List<String> lines) {
        int n = 0;
        for (String line : lines) {
            n += line.isBlank() ? 1 : 0;
        }
        return n;
    }

    /**
     * Where the pattern would start if each file line that equals a pattern line (ignoring
     * whitespace and case) voted for its offset: the best {@link #MAX_CANDIDATES}, most votes
     * first. A pattern line that occurs more than {@link #RARE} times (blank-looking lines, a lone
     * brace) votes only when all votes together stay within the budget.
     */
    private static List<Integer> byVotes(
            List<String> fileLines, List<String> patternLines, long budget) {
        Map<String, List<Integer>> patternNorms = new HashMap<>();
        for (int t = 0; t < patternLines.size(); t++) {
            String n = norm(patternLines.get(t));
            if (!n.isEmpty()) {
                patternNorms.computeIfAbsent(n, x -> new ArrayList<>()).add(t);
            }
        }
        List<List<Integer>> voters = new ArrayList<>(fileLines.size());
        long cost = 0;
        for (String line : fileLines) {
            List<Integer> ts = patternNorms.get(norm(line));
            voters.add(ts);
            cost += ts == null ? 0 : ts.size();
        }
        boolean all = cost <= budget;
        int[] votes = new int[fileLines.size()];
        for (int i = 0; i < fileLines.size(); i++) {
            List<Integer> ts = voters.get(i);
            if (ts != null && (all || ts.size() <= RARE)) {
                for (int t : ts) {
                    votes[Math.max(0, i - t)]++;
                }
            }
        }
        // The most votes first, the earlier start first among equals.
        int[] best = new int[MAX_CANDIDATES];
        int found = 0;
        for (int start = 0; start < votes.length; start++) {
            if (votes[start] == 0
                    || (found == MAX_CANDIDATES && votes[start] <= votes[best[found - 1]])) {
                continue;
            }
            int at = Math.min(found, MAX_CANDIDATES - 1);
            while (at > 0 && votes[best[at - 1]] < votes[start]) {
                best[at] = best[at - 1];
                at--;
            }
            best[at] = start;
            found = Math.min(found + 1, MAX_CANDIDATES);
        }
        List<Integer> out = new ArrayList<>(found);
        for (int i = 0; i < found; i++) {
            out.add(best[i]);
        }
        return out;
    }

    private static List<Integer> byFirstLine(List<String> fileLines, List<String> patternLines) {
        int t = 0;
        while (t < patternLines.size() && patternLines.get(t).isBlank()) {
            t++;
        }
        if (t == patternLines.size()) {
            return List.of();
        }
        Bigrams first = new Bigrams(patternLines.get(t).strip().toLowerCase(Locale.ROOT));
        double[] best = {-1, -1, -1};
        int[] at = {-1, -1, -1};
        for (int i = 0; i < fileLines.size(); i++) {
            double s = first.dice(fileLines.get(i).strip().toLowerCase(Locale.ROOT));
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

    /**
     * The character pairs of one line, counted once, so that comparing it with every line of a file
     * costs the length of the file, not the file times this line.
     */
    private static final class Bigrams {
        private final String text;
        private final Map<Integer, Integer> counts = new HashMap<>();

        Bigrams(String text) {
            this.text = text;
            for (int i = 0; i + 1 < text.length(); i++) {
                counts.merge(pair(text, i), 1, Integer::sum);
            }
        }

        /** Dice's coefficient of the two lines' pairs (shared pairs counted with multiplicity). */
        double dice(String other) {
            if (text.length() < 2 || other.length() < 2) {
                return text.equals(other) ? 1 : 0;
            }
            Map<Integer, Integer> used = new HashMap<>();
            int common = 0;
            for (int i = 0; i + 1 < other.length(); i++) {
                int pair = pair(other, i);
                Integer n = counts.get(pair);
                if (n != null && used.getOrDefault(pair, 0) < n) {
                    common++;
                    used.merge(pair, 1, Integer::sum);
                }
            }
            return 2.0 * common / (text.length() - 1 + other.length() - 1);
        }

        private static int pair(String s, int i) {
            return s.charAt(i) << 16 | s.charAt(i + 1);
        }
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

    /**
     * How alike the window and the pattern are, 0..1: by characters (Levenshtein) when that costs
     * at most {@link #MAX_CHAR_PAIRS} steps, otherwise by the lines a budgeted diff finds in
     * common.
     */
    private static double similarity(
            List<String> window, String pattern, List<String> patternLines, long budget) {
        long windowChars = window.size() - 1; // the line feeds between the lines
        for (String line : window) {
            windowChars += line.length();
        }
        if (windowChars * pattern.length() > MAX_CHAR_PAIRS) {
            int same = window.size();
            for (AbstractDelta<String> d :
                    LineDiff.diff(window, patternLines, budget).getDeltas()) {
                same -= d.getSource().size();
            }
            return 2.0 * same / (window.size() + patternLines.size());
        }
        String a = String.join("\n", window);
        int max = Math.max(a.length(), pattern.length());
        return max == 0 ? 1 : 1.0 - (double) levenshtein(a, pattern) / max;
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
            List<String> window, List<String> pattern, int start, long budget) {
        List<Difference> out = new ArrayList<>();
        for (AbstractDelta<String> d : LineDiff.diff(window, pattern, budget).getDeltas()) {
            List<String> src = d.getSource().getLines();
            List<String> tgt = d.getTarget().getLines();
            int base = start + d.getSource().getPosition() + 1;
            int pairs = Math.min(src.size(), tgt.size());
            for (int i = 0; i < pairs; i++) {
                out.add(
                        Difference.of(
                                base + i,
                                classify(src.get(i), tgt.get(i)),
                                src.get(i),
                                tgt.get(i)));
            }
            for (int i = pairs; i < src.size(); i++) {
                out.add(
                        Difference.of(
                                base + i,
                                src.get(i).isBlank()
                                        ? BLANK_NOT_IN_PATTERN
                                        : "line not in the pattern",
                                src.get(i).isEmpty() ? null : src.get(i),
                                null));
            }
            for (int i = pairs; i < tgt.size(); i++) {
                // Where the pattern's extra line would be: before the file line after the delta.
                int at = base + src.size();
                out.add(
                        tgt.get(i).isBlank()
                                ? Difference.of(
                                        at,
                                        BLANK_NOT_IN_FILE,
                                        null,
                                        tgt.get(i).isEmpty() ? null : tgt.get(i))
                                : Difference.of(0, "line not in the file", null, tgt.get(i)));
            }
        }
        return out.size() > MAX_DIFFERENCES
                ? new ArrayList<>(out.subList(0, MAX_DIFFERENCES))
                : out;
    }

    /** The line with typographic quotes as the straight ones a program reads. */
    private static String straightQuotes(String s) {
        return s.replace('\u2018', '\'')
                .replace('\u2019', '\'')
                .replace('\u201C', '"')
                .replace('\u201D', '"');
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
        if (!file.equals(pattern) && straightQuotes(file).equals(straightQuotes(pattern))) {
            return "typographic quotes (‘ ’ “ ” where the other has ' \")";
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
