package dev.csl.grammar.antlr;

import dev.csl.grammar.Attributes;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.antlr.MarkerLine.Flaw;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads one marker line {@code START NAME [attributes] END} (docs/language.md, "Markers" and
 * "Attributes") by hand: the delimiters are runtime strings, so no regex or generated lexer could
 * be compiled for them ahead of time, and a plain scan costs nothing on answers with few markers.
 * Stops at the first flaw.
 */
final class MarkerScanner {
    private static final String[] KNOWN = {
        "END", "WRITE", "SEARCH", "REPLACE", "RUN", "TO", "TASKS"
    };

    private final String text;
    private final String start;
    private final String end;
    private final char endFirst;

    MarkerScanner(String text, Delimiters delimiters) {
        this.text = text;
        this.start = delimiters.start();
        this.end = delimiters.end();
        this.endFirst = end.charAt(0);
    }

    /** Scans the line {@code [from, to)}, which starts with the start delimiter. */
    MarkerLine scan(int from, int to) {
        int p = from + start.length();
        int nameStart = p;
        while (p < to && !endsHere(p, to)) {
            int cp = text.codePointAt(p);
            if (!(cp == '_' || Character.isLetterOrDigit(cp))) {
                break;
            }
            p += Character.charCount(cp);
        }
        if (p == nameStart || find(end, p, to) < 0) {
            return malformed(meantName(nameStart, to));
        }
        String name = name(nameStart, p);
        // Most marker lines (END, REPLACE, TO, RUN) have no attributes: no map for them.
        Map<String, String> attributes = Map.of();
        while (true) {
            int q = endsHere(p, to) ? p : skipBlanks(p, to);
            if (endsHere(q, to)) {
                return tail(name, attributes, q + end.length(), to);
            }
            if (q >= to) {
                // The end delimiter only appears inside a quoted value: the frame is broken.
                return malformed(name);
            }
            if (q == p) {
                return flawed(name, attributes, Flaw.INVALID_ATTRIBUTES, "");
            }
            p = q;
            int attributeStart = p;
            while (p < to && isNameChar(text.charAt(p)) && !endsHere(p, to)) {
                p++;
            }
            if (p == attributeStart) {
                return flawed(name, attributes, Flaw.INVALID_ATTRIBUTES, "");
            }
            String attribute = text.substring(attributeStart, p);
            p = skipBlanks(p, to);
            if (p >= to || text.charAt(p) != '=') {
                return flawed(name, attributes, Flaw.INVALID_ATTRIBUTES, "");
            }
            p = skipBlanks(p + 1, to);
            char quote = p < to ? text.charAt(p) : 0;
            if (quote != '"' && quote != '\'') {
                return flawed(name, attributes, Flaw.UNQUOTED_VALUE, "");
            }
            int valueStart = ++p;
            StringBuilder escaped = null;
            while (true) {
                if (p >= to) {
                    return flawed(name, attributes, Flaw.UNTERMINATED_QUOTE, "");
                }
                char c = text.charAt(p);
                if (c == '\\' && p + 1 < to) {
                    char next = text.charAt(p + 1);
                    if (next == quote || next == '\\') {
                        if (escaped == null) {
                            escaped = new StringBuilder().append(text, valueStart, p);
                        }
                        escaped.append(next);
                        p += 2;
                        continue;
                    }
                }
                if (c == quote) {
                    break;
                }
                if (escaped != null) {
                    escaped.append(c);
                }
                p++;
            }
            String value = escaped == null ? text.substring(valueStart, p) : escaped.toString();
            p++;
            if (attributes.containsKey(attribute)) {
                return flawed(name, attributes, Flaw.DUPLICATE_ATTRIBUTE, attribute);
            }
            if (attributes.isEmpty()) {
                attributes = new LinkedHashMap<>(4);
            }
            attributes.put(attribute, value);
        }
    }

    /** The NAME, shared for the seven names of CSL instead of a new string per line. */
    private String name(int from, int to) {
        for (String known : KNOWN) {
            if (known.length() == to - from && text.startsWith(known, from)) {
                return known;
            }
        }
        return text.substring(from, to);
    }

    private MarkerLine tail(String name, Map<String, String> attributes, int p, int to) {
        for (int i = p; i < to; i++) {
            char c = text.charAt(i);
            if (c != ' ' && c != '\t') {
                return flawed(name, attributes, Flaw.TRAILING_CONTENT, "");
            }
        }
        return flawed(name, attributes, Flaw.NONE, "");
    }

    /**
     * The word a malformed line starts with, after blanks ({@code <--- WRITE} means WRITE), so that
     * a broken opening marker can still open its block and not cascade into more errors.
     */
    private String meantName(int from, int to) {
        int p = skipBlanks(from, to);
        int nameStart = p;
        while (p < to && (text.charAt(p) == '_' || Character.isLetterOrDigit(text.charAt(p)))) {
            p++;
        }
        return name(nameStart, p);
    }

    private static MarkerLine malformed(String name) {
        return new MarkerLine(name, Attributes.empty(), Flaw.MALFORMED, "");
    }

    private static MarkerLine flawed(
            String name, Map<String, String> attributes, Flaw flaw, String detail) {
        return new MarkerLine(
                name,
                attributes.isEmpty() ? Attributes.empty() : Attributes.of(attributes),
                flaw,
                detail);
    }

    /** Attribute names: any non-space characters except quotes, '=', '<' and '>'. */
    private static boolean isNameChar(char c) {
        return c != ' ' && c != '\t' && c != '"' && c != '\'' && c != '=' && c != '<' && c != '>';
    }

    private boolean endsHere(int p, int to) {
        return p + end.length() <= to && text.charAt(p) == endFirst && text.startsWith(end, p);
    }

    private int skipBlanks(int p, int to) {
        while (p < to && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
            p++;
        }
        return p;
    }

    /** Like indexOf, but never looks past the end of the line (no quadratic scans). */
    private int find(String needle, int from, int to) {
        char first = needle.charAt(0);
        for (int i = from; i + needle.length() <= to; i++) {
            if (text.charAt(i) == first && text.startsWith(needle, i)) {
                return i;
            }
        }
        return -1;
    }
}
