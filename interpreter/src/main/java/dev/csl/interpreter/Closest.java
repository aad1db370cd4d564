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

    /** Line pairs compared at most when choosing how many lines the closest region holds. */
    private static final long MAX_LINE_PAIRS = 40_000L;

    /** Lines more or fewer than the pattern's that a closest region may hold. */
    private static final int MAX_SLIP = 2;

    /** Regions compared with the pattern at most. */
    private static final int MAX_CANDIDATES = 8;

    /** A pattern line that occurs at most this often always votes for where the pattern starts. */
    private static final int RARE = 4;

    /** The largest Levenshtein table (characters of the window times those of the pattern). */
    private static final long MAX_CHAR_PAIRS = 4_000_000L;

    /** A kind of difference: the pattern has a line (not blank) that the file lacks there. */
    static final String NOT_IN_FILE = "line not in the file";

    /**
     * One line that differs: its line in the file (0 when the pattern has a line the file lacks),
     * the file's and the pattern's line with white space made visible ({@code ·}, {@code →}) for a
     * person, and the same lines as they are ({@code fileText}, {@code patternText}) for a program;
     * a side is null where it has no line. For a line the file lacks, {@code before} is the file
     * line it would stand before (the line after the file's last when it would come at the end),
     * else 0.
     */
    record Difference(
            int line,
            String kind,
            String file,
            String pattern,
            String fileText,
            String patternText,
            int before) {
        static Difference of(int line, String kind, String fileText, String patternText) {
            return of(line, kind, fileText, patternText, 0);
        }

        static Difference of(
                int line, String kind, String fileText, String patternText, int before) {
            return new Difference(
                    line,
                    kind,
                    fileText == null ? null : visible(fileText),
                    patternText == null ? null : visible(patternText),
                    fileText,
                    patternText,
                    before);
        }
    }

    /**
     * The closest region: 1-based line range, similarity 0..1, what differs in it, and how many
     * lines the file has.
     */
    record Region(
            int startLine,
            int endLine,
            double similarity,
            List<Difference> differences,
            int fileLines) {
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
        int[] fit = bestFit(fileLines, pattern, patternLines, bestStart, bestSimilarity, budget);
        int size = fit[1];
        if (fit[0] != bestStart || size != k) {
            bestStart = fit[0];
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
                differences(fileLines.subList(bestStart, end), patternLines, bestStart, budget),
                fileLines.size() - (text.endsWith("\n") ? 1 : 0));
    }

    /**
     * Which file lines near {@code start} hold the pattern best: its own number from {@code start},
     * or up to {@link #MAX_SLIP} lines more or fewer, starting up to {@link #MAX_SLIP} lines later.
     * The file may have blank lines the pattern lacks (or the reverse), or the pattern a line the
     * model invented: the region then holds every pattern line and names the one that differs,
     * instead of cutting the region short (calling a present line missing) or running on past it
     * (flagging an unrelated line beside it). Returns {start, size}.
     */
    private static int[] bestFit(
            List<String> fileLines,
            String pattern,
            List<String> patternLines,
            int start,
            double similarity,
            long budget) {
        int k = patternLines.size();
        boolean byLines = (long) k * (k + MAX_SLIP) <= MAX_LINE_PAIRS;
        List<Bigrams> patternBigrams = new ArrayList<>();
        if (byLines) {
            patternLines.forEach(l -> patternBigrams.add(new Bigrams(norm(l))));
        }
        int[] best = {start, k};
        double bestScore =
                byLines
                        ? lineScore(
                                fileLines.subList(start, Math.min(fileLines.size(), start + k)),
                                patternBigrams)
                        : similarity;
        for (int from = start; from <= start + MAX_SLIP; from++) {
            for (int size = k - MAX_SLIP; size <= k + MAX_SLIP; size++) {
                if ((from == start && size == k) || size < 1 || from + size > fileLines.size()) {
                    continue;
                }
                List<String> window = fileLines.subList(from, from + size);
                double score =
                        byLines
                                ? lineScore(window, patternBigrams)
                                : similarity(
                                        window, pattern, patternLines, budget / MAX_CANDIDATES);
                if (score > bestScore) {
                    best = new int[] {from, size};
                    bestScore = score;
                }
            }
        }
        return best;
    }

    /**
     * How well the window's lines pair with the pattern's, 0..1: the best alignment in order where
     * a file line pairs with a pattern line only when they are alike (Dice of their characters at
     * least a half, whitespace and case ignored), each pair counting its likeness. Unlike a
     * character distance, a line the pattern has and the file lacks pairs with nothing, so the
     * window that leaves out the file's unrelated neighbour scores higher than one that counts it
     * as a changed line.
     */
    private static double lineScore(List<String> window, List<Bigrams> pattern) {
        int n = window.size();
        int m = pattern.size();
        if (n + m == 0) {
            return 1;
        }
        double[] prev = new double[m + 1];
        double[] cur = new double[m + 1];
        for (int i = 1; i <= n; i++) {
            String line = norm(window.get(i - 1));
            cur[0] = 0;
            for (int j = 1; j <= m; j++) {
                double d = pattern.get(j - 1).dice(line);
                double pair = d >= 0.5 ? prev[j - 1] + d : 0;
                cur[j] = Math.max(Math.max(prev[j], cur[j - 1]), pair);
            }
            double[] t = prev;
            prev = cur;
            cur = t;
        }
        return 2 * prev[m] / (n + m);
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
                                : Difference.of(0, NOT_IN_FILE, null, tgt.get(i), at));
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
