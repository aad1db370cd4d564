package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Search;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SEARCH (SPEC §2.3): plain or range matches, non-overlapping, counted against {@code count};
 * CRLF-insensitive (the pattern takes the file's line endings); all matches replaced; a failure
 * explains itself and changes nothing.
 */
final class SearchOp {
    private static final int FILTER_FROM_CHARS = 1 << 20;
    private static final int MAX_LINES_LISTED = 100;
    private static final int MAX_SIMILARITY_PERCENT = 99;

    private SearchOp() {}

    static Outcome run(Workspace ws, Search search, String task) throws OpFailure {
        return run(ws, search, task, false, false);
    }

    /** With {@code --fuzzy=whitespace} ({@code fuzzy}) and {@code --strict}. */
    static Outcome run(Workspace ws, Search search, String task, boolean fuzzy, boolean strict)
            throws OpFailure {
        String file = search.file();
        FileState state = ws.open(file);
        Content before = state.current;
        if (!before.exists()) {
            throw new OpFailure(
                    ErrorCode.FILE_NOT_FOUND,
                    "SEARCH file '"
                            + file
                            + "' does not exist ("
                            + state.path.resolved()
                            + "). Nothing was changed.",
                    "Check the path (RUN ls), or create the file with WRITE.");
        }
        TextDoc doc;
        try {
            doc = before.doc();
        } catch (Content.NotTextException e) {
            throw new OpFailure(
                    ErrorCode.IO_ERROR,
                    "SEARCH file '"
                            + file
                            + "' "
                            + e.getMessage()
                            + ": SEARCH only edits UTF-8 text. The file was not changed.",
                    "Replace a binary file as a whole, or leave it alone.");
        }
        state.searches++;
        boolean filter = doc.length() >= FILTER_FROM_CHARS && state.searches > 1;
        LineEndings endings = before.endings();
        String nl = endings.dominant();
        Matches m = find(doc, search, nl, filter);
        if (m.count() == 0 && endings.mixed()) {
            for (String other : new String[] {"\n", "\r\n", "\r"}) {
                if (!other.equals(nl)) {
                    Matches alt = find(doc, search, other, filter);
                    if (alt.count() > 0) {
                        m = alt;
                        nl = other;
                        break;
                    }
                }
            }
        }
        long expected = expectedCount(search);
        String pattern = LineEndings.translate(search.pattern(), nl);
        String replacement = LineEndings.translate(search.replacement(), nl);
        Edit edit = new Edit(ws, state, before, doc, search, task, nl, fuzzy, strict);
        if (countFits(m, expected)) {
            if (!search.hasTo() && ReApply.insideReplacement(doc, m, pattern, replacement)) {
                return Outcome.alreadyApplied(state, before);
            }
            if (search.hasTo()) {
                ReApply.Range range =
                        ReApply.range(
                                doc,
                                m,
                                pattern,
                                LineEndings.translate(search.to(), nl),
                                replacement);
                if (range == ReApply.Range.APPLIED) {
                    return Outcome.alreadyApplied(state, before);
                }
                if (range == ReApply.Range.OVERRUN) {
                    throw new OpFailure(overrun(doc, search, m, pattern, replacement));
                }
            }
            return edit.replace(m, List.of());
        }
        String how = "";
        if (m.count() == 0) {
            Matches loose =
                    TrailingSpaceMatcher.find(
                            doc.toString(), search.pattern(), search.hasTo() ? search.to() : null);
            if (countFits(loose, expected)) {
                if (onlyLineEndsDiffer(doc, loose, search)) {
                    return edit.replace(loose, List.of());
                }
                Warning warning = trailingAdjusted(doc, search, loose);
                if (strict) {
                    throw new OpFailure(
                            warning.code().refusal(),
                            "The SEARCH pattern for '"
                                    + file
                                    + "' matches "
                                    + matchedLines(doc, loose)
                                    + " only when trailing whitespace is ignored, which --strict"
                                    + " refuses; the file was not changed.",
                            "Copy the lines with their trailing whitespace (RUN cat -A "
                                    + file
                                    + " shows where lines end), or apply without --strict.");
                }
                return edit.replace(loose, List.of(warning));
            }
            if (loose.count() > 0) {
                m = loose;
                how = " once trailing whitespace is ignored";
            } else if ((m.danglingStart() >= 0
                            && ReApply.standsAt(doc, m.danglingStart(), pattern, replacement))
                    || ReApply.replacementStands(doc, replacement, expected, filter)) {
                return Outcome.alreadyApplied(state, before);
            }
        }
        if (fuzzy && m.count() == 0 && !search.hasTo() && (expected == 1 || expected < 0)) {
            String text = doc.toString();
            WhitespaceMatch w =
                    WhitespaceMatch.find(text, search.pattern(), search.replacement(), nl);
            if (w != null) {
                Warning warning = adjusted(search, w);
                if (strict) {
                    throw new OpFailure(
                            warning.code().refusal(),
                            "The SEARCH pattern for '"
                                    + file
                                    + "' matches lines "
                                    + w.firstLine()
                                    + "-"
                                    + w.lastLine()
                                    + " only when indentation and trailing whitespace are"
                                    + " ignored, which --strict refuses; the file was not"
                                    + " changed.",
                            warning.hint());
                }
                TextDoc next =
                        doc.replace(new int[] {w.start()}, new int[] {w.end()}, w.replacement());
                ws.change(state, before.withDoc(next), task);
                return Outcome.replaced(1, state, before, List.of(warning));
            }
        }
        throw new OpFailure(explain(doc, search, file, nl, expected, m, how));
    }

    private static boolean countFits(Matches m, long expected) {
        return expected < 0 ? m.count() >= 1 : m.count() == expected;
    }

    /**
     * One SEARCH's replacement of its matches: refused as {@code partial_line_match} where the
     * result would be indented unlike its first line, or with {@code --fuzzy=whitespace}
     * re-indented.
     */
    private record Edit(
            Workspace ws,
            FileState state,
            Content before,
            TextDoc doc,
            Search search,
            String task,
            String nl,
            boolean fuzzy,
            boolean strict) {

        Outcome replace(Matches m, List<Warning> warnings) throws OpFailure {
            String to = search.hasTo() ? search.to() : null;
            ResultSize.check(ws, search, doc, m, LineEndings.translate(search.replacement(), nl));
            PartialLine partial =
                    PartialLine.find(doc, m, search.pattern(), to, search.replacement());
            List<Warning> all = new ArrayList<>(warnings);
            TextDoc next;
            if (partial == null) {
                next =
                        doc.replace(
                                m.starts(),
                                m.ends(),
                                LineEndings.translate(search.replacement(), nl));
            } else if (fuzzy && !strict) {
                String[] each = new String[m.count()];
                for (int i = 0; i < each.length; i++) {
                    each[i] =
                            PartialLine.reindent(
                                    doc,
                                    m.starts()[i],
                                    search.pattern(),
                                    to,
                                    search.replacement(),
                                    nl);
                }
                next = doc.replace(m.starts(), m.ends(), each);
                all.add(partial.reindented(search.file(), search.line()));
            } else {
                throw new OpFailure(partial.refusal(search.file()));
            }
            ws.change(state, before.withDoc(next), task);
            return Outcome.replaced(m.count(), state, before, all);
        }
    }

    private static Warning trailingAdjusted(TextDoc doc, Search search, Matches m) {
        String where = matchedLines(doc, m);
        return new Warning(
                Warning.Code.WHITESPACE_ADJUSTED,
                "The SEARCH pattern for '"
                        + search.file()
                        + "' matched "
                        + where
                        + " only once trailing whitespace was ignored (spaces or tabs at the end"
                        + " of a line, or a blank-looking line holding them); the replacement was"
                        + " written as given.",
                "Nothing to do if this is the place you meant. To match exactly, copy the lines"
                        + " with their trailing whitespace (RUN cat -A "
                        + search.file()
                        + " shows where lines end).",
                search.line());
    }

    /**
     * True when each match is the pattern with other line terminators (a file mixing CRLF and LF):
     * a difference SEARCH ignores without a word (SPEC §2.3).
     */
    private static boolean onlyLineEndsDiffer(TextDoc doc, Matches m, Search search) {
        String pattern = search.pattern();
        String to = search.hasTo() ? search.to() : null;
        for (int i = 0; i < m.count(); i++) {
            String text =
                    doc.substring(m.starts()[i], m.ends()[i])
                            .replace("\r\n", "\n")
                            .replace('\r', '\n');
            boolean same =
                    to == null
                            ? text.equals(pattern)
                            : text.startsWith(pattern) && text.endsWith(to);
            if (!same) {
                return false;
            }
        }
        return true;
    }

    /** "line 4" or "lines 4-9, 12-17": the lines each match covers. */
    private static String matchedLines(TextDoc doc, Matches m) {
        StringBuilder sb = new StringBuilder();
        boolean plural = m.count() > 1;
        for (int i = 0; i < m.count() && i < MAX_LINES_LISTED; i++) {
            int first = doc.lineOf(m.starts()[i]);
            int last = doc.lineOf(Math.max(m.starts()[i], m.ends()[i] - 1));
            plural |= last > first;
            sb.append(i > 0 ? ", " : "").append(first);
            if (last > first) {
                sb.append('-').append(last);
            }
        }
        if (m.count() > MAX_LINES_LISTED) {
            sb.append(", …");
        }
        return (plural ? "lines " : "line ") + sb;
    }

    /** A range that would run past a replacement standing at its start: applied already? */
    private static ErrorInfo overrun(
            TextDoc doc, Search search, Matches m, String pattern, String replacement) {
        int at = -1;
        for (int i = 0; i < m.count() && at < 0; i++) {
            if (ReApply.standsAt(doc, m.starts()[i], pattern, replacement)) {
                at = i;
            }
        }
        int startLine = doc.lineOf(m.starts()[at]);
        int endLine = doc.lineOf(Math.max(m.starts()[at], m.ends()[at] - 1));
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("startLine", startLine);
        details.put("endLine", endLine);
        return new ErrorInfo(
                ErrorCode.SEARCH_RANGE_INCOMPLETE,
                "SEARCH in '"
                        + search.file()
                        + "': the replacement already stands at line "
                        + startLine
                        + ", where the range starts, but the range would now run on past it to"
                        + " line "
                        + endLine
                        + ". The answer was probably applied already; applying it again would"
                        + " cut the lines after the replacement. The file was not changed.",
                "If the answer was applied already, nothing needs doing. To change the lines"
                        + " after line "
                        + startLine
                        + ", SEARCH them on their own.",
                details);
    }

    private static Warning adjusted(Search search, WhitespaceMatch w) {
        return new Warning(
                Warning.Code.WHITESPACE_ADJUSTED,
                "The SEARCH pattern for '"
                        + search.file()
                        + "' matched lines "
                        + w.firstLine()
                        + "-"
                        + w.lastLine()
                        + " only once indentation and trailing whitespace were ignored"
                        + " (--fuzzy=whitespace); the replacement was re-indented to the file's"
                        + " indentation.",
                "Copy the pattern lines exactly as the file has them (RUN cat -E shows where"
                        + " lines end) to match without --fuzzy.",
                search.line());
    }

    private static long expectedCount(Search search) {
        String count = search.attributes().getOr("count", "1").strip();
        if (count.equals("all")) {
            return -1;
        }
        try {
            return Long.parseLong(count);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static Matches find(TextDoc doc, Search search, String nl, boolean filter) {
        String p = LineEndings.translate(search.pattern(), nl);
        String to = search.hasTo() ? LineEndings.translate(search.to(), nl) : null;
        return ExactMatcher.find(doc, p, to, filter);
    }

    private static ErrorInfo explain(
            TextDoc doc,
            Search search,
            String file,
            String nl,
            long expected,
            Matches m,
            String how) {
        Map<String, Object> details = new LinkedHashMap<>();
        Object expectedValue = expected < 0 ? "all" : (Object) expected;
        String countText = expected < 0 ? "at least 1" : Long.toString(expected);
        if (m.count() > 0) {
            List<Integer> lines = new ArrayList<>();
            for (int i = 0; i < m.count() && i < MAX_LINES_LISTED; i++) {
                lines.add(doc.lineOf(m.starts()[i]));
            }
            details.put("expected", expectedValue);
            details.put("found", m.count());
            details.put("lines", lines);
            String where = joinLines(lines, m.count());
            if (m.danglingStart() >= 0) {
                int startLine = doc.lineOf(m.danglingStart());
                details.put("incompleteStartLine", startLine);
                return new ErrorInfo(
                        ErrorCode.SEARCH_RANGE_INCOMPLETE,
                        "SEARCH in '"
                                + file
                                + "' found "
                                + m.count()
                                + " complete range(s) ("
                                + where
                                + ") but expected "
                                + countText
                                + "; the range starting at line "
                                + startLine
                                + " has no TO text after it. The file was not changed.",
                        "Make the TO lines match text that follows the start, or set count=\""
                                + m.count()
                                + "\".",
                        details);
            }
            String message =
                    "SEARCH in '"
                            + file
                            + "' expected "
                            + countText
                            + " match"
                            + (expected == 1 ? "" : "es")
                            + " but found "
                            + m.count()
                            + how
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
            return new ErrorInfo(ErrorCode.MATCH_COUNT_MISMATCH, message, hint, details);
        }
        if (m.danglingStart() >= 0 && m.ambiguousEnd() >= 0) {
            return ambiguousEnd(doc, file, expectedValue, m);
        }
        if (m.danglingStart() >= 0) {
            int startLine = doc.lineOf(m.danglingStart());
            details.put("expected", expectedValue);
            details.put("found", 0);
            details.put("startLine", startLine);
            String to = LineEndings.translate(search.to(), nl);
            int before = doc.indexOf(to, 0, false);
            String extra = "";
            if (m.skippedTo() >= 0) {
                int skippedLine = doc.lineOf(m.skippedTo());
                extra =
                        " as whole lines: it occurs after it only inside a longer line (line "
                                + skippedLine
                                + ": "
                                + Closest.visible(lineText(doc, m.skippedTo()))
                                + "), and a range ends at whole lines or on the start's own line";
                details.put("skippedToLine", skippedLine);
            } else if (before >= 0 && before < m.danglingStart()) {
                extra =
                        " (the TO text occurs at line "
                                + doc.lineOf(before)
                                + ", before the start)";
            }
            Closest.Region region =
                    before >= 0
                            ? null
                            : Closest.find(doc.toString(), search.to(), "\r\n".equals(nl));
            String toHelp = region == null ? "" : "\n" + describe(region, "TO text");
            if (region != null) {
                details.put("closestTo", regionJson(region));
            }
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
                    details);
        }
        details.put("expected", expectedValue);
        details.put("found", 0);
        Closest.Region region = Closest.find(doc.toString(), search.pattern(), "\r\n".equals(nl));
        StringBuilder message =
                new StringBuilder("SEARCH found no match for the pattern in '")
                        .append(file)
                        .append("' (expected ")
                        .append(countText)
                        .append("). The file was not changed.");
        String hint;
        long standing =
                expected < 0
                        ? -1
                        : ReApply.timesStanding(
                                doc,
                                LineEndings.translate(search.replacement(), nl),
                                expected,
                                false,
                                MAX_LINES_LISTED);
        if (standing > 0) {
            details.put("replacementFound", standing);
            message.append(" The replacement already stands ")
                    .append(standing)
                    .append(standing == 1 ? " time" : " times")
                    .append(standing >= MAX_LINES_LISTED ? " or more" : "")
                    .append(" (expected ")
                    .append(expected)
                    .append("), so this is not taken for a re-applied answer.");
        }
        if (region != null) {
            details.put("closest", regionJson(region));
            message.append('\n').append(describe(region, "pattern"));
            hint =
                    differsInCode(region)
                            ? "The closest region differs in code, not only in whitespace or"
                                    + " case, so the pattern is probably not in the file as you"
                                    + " remember it. Read the file first (RUN cat -n "
                                    + file
                                    + ", or RUN grep -n with a distinctive word) and copy the"
                                    + " lines you mean to change from what it shows."
                            : "Copy the pattern exactly from "
                                    + lineRange(region)
                                    + " of the file (same whitespace and case), or read"
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
        return new ErrorInfo(ErrorCode.MATCH_COUNT_MISMATCH, message.toString(), hint, details);
    }

    /** A range whose end is either a line beginning with the TO text or a later whole line. */
    private static ErrorInfo ambiguousEnd(
            TextDoc doc, String file, Object expectedValue, Matches m) {
        int startLine = doc.lineOf(m.danglingStart());
        int nearLine = doc.lineOf(m.skippedTo());
        int wholeLine = doc.lineOf(m.ambiguousEnd());
        String near = Closest.visible(lineText(doc, m.skippedTo()));
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("expected", expectedValue);
        details.put("found", 0);
        details.put("startLine", startLine);
        details.put("skippedToLine", nearLine);
        details.put("wholeLineToLine", wholeLine);
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
                details);
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
                    .append(d.line() > 0 ? "line " + d.line() : "missing line")
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

    private static Map<String, Object> regionJson(Closest.Region region) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("startLine", region.startLine());
        json.put("endLine", region.endLine());
        json.put("similarity", percent(region) / 100.0);
        json.put("kinds", region.kinds());
        List<Map<String, Object>> diffs = new ArrayList<>();
        for (Closest.Difference d : region.differences()) {
            Map<String, Object> e = new LinkedHashMap<>();
            if (d.line() > 0) {
                e.put("line", d.line());
            }
            e.put("kind", d.kind());
            if (d.file() != null) {
                e.put("file", d.file());
            }
            if (d.pattern() != null) {
                e.put("pattern", d.pattern());
            }
            diffs.add(e);
        }
        json.put("differences", diffs);
        return json;
    }
}
