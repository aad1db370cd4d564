package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import java.util.ArrayList;
import java.util.List;

/**
 * Why a SEARCH did not land, said so that the next answer can fix it: too many or too few matches
 * (with their lines and the count to set), a range without its end, or no match at all (the closest
 * region and what differs in it). Every message says the file was not changed.
 */
final class SearchMisses {
    private static final int MAX_LINES_LISTED = 100;
    private static final int MAX_SIMILARITY_PERCENT = 99;

    /** A deleted pattern whose closest region is less alike than this is taken to be gone. */
    private static final int GONE_BELOW_PERCENT = 60;

    private SearchMisses() {}

    static ErrorInfo explain(SearchAttempt a) {
        Matches m = a.matches;
        Object expectedValue = a.expected < 0 ? "all" : (Object) a.expected;
        if (m.count() > 0) {
            return miscounted(a, expectedValue);
        }
        if (m.danglingStart() >= 0 && m.ambiguousEnd() >= 0) {
            return ambiguousEnd(a.doc, a.file(), expectedValue, m);
        }
        if (m.danglingStart() >= 0) {
            return rangeOpen(a, expectedValue);
        }
        return notFound(a, expectedValue);
    }

    private static String countText(long expected) {
        return expected < 0 ? "at least 1" : Long.toString(expected);
    }

    private static ErrorInfo miscounted(SearchAttempt a, Object expectedValue) {
        Matches m = a.matches;
        TextDoc doc = a.doc;
        String file = a.file();
        List<Integer> lines = new ArrayList<>();
        for (int i = 0; i < m.count() && i < MAX_LINES_LISTED; i++) {
            lines.add(doc.lineOf(m.starts()[i]));
        }
        String where = joinLines(lines, m.count());
        if (m.danglingStart() >= 0) {
            int startLine = doc.lineOf(m.danglingStart());
            return new ErrorInfo(
                    ErrorCode.SEARCH_RANGE_INCOMPLETE,
                    "SEARCH in '"
                            + file
                            + "' found "
                            + m.count()
                            + " complete range(s) ("
                            + where
                            + ") but expected "
                            + countText(a.expected)
                            + "; the range starting at line "
                            + startLine
                            + " has no TO text after it. The file was not changed.",
                    "Make the TO lines match text that follows the start, or set count=\""
                            + m.count()
                            + "\".",
                    new SearchDetails.Miscounted(expectedValue, m.count(), lines, startLine));
        }
        String message =
                "SEARCH in '"
                        + file
                        + "' expected "
                        + countText(a.expected)
                        + " match"
                        + (a.expected == 1 ? "" : "es")
                        + " but found "
                        + m.count()
                        + a.how
                        + " ("
                        + where
                        + "). The file was not changed.";
        String hint =
                "To replace all "
                        + m.count()
                        + ", add count=\""
                        + m.count()
                        + "\" (or count=\"all\"); to replace just one, add neighbouring lines to"
                        + " the pattern so that it matches only once.";
        return new ErrorInfo(
                ErrorCode.MATCH_COUNT_MISMATCH,
                message,
                hint,
                new SearchDetails.Miscounted(expectedValue, m.count(), lines, null));
    }

    private static ErrorInfo rangeOpen(SearchAttempt a, Object expectedValue) {
        Matches m = a.matches;
        TextDoc doc = a.doc;
        String file = a.file();
        int startLine = doc.lineOf(m.danglingStart());
        String to = a.to();
        int before = doc.indexOf(to, 0, false);
        String extra = "";
        Integer skippedLine = null;
        if (m.skippedTo() >= 0) {
            skippedLine = doc.lineOf(m.skippedTo());
            extra =
                    " as whole lines: it occurs after it only inside a longer line (line "
                            + skippedLine
                            + ": "
                            + Closest.visible(lineText(doc, m.skippedTo()))
                            + "), and a range ends at whole lines or on the start's own line";
        } else if (before >= 0 && before < m.danglingStart()) {
            extra = " (the TO text occurs at line " + doc.lineOf(before) + ", before the start)";
        }
        Closest.Region region =
                before >= 0
                        ? null
                        : Closest.find(doc.toString(), a.search.to(), "\r\n".equals(a.nl));
        String toHelp = region == null ? "" : "\n" + describe(region, "TO text");
        return new ErrorInfo(
                ErrorCode.SEARCH_RANGE_INCOMPLETE,
                "SEARCH in '"
                        + file
                        + "' found the range start at line "
                        + startLine
                        + " but not its end: the TO text does not occur after it"
                        + extra
                        + ". The file was not changed."
                        + toHelp,
                m.skippedTo() >= 0
                        ? "Make the TO text the whole last line of the range, indentation"
                                + " included, exactly as the file has it (RUN cat -n "
                                + file
                                + ")."
                        : "Copy the TO lines exactly from the file (they must come after the"
                                + " start line "
                                + startLine
                                + "), or use a plain SEARCH without TO.",
                new SearchDetails.RangeOpen(
                        expectedValue, startLine, skippedLine, null, typed(region)));
    }

    private static ErrorInfo notFound(SearchAttempt a, Object expectedValue) {
        TextDoc doc = a.doc;
        String file = a.file();
        long expected = a.expected;
        Closest.Region region =
                Closest.find(doc.toString(), a.search.pattern(), "\r\n".equals(a.nl));
        StringBuilder message =
                new StringBuilder("SEARCH found no match for the pattern in '")
                        .append(file)
                        .append("' (expected ")
                        .append(countText(expected))
                        .append("). The file was not changed.");
        String hint;
        long standing =
                expected < 0
                        ? -1
                        : ReApply.timesStanding(
                                doc, a.replacement(), expected, false, MAX_LINES_LISTED);
        Long replacementFound = null;
        if (standing > 0) {
            replacementFound = standing;
            message.append(" The replacement already stands ")
                    .append(standing)
                    .append(standing == 1 ? " time" : " times")
                    .append(standing >= MAX_LINES_LISTED ? " or more" : "")
                    .append(" (expected ")
                    .append(expected)
                    .append("), so this is not taken for a re-applied answer.");
        }
        boolean deletion = a.search.replacement().isEmpty();
        if (deletion
                && (region == null
                        || (differsInCode(region) && percent(region) < GONE_BELOW_PERCENT))) {
            message.append(
                    " This SEARCH deletes its lines and nothing like them is left in the file:"
                            + " the deletion may already be done.");
            hint =
                    "If an earlier apply made this deletion, nothing needs doing. Otherwise find"
                            + " the lines first (RUN grep -n with a distinctive word of the pattern"
                            + " on "
                            + file
                            + ") and copy them exactly.";
            if (region != null) {
                message.append('\n').append(describe(region, "pattern"));
            }
        } else if (region != null) {
            message.append('\n').append(describe(region, "pattern"));
            hint =
                    inventedOnly(region)
                            ? inventedHint(region)
                            : differsInCode(region)
                                    ? "The closest region differs in code, not only in whitespace or"
                                            + " case, so the pattern is probably not in the file as you"
                                            + " remember it. Read the file first (RUN cat -n "
                                            + file
                                            + ", or RUN grep -n with a distinctive word) and copy the"
                                            + " lines you mean to change from what it shows."
                                    : "Copy the pattern exactly from "
                                            + lineRange(region)
                                            + " of the file ("
                                            + (blankLinesDiffer(region)
                                                    ? "blank lines included"
                                                    : "same whitespace and case")
                                            + "), or read"
                                            + " them first with RUN head -n "
                                            + region.endLine()
                                            + " "
                                            + file
                                            + ".";
        } else {
            message.append(
                    doc.length() > Closest.MAX_CHARS
                            ? "\nThe file is too large to look for a similar region."
                            : "\nNo similar region was found in the file.");
            hint =
                    doc.length() > Closest.MAX_CHARS
                            ? "Find the lines first (RUN grep -n with a word of the pattern on "
                                    + file
                                    + ") and copy the pattern exactly from them."
                            : "Read the file first (RUN cat "
                                    + file
                                    + ") and copy the pattern from it, or"
                                    + " rewrite the whole file with WRITE.";
        }
        hint += fuzzyWouldApply(a);
        return new ErrorInfo(
                ErrorCode.MATCH_COUNT_MISMATCH,
                message.toString(),
                hint,
                new SearchDetails.NotFound(expectedValue, replacementFound, typed(region)));
    }

    /**
     * Where the pattern differs from the file only in indentation and trailing whitespace, the
     * sentence saying that {@code --fuzzy=whitespace} would apply it (the step it takes is the same
     * {@link WhitespaceMatch}); empty otherwise, and with {@code --fuzzy} given already.
     */
    private static String fuzzyWouldApply(SearchAttempt a) {
        if (a.fuzzy || a.search.hasTo() || !(a.expected == 1 || a.expected < 0)) {
            return "";
        }
        WhitespaceMatch w =
                WhitespaceMatch.find(
                        a.doc.toString(), a.search.pattern(), a.search.replacement(), a.nl);
        if (w == null) {
            return "";
        }
        return " Or, if lines "
                + w.firstLine()
                + "-"
                + w.lastLine()
                + " are the place, apply again with --fuzzy=whitespace: it matches them ignoring"
                + " indentation and trailing whitespace and re-indents the replacement.";
    }

    /** A range whose end is either a line beginning with the TO text or a later whole line. */
    private static ErrorInfo ambiguousEnd(
            TextDoc doc, String file, Object expectedValue, Matches m) {
        int startLine = doc.lineOf(m.danglingStart());
        int nearLine = doc.lineOf(m.skippedTo());
        int wholeLine = doc.lineOf(m.ambiguousEnd());
        String near = Closest.visible(lineText(doc, m.skippedTo()));
        return new ErrorInfo(
                ErrorCode.SEARCH_RANGE_INCOMPLETE,
                "SEARCH in '"
                        + file
                        + "' found the range start at line "
                        + startLine
                        + ", but its end is ambiguous: line "
                        + nearLine
                        + " ("
                        + near
                        + ") begins with the TO text and goes on after it, while a range ends at"
                        + " whole lines, and the next line that is the TO text is line "
                        + wholeLine
                        + ", which would take in lines "
                        + nearLine
                        + "-"
                        + wholeLine
                        + " as well. The file was not changed.",
                "Give the whole last line of the range as TO, exactly as the file has it (line "
                        + nearLine
                        + ": "
                        + near
                        + "), and end the replacement the same way.",
                new SearchDetails.RangeOpen(expectedValue, startLine, nearLine, wholeLine, null));
    }

    /**
     * Every line of the pattern is in the file, in order, except lines the file lacks: a line the
     * model invented (or meant to add).
     */
    private static boolean inventedOnly(Closest.Region region) {
        return !region.differences().isEmpty()
                && region.differences().stream()
                        .allMatch(d -> d.kind().equals(Closest.NOT_IN_FILE) && d.before() > 0);
    }

    private static String inventedHint(Closest.Region region) {
        List<Closest.Difference> invented = region.differences();
        String where = where(invented.get(0), region.fileLines()).replace("missing line, ", "");
        return "The pattern's other lines match "
                + lineRange(region)
                + " of the file, but "
                + (invented.size() == 1
                        ? "its line " + quoted(invented.get(0).pattern()) + " is not in the file ("
                        : invented.size() + " of its lines are not in the file (the first ")
                + where
                + "). Remove "
                + (invented.size() == 1 ? "that line" : "those lines")
                + " from the pattern; if you meant to add "
                + (invented.size() == 1 ? "it" : "them")
                + ", put "
                + (invented.size() == 1 ? "it" : "them")
                + " in the REPLACE only.";
    }

    private static String quoted(String line) {
        String s = line.replace('·', ' ').strip();
        return "'" + (s.length() > 60 ? s.substring(0, 60) + "…" : s) + "'";
    }

    private static boolean blankLinesDiffer(Closest.Region region) {
        return region.kinds().contains(Closest.BLANK_NOT_IN_FILE)
                || region.kinds().contains(Closest.BLANK_NOT_IN_PATTERN);
    }

    /** Whitespace, case, CR and NBSP are copying slips; anything else is other code. */
    private static boolean differsInCode(Closest.Region region) {
        return region.kinds().stream()
                .anyMatch(
                        k ->
                                k.equals("changed line")
                                        || k.equals("line not in the pattern")
                                        || k.equals("line not in the file"));
    }

    private static String lineRange(Closest.Region region) {
        return region.startLine() == region.endLine()
                ? "line " + region.startLine()
                : "lines " + region.startLine() + "-" + region.endLine();
    }

    private static String joinLines(List<Integer> lines, int count) {
        StringBuilder sb = new StringBuilder(count == 1 ? "line " : "lines ");
        for (int i = 0; i < lines.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(lines.get(i));
        }
        if (count > lines.size()) {
            sb.append(", …");
        }
        return sb.toString();
    }

    static String describe(Closest.Region region, String what) {
        StringBuilder sb = new StringBuilder();
        sb.append("Closest region: ")
                .append(lineRange(region))
                .append(" (similarity ")
                .append(percent(region))
                .append("%)");
        if (region.differences().isEmpty()) {
            sb.append('.');
            return sb.toString();
        }
        sb.append(", the ")
                .append(what)
                .append(" differs by: ")
                .append(String.join(", ", region.kinds()))
                .append('.');
        for (Closest.Difference d : region.differences()) {
            sb.append("\n  ")
                    .append(
                            d.line() <= 0
                                    ? where(d, region.fileLines())
                                    : d.kind().equals(Closest.BLANK_NOT_IN_FILE)
                                            ? "before line " + d.line()
                                            : "line " + d.line())
                    .append(" (")
                    .append(d.kind())
                    .append(")");
            if (d.file() != null) {
                sb.append("\n    file:    ").append(d.file());
            }
            if (d.pattern() != null) {
                sb.append("\n    ").append(pad(what)).append(d.pattern());
            }
        }
        return sb.toString();
    }

    /**
     * Where a pattern line the file lacks would stand: "between lines 41 and 42", so that the model
     * can see that its neighbours match and that the line is the one it invented.
     */
    private static String where(Closest.Difference d, int fileLines) {
        int before = d.before();
        if (before <= 0) {
            return "missing line";
        }
        if (before == 1) {
            return "missing line, before line 1";
        }
        if (before > fileLines) {
            return "missing line, after line " + (before - 1) + " (the file's last)";
        }
        return "missing line, between lines " + (before - 1) + " and " + before;
    }

    /** Similarity in percent; text that differs is never shown as 100% (rounding). */
    static long percent(Closest.Region region) {
        long percent = Math.round(region.similarity() * 100);
        return region.similarity() < 1 || !region.differences().isEmpty()
                ? Math.min(percent, MAX_SIMILARITY_PERCENT)
                : percent;
    }

    /** The text of the line holding {@code pos}. */
    private static String lineText(TextDoc doc, int pos) {
        return doc.substring(doc.lineStart(pos), doc.lineEnd(pos));
    }

    private static String pad(String what) {
        String label = what + ":";
        return label.length() >= 9 ? label + " " : label + " ".repeat(9 - label.length());
    }

    private static SearchDetails.ClosestRegion typed(Closest.Region region) {
        if (region == null) {
            return null;
        }
        List<SearchDetails.Difference> diffs = new ArrayList<>();
        for (Closest.Difference d : region.differences()) {
            diffs.add(
                    new SearchDetails.Difference(
                            d.line(),
                            d.kind(),
                            d.file(),
                            d.pattern(),
                            d.fileText(),
                            d.patternText(),
                            d.before() > 1 ? d.before() - 1 : null,
                            d.before() > 0 && d.before() <= region.fileLines()
                                    ? d.before()
                                    : null));
        }
        return new SearchDetails.ClosestRegion(
                region.startLine(),
                region.endLine(),
                percent(region) / 100.0,
                region.kinds(),
                diffs);
    }
}
