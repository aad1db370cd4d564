package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.List;

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
        int found = -1;
        for (int i = 0; i + wanted.size() <= lines.size(); i++) {
            if (matchesAt(text, lines, i, wanted)) {
                if (found >= 0) {
                    return null; // more than one region: ignoring whitespace is not safe here
                }
                found = i;
                i += wanted.size() - 1;
            }
        }
        if (found < 0) {
            return null;
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

    private static boolean matchesAt(String text, List<int[]> lines, int at, List<String> wanted) {
        for (int j = 0; j < wanted.size(); j++) {
            int[] line = lines.get(at + j);
            if (!text.substring(line[0], line[1]).strip().equals(wanted.get(j).strip())) {
                return false;
            }
        }
        return true;
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
