package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A SEARCH pattern written without its line's indentation (docs/language.md, "How SEARCH matches";
 * {@code partial_line_match}): it matches after the indentation, so the replacement's first line
 * keeps it while the later lines stand as written. When a later non-blank replacement line does not
 * start with that indentation the result would be indented unlike its first line (a bug in Python,
 * YAML or a Makefile): refused, or with {@code --fuzzy=whitespace} re-indented. A later line copied
 * from the pattern's or the TO text's later lines is taken as written: those lines were matched in
 * the file with their own indentation.
 *
 * @param line 1-based line of the first match that starts after its line's indentation
 * @param indentation that indentation
 */
record PartialLine(int line, String indentation) {

    /** The first match that would be indented unlike its first line, or null. */
    static PartialLine find(TextDoc doc, Matches m, String pattern, String to, String replacement) {
        if (pattern.isEmpty()
                || Character.isWhitespace(pattern.charAt(0))
                || !replacement.contains("\n")) {
            return null;
        }
        Set<String> copied = copiedLines(pattern, to);
        String[] lines = replacement.split("\n", -1);
        for (int i = 0; i < m.count(); i++) {
            String indent = indentationBefore(doc, m.starts()[i]);
            if (!indent.isEmpty() && lacksIndentation(lines, indent, copied)) {
                return new PartialLine(doc.lineOf(m.starts()[i]), indent);
            }
        }
        return null;
    }

    /**
     * The replacement for the match at {@code start}: its later lines indented by the indentation
     * before the match (lines copied from the pattern stay as they are), with {@code nl} between.
     */
    static String reindent(
            TextDoc doc, int start, String pattern, String to, String replacement, String nl) {
        String indent = indentationBefore(doc, start);
        Set<String> copied = copiedLines(pattern, to);
        String[] lines = replacement.split("\n", -1);
        StringBuilder sb = new StringBuilder(lines[0]);
        for (int j = 1; j < lines.length; j++) {
            sb.append(nl);
            if (!lines[j].isBlank() && !copied.contains(lines[j])) {
                sb.append(indent);
            }
            sb.append(lines[j]);
        }
        return sb.toString();
    }

    ErrorInfo refusal(String file) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("startLine", line);
        details.put("indentation", Closest.visible(indentation));
        return new ErrorInfo(
                ErrorCode.PARTIAL_LINE_MATCH,
                "The SEARCH pattern for '"
                        + file
                        + "' matched line "
                        + line
                        + " after its indentation ("
                        + Closest.visible(indentation)
                        + "), but a later replacement line does not start with that indentation:"
                        + " the result would be indented unlike its first line. The file was not"
                        + " changed.",
                "Start the pattern at the beginning of line "
                        + line
                        + ", with its indentation, and write every replacement line with the"
                        + " indentation it should have in the file (or apply with"
                        + " --fuzzy=whitespace to indent the later lines by it).",
                details);
    }

    Warning reindented(String file, int answerLine) {
        return new Warning(
                Warning.Code.WHITESPACE_ADJUSTED,
                "The SEARCH pattern for '"
                        + file
                        + "' matched line "
                        + line
                        + " after its indentation ("
                        + Closest.visible(indentation)
                        + "); the replacement's later lines were indented by it"
                        + " (--fuzzy=whitespace).",
                "Start the pattern at the beginning of its line, with its indentation, and"
                        + " indent the replacement as it should stand, to match without --fuzzy.",
                answerLine);
    }

    private static boolean lacksIndentation(String[] lines, String indent, Set<String> copied) {
        for (int j = 1; j < lines.length; j++) {
            String l = lines[j];
            if (!l.isBlank() && !l.startsWith(indent) && !copied.contains(l)) {
                return true;
            }
        }
        return false;
    }

    private static Set<String> copiedLines(String pattern, String to) {
        Set<String> copied = new HashSet<>();
        String[] p = pattern.split("\n", -1);
        for (int j = 1; j < p.length; j++) {
            copied.add(p[j]);
        }
        if (to != null) {
            copied.addAll(List.of(to.split("\n", -1)));
        }
        return copied;
    }

    /**
     * The whitespace between the start of {@code start}'s line and it, or "" if it holds more.
     * Walks back over that whitespace only, so a long line costs nothing.
     */
    private static String indentationBefore(TextDoc doc, int start) {
        int i = start;
        while (i > 0 && isBlank(doc.charAt(i - 1))) {
            i--;
        }
        if (i == start || (i > 0 && !TextDoc.isTerminator(doc.charAt(i - 1)))) {
            return "";
        }
        return doc.substring(i, start);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t';
    }
}
