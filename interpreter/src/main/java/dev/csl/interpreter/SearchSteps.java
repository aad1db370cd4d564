package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import java.util.List;

/**
 * The ways a SEARCH may match, tried in order until one lands (docs/language.md, "SEARCH"): each
 * step either returns the outcome, or returns null and leaves what it found in the attempt for the
 * next step and for the explanation of a failure ({@link SearchMisses}).
 */
final class SearchSteps {
    private static final int MAX_LINES_LISTED = 100;

    /** One way of matching; null when it does not apply and the next step is to try. */
    @FunctionalInterface
    interface Step {
        Outcome attempt(SearchAttempt a) throws OpFailure;
    }

    /** A step and the name docs and tests know it by. */
    record Named(String name, Step step) {}

    /** The steps, in the order they are tried. */
    static final List<Named> ORDER =
            List.of(
                    new Named("blank-lines", SearchSteps::blankLines),
                    new Named("exact", SearchSteps::exact),
                    new Named("trailing-whitespace", SearchSteps::trailingWhitespace),
                    new Named("re-apply", SearchSteps::reApplied),
                    new Named("whitespace-fuzzy", SearchSteps::fuzzyWhitespace));

    private SearchSteps() {}

    /** The outcome of the first step that lands, or null when none does. */
    static Outcome run(SearchAttempt a) throws OpFailure {
        for (Named n : ORDER) {
            Outcome o = n.step().attempt(a);
            if (o != null) {
                return o;
            }
        }
        return null;
    }

    /**
     * A TO text, or a plain pattern that does not fit the count as written, whose last line is
     * empty: read as ending with a blank line of the file, as often as {@code count} says.
     */
    private static Outcome blankLines(SearchAttempt a) throws OpFailure {
        if (!a.search.hasTo() && a.countFits(a.matches)) {
            return null;
        }
        Matches m = LineModel.withBlankLines(a.doc, a.pattern(), a.to(), a.nl, a.filter);
        return m != null && a.countFits(m) ? land(a, m) : null;
    }

    /** The pattern (and TO text) as they stand in the file, as often as {@code count} says. */
    private static Outcome exact(SearchAttempt a) throws OpFailure {
        return a.countFits(a.matches) ? land(a, a.matches) : null;
    }

    /**
     * Matches that fit the count: a re-applied answer is {@code no_op}, a range that would overrun
     * a replacement standing at its start is refused, anything else is replaced.
     */
    static Outcome land(SearchAttempt a, Matches m) throws OpFailure {
        String pattern = a.pattern();
        String replacement = a.replacement();
        if (!a.search.hasTo() && ReApply.insideReplacement(a.doc, m, pattern, replacement)) {
            return a.alreadyApplied();
        }
        if (a.search.hasTo()) {
            ReApply.Range range = ReApply.range(a.doc, m, pattern, a.to(), replacement);
            if (range == ReApply.Range.APPLIED) {
                return a.alreadyApplied();
            }
            if (range == ReApply.Range.OVERRUN) {
                throw new OpFailure(overrun(a, m, pattern, replacement));
            }
            Warning ambiguous = AmbiguousRange.check(a, m);
            if (ambiguous != null) {
                if (a.strict) {
                    throw new OpFailure(ambiguous.asRefusal());
                }
                return SearchEdit.replace(a, m, List.of(ambiguous));
            }
        }
        return SearchEdit.replace(a, m, List.of());
    }

    /** Lines that differ only in trailing spaces or tabs, warned as whitespace_adjusted. */
    private static Outcome trailingWhitespace(SearchAttempt a) throws OpFailure {
        if (a.matches.count() > 0) {
            return null;
        }
        var search = a.search;
        Matches loose =
                TrailingSpaceMatcher.find(
                        a.doc.toString(), search.pattern(), search.hasTo() ? search.to() : null);
        if (!a.countFits(loose)) {
            if (loose.count() > 0) {
                a.matches = loose;
                a.how = " once trailing whitespace is ignored";
            }
            return null;
        }
        if (onlyLineEndsDiffer(a, loose)) {
            return SearchEdit.replace(a, loose, List.of());
        }
        Warning warning = trailingAdjusted(a, loose);
        if (a.strict) {
            throw new OpFailure(
                    warning.code().refusal(),
                    "The SEARCH pattern for '"
                            + a.file()
                            + "' matches "
                            + matchedLines(a.doc, loose)
                            + " only when trailing whitespace is ignored, which --strict"
                            + " refuses; the file was not changed.",
                    "Copy the lines with their trailing whitespace (RUN cat -A "
                            + a.file()
                            + " shows where lines end), or apply without --strict.");
        }
        return SearchEdit.replace(a, loose, List.of(warning));
    }

    /** The pattern is gone and the replacement stands where it went: {@code no_op}. */
    private static Outcome reApplied(SearchAttempt a) {
        Matches m = a.matches;
        if (m.count() > 0) {
            return null;
        }
        String replacement = a.replacement();
        boolean applied =
                (m.danglingStart() >= 0
                                && ReApply.standsAt(
                                        a.doc, m.danglingStart(), a.pattern(), replacement))
                        || ReApply.replacementStands(a.doc, replacement, a.expected, a.filter);
        return applied ? a.alreadyApplied() : null;
    }

    /** With --fuzzy=whitespace: one region equal but for indentation, re-indented. */
    private static Outcome fuzzyWhitespace(SearchAttempt a) throws OpFailure {
        var search = a.search;
        if (!a.fuzzy
                || a.matches.count() > 0
                || search.hasTo()
                || !(a.expected == 1 || a.expected < 0)) {
            return null;
        }
        String pattern = search.pattern();
        String replacement = search.replacement();
        WhitespaceMatch w = WhitespaceMatch.find(a.doc.toString(), pattern, replacement, a.nl);
        if (w == null && LineModel.endsWithEmptyLine(pattern)) {
            // The older reading of a trailing empty line, where the file has no blank line there:
            // the line break of the line before, which a replacement ending the same way restores.
            pattern = pattern.substring(0, pattern.length() - 1);
            if (LineModel.endsWithEmptyLine(replacement)) {
                replacement = replacement.substring(0, replacement.length() - 1);
            }
            w = WhitespaceMatch.find(a.doc.toString(), pattern, replacement, a.nl);
        }
        if (w == null) {
            return null;
        }
        ReplacementChecks.refuseElisions(a.doc, w.start(), w.end(), search);
        Warning warning = adjusted(a, w);
        if (a.strict) {
            throw new OpFailure(
                    warning.code().refusal(),
                    "The SEARCH pattern for '"
                            + a.file()
                            + "' matches lines "
                            + w.firstLine()
                            + "-"
                            + w.lastLine()
                            + " only when indentation and trailing whitespace are"
                            + " ignored, which --strict refuses; the file was not"
                            + " changed.",
                    warning.hint());
        }
        TextDoc next;
        if (replacement.isEmpty()) {
            // Deleting lines deletes them, as for an exact match (LineModel).
            Matches gone =
                    LineModel.deletion(
                            a.doc,
                            new Matches(new int[] {w.start()}, new int[] {w.end()}, 1, -1, -1, -1));
            next = a.doc.replace(gone.starts(), gone.ends(), "");
        } else {
            next = a.doc.replace(new int[] {w.start()}, new int[] {w.end()}, w.replacement());
        }
        a.ws.change(a.state, a.before.withDoc(next), a.task);
        return Outcome.replaced(1, a.state, a.before, List.of(warning));
    }

    private static Warning trailingAdjusted(SearchAttempt a, Matches m) {
        String where = matchedLines(a.doc, m);
        return new Warning(
                Warning.Code.WHITESPACE_ADJUSTED,
                "The SEARCH pattern for '"
                        + a.file()
                        + "' matched "
                        + where
                        + " only once trailing whitespace was ignored (spaces or tabs at the end"
                        + " of a line, or a blank-looking line holding them); the replacement was"
                        + " written as given.",
                "Nothing to do if this is the place you meant. To match exactly, copy the lines"
                        + " with their trailing whitespace (RUN cat -A "
                        + a.file()
                        + " shows where lines end).",
                a.search.line());
    }

    /**
     * True when each match is the pattern with other line terminators (a file mixing CRLF and LF):
     * a difference SEARCH ignores without a word.
     */
    private static boolean onlyLineEndsDiffer(SearchAttempt a, Matches m) {
        String pattern = a.search.pattern();
        String to = a.search.hasTo() ? a.search.to() : null;
        for (int i = 0; i < m.count(); i++) {
            String text =
                    a.doc.substring(m.starts()[i], m.ends()[i])
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
    static String matchedLines(TextDoc doc, Matches m) {
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
            SearchAttempt a, Matches m, String pattern, String replacement) {
        TextDoc doc = a.doc;
        int at = -1;
        for (int i = 0; i < m.count() && at < 0; i++) {
            if (ReApply.standsAt(doc, m.starts()[i], pattern, replacement)) {
                at = i;
            }
        }
        int startLine = doc.lineOf(m.starts()[at]);
        int endLine = doc.lineOf(Math.max(m.starts()[at], m.ends()[at] - 1));
        return new ErrorInfo(
                ErrorCode.SEARCH_RANGE_INCOMPLETE,
                "SEARCH in '"
                        + a.file()
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
                new SearchDetails.Overrun(startLine, endLine));
    }

    private static Warning adjusted(SearchAttempt a, WhitespaceMatch w) {
        return new Warning(
                Warning.Code.WHITESPACE_ADJUSTED,
                "The SEARCH pattern for '"
                        + a.file()
                        + "' matched lines "
                        + w.firstLine()
                        + "-"
                        + w.lastLine()
                        + " only once indentation and trailing whitespace were ignored"
                        + " (--fuzzy=whitespace); the replacement was re-indented to the file's"
                        + " indentation.",
                "Copy the pattern lines exactly as the file has them (RUN cat -E shows where"
                        + " lines end) to match without --fuzzy.",
                a.search.line());
    }
}
