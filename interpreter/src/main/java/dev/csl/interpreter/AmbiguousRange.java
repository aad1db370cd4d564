package dev.csl.interpreter;

/**
 * A range whose TO text stands again, as whole lines, later in the block the range began in (before
 * the first non-blank line indented less than the line where the pattern starts): the range ended
 * at the nearest one, and the model may have meant the later one (a {@code " }"} that also closes
 * the next block). Warned as {@code ambiguous_range}; {@code --strict} refuses it. A range that is
 * one block (a method, from its Javadoc or signature to its closing line) is not ambiguous, unless
 * its replacement holds the TO text more often than the range does (it rewrites more blocks than
 * the range took in).
 */
final class AmbiguousRange {
    private AmbiguousRange() {}

    /** The warning for the first match whose TO text stands again in its block, or null. */
    static Warning check(SearchAttempt a, Matches m) {
        String to = a.search.to().stripTrailing();
        if (to.isBlank()) {
            return null;
        }
        to = LineEndings.translate(to, a.nl);
        TextDoc doc = a.doc;
        long budget = 2L * doc.length() + 1024;
        int inReplacement = wholeLines(TextDoc.of(a.replacement()), to);
        for (int i = 0; i < m.count(); i++) {
            int start = doc.lineStart(m.starts()[i]);
            int depth = indentation(doc, start);
            int end = m.ends()[i];
            if (closesItsOwnBlock(doc, start, depth, end, to)
                    && inReplacement <= wholeLines(doc, start, end, to)) {
                continue;
            }
            int pos;
            if (end > 0 && TextDoc.isTerminator(doc.charAt(end - 1))) {
                pos = end; // the TO text held its line break: the next line starts here
            } else {
                int lineEnd = doc.lineEnd(end);
                pos = lineEnd < doc.length() ? nextLine(doc, lineEnd) : -1;
            }
            while (pos >= 0 && pos < doc.length() && budget-- > 0) {
                int lineEnd = doc.lineEnd(pos);
                int indent = indentation(doc, pos);
                if (pos + indent < lineEnd && indent < depth) {
                    break;
                }
                if (doc.matchesAt(pos, to) && doc.atLineEnd(pos + to.length())) {
                    return warning(
                            a, doc.lineOf(m.starts()[i]), doc.lineOf(Math.max(end - 1, 0)), pos);
                }
                budget -= lineEnd - pos;
                pos = lineEnd < doc.length() ? nextLine(doc, lineEnd) : -1;
            }
        }
        return null;
    }

    private static Warning warning(SearchAttempt a, int startLine, int endLine, int next) {
        int nextLine = a.doc.lineOf(next);
        return new Warning(
                Warning.Code.AMBIGUOUS_RANGE,
                "The SEARCH range in '"
                        + a.file()
                        + "' starting at line "
                        + startLine
                        + " ends at line "
                        + endLine
                        + ", the first line after it that is the TO text; the TO text stands again"
                        + " at line "
                        + nextLine
                        + ", in the same block.",
                "Check that line "
                        + endLine
                        + " is the end you meant. To end at line "
                        + nextLine
                        + ", add the line before it to the TO text so that the range can end only"
                        + " there.",
                a.search.line());
    }

    /**
     * True when the range is one block: of its lines before the TO text, those as shallow as its
     * first are comments, annotations or decorators and then one line that opens a block (ends with
     * {@code { ( [ :}), as a method from its Javadoc or signature to its closing line is.
     */
    private static boolean closesItsOwnBlock(
            TextDoc doc, int start, int depth, int end, String to) {
        int toEnd = end;
        while (toEnd > start && TextDoc.isTerminator(doc.charAt(toEnd - 1))) {
            toEnd--;
        }
        int toStart = toEnd - to.length();
        boolean opened = false;
        for (int line = start; line >= 0 && line < toStart; ) {
            int lineEnd = doc.lineEnd(line);
            int indent = indentation(doc, line);
            if (line + indent < lineEnd && indent <= depth) {
                String text = doc.substring(line + indent, lineEnd).stripTrailing();
                if (indent < depth || opened) {
                    return false;
                }
                if ("{([:".indexOf(text.charAt(text.length() - 1)) >= 0) {
                    opened = true;
                } else if ("@/*#".indexOf(text.charAt(0)) < 0) {
                    return false;
                }
            }
            line = lineEnd < doc.length() ? nextLine(doc, lineEnd) : -1;
        }
        return opened;
    }

    /** How often {@code to} stands as whole lines in {@code doc}. */
    private static int wholeLines(TextDoc doc, String to) {
        return wholeLines(doc, 0, doc.length(), to);
    }

    /** How often {@code to} stands as whole lines within {@code [from, until)}. */
    private static int wholeLines(TextDoc doc, int from, int until, String to) {
        int n = 0;
        for (int t = doc.indexOf(to, from, false);
                t >= 0 && t + to.length() <= until;
                t = doc.indexOf(to, t + to.length(), false)) {
            if (doc.atLineStart(t) && doc.atLineEnd(t + to.length())) {
                n++;
            }
        }
        return n;
    }

    /** The start of the line after the terminator at {@code terminator}. */
    private static int nextLine(TextDoc doc, int terminator) {
        if (doc.charAt(terminator) == '\r'
                && terminator + 1 < doc.length()
                && doc.charAt(terminator + 1) == '\n') {
            return terminator + 2;
        }
        return terminator + 1;
    }

    private static int indentation(TextDoc doc, int lineStart) {
        int i = lineStart;
        while (i < doc.length() && (doc.charAt(i) == ' ' || doc.charAt(i) == '\t')) {
            i++;
        }
        return i - lineStart;
    }
}
