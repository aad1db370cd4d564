package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Search;
import java.util.ArrayList;
import java.util.Arrays;
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
    private static final int MIN_PROOF_CHARS = 8;

    private SearchOp() {}

    /** Match positions: starts and ends, plus the start of a range whose TO was not found. */
    private record Matches(int[] starts, int[] ends, int count, int danglingStart) {}

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
                            + state.resolved
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
        if (m.count == 0 && endings.mixed()) {
            for (String other : new String[] {"\n", "\r\n", "\r"}) {
                if (!other.equals(nl)) {
                    Matches alt = find(doc, search, other, filter);
                    if (alt.count > 0) {
                        m = alt;
                        nl = other;
                        break;
                    }
                }
            }
        }
        long expected = expectedCount(search);
        boolean ok = expected < 0 ? m.count >= 1 : m.count == expected;
        String replacement = LineEndings.translate(search.replacement(), nl);
        if (ok) {
            if (!search.hasTo()
                    && alreadyApplied(
                            doc, m, LineEndings.translate(search.pattern(), nl), replacement)) {
                return new Outcome(Status.NO_OP, null, "already applied", null, 0, state, before);
            }
            TextDoc next = doc.replace(m.starts, m.ends, replacement);
            ws.change(state, before.withDoc(next), task);
            return new Outcome(Status.OK, null, null, null, m.count, state, before);
        }
        if (m.count == 0 && replacementStands(doc, replacement, expected, filter)) {
            return new Outcome(Status.NO_OP, null, "already applied", null, 0, state, before);
        }
        if (fuzzy && m.count == 0 && !search.hasTo() && (expected == 1 || expected < 0)) {
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
                return new Outcome(Status.OK, null, null, null, 1, state, before, warning);
            }
        }
        throw new OpFailure(explain(doc, search, file, nl, expected, m));
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

    /**
     * True when the replacement already stands as often as the pattern should have matched. A short
     * or blank replacement ("}", "") proves nothing, so it never counts as applied.
     */
    private static boolean replacementStands(
            TextDoc doc, String replacement, long expected, boolean filter) {
        if (replacement.strip().length() < MIN_PROOF_CHARS) {
            return false;
        }
        int found = 0;
        for (int i = doc.indexOf(replacement, 0, filter);
                i >= 0 && found <= Math.max(expected, 1);
                i = doc.indexOf(replacement, i + replacement.length(), filter)) {
            found++;
        }
        return expected < 0 ? found >= 1 : found == expected;
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
        int[] starts = new int[4];
        int[] ends = new int[4];
        int n = 0;
        int dangling = -1;
        int pos = 0;
        while (true) {
            int s = doc.indexOf(p, pos, filter);
            if (s < 0) {
                break;
            }
            int e = s + p.length();
            if (to != null) {
                int t = doc.indexOf(to, e, filter);
                if (t < 0) {
                    dangling = s;
                    break;
                }
                e = t + to.length();
            }
            if (n == starts.length) {
                starts = Arrays.copyOf(starts, n * 2);
                ends = Arrays.copyOf(ends, n * 2);
            }
            starts[n] = s;
            ends[n] = e;
            n++;
            pos = e;
        }
        return new Matches(Arrays.copyOf(starts, n), Arrays.copyOf(ends, n), n, dangling);
    }

    /** True when every match sits inside an occurrence of the replacement (re-applied answer). */
    private static boolean alreadyApplied(
            TextDoc doc, Matches m, String pattern, String replacement) {
        int k = replacement.indexOf(pattern);
        if (k < 0 || replacement.equals(pattern)) {
            return false;
        }
        for (int i = 0; i < m.count; i++) {
            int at = m.starts[i] - k;
            if (at < 0
                    || at + replacement.length() > doc.length()
                    || !doc.matchesAt(at, replacement)) {
                return false;
            }
        }
        return true;
    }

    private static ErrorInfo explain(
            TextDoc doc, Search search, String file, String nl, long expected, Matches m) {
        Map<String, Object> details = new LinkedHashMap<>();
        Object expectedValue = expected < 0 ? "all" : (Object) expected;
        String countText = expected < 0 ? "at least 1" : Long.toString(expected);
        if (m.count > 0) {
            List<Integer> lines = new ArrayList<>();
            for (int i = 0; i < m.count && i < MAX_LINES_LISTED; i++) {
                lines.add(doc.lineOf(m.starts[i]));
            }
            details.put("expected", expectedValue);
            details.put("found", m.count);
            details.put("lines", lines);
            String where = joinLines(lines, m.count);
            if (m.danglingStart >= 0) {
                int startLine = doc.lineOf(m.danglingStart);
                details.put("incompleteStartLine", startLine);
                return new ErrorInfo(
                        ErrorCode.SEARCH_RANGE_INCOMPLETE,
                        "SEARCH in '"
                                + file
                                + "' found "
                                + m.count
                                + " complete range(s) ("
                                + where
                                + ") but expected "
                                + countText
                                + "; the range starting at line "
                                + startLine
                                + " has no TO text after it. The file was not changed.",
                        "Make the TO lines match text that follows the start, or set count=\""
                                + m.count
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
                            + m.count
                            + " ("
                            + where
                            + "). The file was not changed.";
            String hint =
                    "To replace all "
                            + m.count
                            + ", add count=\""
                            + m.count
                            + "\" (or count=\"all\"); to replace just one, add neighbouring lines to"
                            + " the pattern so that it matches only once.";
            return new ErrorInfo(ErrorCode.MATCH_COUNT_MISMATCH, message, hint, details);
        }
        if (m.danglingStart >= 0) {
            int startLine = doc.lineOf(m.danglingStart);
            details.put("expected", expectedValue);
            details.put("found", 0);
            details.put("startLine", startLine);
            String to = LineEndings.translate(search.to(), nl);
            int before = doc.indexOf(to, 0, false);
            String extra =
                    before >= 0 && before < m.danglingStart
                            ? " (the TO text occurs at line "
                                    + doc.lineOf(before)
                                    + ", before the start)"
                            : "";
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
                    "Copy the TO lines exactly from the file (they must come after the start line "
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
                .append(Math.round(region.similarity() * 100))
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

    private static String pad(String what) {
        String label = what + ":";
        return label.length() >= 9 ? label + " " : label + " ".repeat(9 - label.length());
    }

    private static Map<String, Object> regionJson(Closest.Region region) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("startLine", region.startLine());
        json.put("endLine", region.endLine());
        json.put("similarity", Math.round(region.similarity() * 100) / 100.0);
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
