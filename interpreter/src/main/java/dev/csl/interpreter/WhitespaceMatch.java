package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --fuzzy=whitespace}: a SEARCH pattern matched line by line with indentation, tabs versus
 * spaces and trailing whitespace ignored. Only a pattern that matches exactly one region this way
 * is used, and its replacement is re-indented: each line keeps its indentation relative to the
 * pattern's first line, measured from the indentation that line has in the file (tabs count four
 * columns; the file's own indent character is used).
 *
 * @param start offset of the first matched line
 * @param end offset just past the last matched line (before its line terminator)
 * @param firstLine 1-based line of the first matched line
 * @param lastLine 1-based line of the last matched line
 * @param replacement the replacement, re-indented, with the file's line terminator
 */
record WhitespaceMatch(int start, int end, int firstLine, int lastLine, String replacement) {
    private static final int TAB = 4;

    /** The single region the pattern matches once whitespace is ignored, or null. */
    static WhitespaceMatch find(String text, String pattern, String replacement, String nl) {
        List<String> wanted = List.of(pattern.split("\n", -1));
        if (wanted.stream().allMatch(String::isBlank)) {
            return null;
        }
        List<int[]> lines = lines(text);
        // Each stripped line becomes a number (the same text, the same number; a file line no
        // pattern line has, -1), and the pattern is searched among the file's lines with
        // Knuth-Morris-Pratt: linear in file plus pattern, where comparing the pattern at every
        // line cost their product (16,000 blank lines against a file of blank lines).
        Map<String, Integer> ids = new HashMap<>();
        int[] want = new int[wanted.size()];
        for (int j = 0; j < want.length; j++) {
            want[j] = ids.computeIfAbsent(wanted.get(j).strip(), k -> ids.size());
        }
        int[] have = new int[lines.size()];
        for (int i = 0; i < have.length; i++) {
            int[] line = lines.get(i);
            have[i] = ids.getOrDefault(text.substring(line[0], line[1]).strip(), -1);
        }
        int[] border = borders(want);
        int found = firstMatch(have, want, border, 0);
        if (found < 0) {
            return null;
        }
        if (firstMatch(have, want, border, found + want.length) >= 0) {
            return null; // more than one region: ignoring whitespace is not safe here
        }
        int firstWanted = 0;
        while (wanted.get(firstWanted).isBlank()) {
            firstWanted++;
        }
        int[] anchor = lines.get(found + firstWanted);
        String fileIndent = indent(text.substring(anchor[0], anchor[1]));
        String patternIndent = indent(wanted.get(firstWanted));
        int[] first = lines.get(found);
        int[] last = lines.get(found + wanted.size() - 1);
        return new WhitespaceMatch(
                first[0],
                last[1],
                found + 1,
                found + wanted.size(),
                reindent(replacement, patternIndent, fileIndent, nl));
    }

    /**
     * The first index at or after {@code from} where {@code want} occurs in {@code have}, or -1.
     */
    private static int firstMatch(int[] have, int[] want, int[] border, int from) {
        int matched = 0;
        for (int i = from; i < have.length; i++) {
            while (matched > 0 && want[matched] != have[i]) {
                matched = border[matched - 1];
            }
            if (want[matched] == have[i] && ++matched == want.length) {
                return i - want.length + 1;
            }
        }
        return -1;
    }

    /** {@code border[i]}: the longest proper border of {@code want[0..i]} (KMP's table). */
    private static int[] borders(int[] want) {
        int[] border = new int[want.length];
        int k = 0;
        for (int i = 1; i < want.length; i++) {
            while (k > 0 && want[i] != want[k]) {
                k = border[k - 1];
            }
            if (want[i] == want[k]) {
                k++;
            }
            border[i] = k;
        }
        return border;
    }

    /** Start and end offsets of every line, terminators excluded. */
    private static List<int[]> lines(String text) {
        List<int[]> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' || c == '\r') {
                out.add(new int[] {start, i});
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                start = i + 1;
            }
        }
        if (start < text.length()) {
            out.add(new int[] {start, text.length()});
        }
        return out;
    }

    private static String reindent(
            String replacement, String patternIndent, String fileIndent, String nl) {
        boolean tabs = fileIndent.contains("\t");
        int shift = width(fileIndent) - width(patternIndent);
        List<String> out = new ArrayList<>();
        for (String line : replacement.split("\n", -1)) {
            if (line.isBlank()) {
                out.add("");
                continue;
            }
            String own = indent(line);
            int columns = Math.max(0, width(own) + shift);
            out.add(render(columns, tabs) + line.substring(own.length()));
        }
        return String.join(nl, out);
    }

    private static String indent(String line) {
        int i = 0;
        while (i < line.length() && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            i++;
        }
        return line.substring(0, i);
    }

    private static int width(String indent) {
        int columns = 0;
        for (char c : indent.toCharArray()) {
            columns = c == '\t' ? (columns / TAB + 1) * TAB : columns + 1;
        }
        return columns;
    }

    private static String render(int columns, boolean tabs) {
        return tabs ? "\t".repeat(columns / TAB) + " ".repeat(columns % TAB) : " ".repeat(columns);
    }
}
