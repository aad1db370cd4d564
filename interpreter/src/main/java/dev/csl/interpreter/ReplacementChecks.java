package dev.csl.interpreter;

import dev.csl.grammar.Search;
import java.util.ArrayList;
import java.util.List;

/**
 * The likely mistakes a SEARCH's replacement can only show beside the text it replaces: an elision
 * comment ({@code placeholder_content}, refused), brackets that no longer balance as they did
 * ({@code unbalanced_replacement}) and an indentation unlike the file's ({@code
 * indentation_style}), both warned about, and refused under {@code --strict}.
 */
final class ReplacementChecks {
    private ReplacementChecks() {}

    /**
     * The warnings of replacing each match of {@code m} in {@code doc} with the replacement of
     * {@code search}; throws the refusal instead when the replacement holds a new elision, or when
     * it would carry a warning under {@code strict}.
     */
    static List<Warning> check(TextDoc doc, Matches m, Search search, boolean strict)
            throws OpFailure {
        ErrorInfo elision = Placeholders.forReplace(search, doc, m);
        if (elision != null) {
            throw new OpFailure(elision);
        }
        List<Finding> findings = new ArrayList<>(2);
        Finding brackets = brackets(doc, m, search);
        if (brackets != null) {
            findings.add(brackets);
        }
        Finding indentation = indentation(doc, m, search);
        if (indentation != null) {
            findings.add(indentation);
        }
        List<Warning> warnings = new ArrayList<>(findings.size());
        for (Finding f : findings) {
            if (strict) {
                throw new OpFailure(
                        ErrorInfo.of(
                                f.code().refusal(),
                                f.problem() + " Refused because of --strict; nothing was changed.",
                                f.hint()));
            }
            warnings.add(
                    new Warning(
                            f.code(), f.problem() + " " + f.applied(), f.hint(), search.line()));
        }
        return warnings;
    }

    /**
     * What a check found: the problem, what was done anyway (said only when the edit is applied)
     * and the fix.
     */
    private record Finding(Warning.Code code, String problem, String applied, String hint) {}

    /** {@link #check} for the one region a {@code --fuzzy=whitespace} match found: elisions. */
    static void refuseElisions(TextDoc doc, int start, int end, Search search) throws OpFailure {
        Matches one = new Matches(new int[] {start}, new int[] {end}, 1, -1, -1, -1);
        ErrorInfo elision = Placeholders.forReplace(search, doc, one);
        if (elision != null) {
            throw new OpFailure(elision);
        }
    }

    private static Finding brackets(TextDoc doc, Matches m, Search search) {
        BracketBalance.Syntax syntax = BracketBalance.of(search.file());
        if (syntax == null) {
            return null;
        }
        int[] after = BracketBalance.net(search.replacement(), syntax);
        for (int i = 0; i < m.count(); i++) {
            int[] before = BracketBalance.net(doc.substring(m.starts()[i], m.ends()[i]), syntax);
            for (int kind = 0; kind < 3; kind++) {
                if (before[kind] != after[kind]) {
                    return unbalanced(doc, m, i, search, kind, before[kind], after[kind]);
                }
            }
        }
        return null;
    }

    private static Finding unbalanced(
            TextDoc doc, Matches m, int i, Search search, int kind, int before, int after) {
        char open = BracketBalance.OPEN.charAt(kind);
        char close = BracketBalance.CLOSE.charAt(kind);
        int first = doc.lineOf(m.starts()[i]);
        String replaced = lines(first, doc.lineOf(Math.max(m.starts()[i], m.ends()[i] - 1)));
        String now = lines(first, first + Math.max(0, lines(search.replacement()) - 1));
        String fix =
                after > before
                        ? "add the '" + close + "' it drops, or remove the '" + open + "' it adds"
                        : "remove the '"
                                + close
                                + "' it doubles, or restore the '"
                                + open
                                + "' it drops";
        return new Finding(
                Warning.Code.UNBALANCED_REPLACEMENT,
                "The replacement for '"
                        + search.file()
                        + "' does not balance its brackets the way the text it replaces does: "
                        + replaced
                        + " held "
                        + balance(before, open, close)
                        + ", the replacement "
                        + balance(after, open, close)
                        + ".",
                "It was applied (" + now + " now); the file may no longer compile or parse.",
                "Compare the replacement with "
                        + replaced
                        + " of "
                        + search.file()
                        + " as they were (RUN cat -n "
                        + search.file()
                        + "): "
                        + fix
                        + ".");
    }

    private static Finding indentation(TextDoc doc, Matches m, Search search) {
        if (!IndentationStyle.applies(search.file()) || search.replacement().isEmpty()) {
            return null;
        }
        boolean indented = false;
        for (String line : search.replacement().split("\n")) {
            indented |= !line.isEmpty() && (line.charAt(0) == '\t' || line.charAt(0) == ' ');
        }
        if (!indented) {
            return null;
        }
        IndentationStyle.Style style = IndentationStyle.of(doc.toString());
        String replaced =
                doc.substring(m.starts()[0], m.ends()[0]).replace("\r\n", "\n").replace('\r', '\n');
        List<Integer> unlike = IndentationStyle.unlike(search.replacement(), replaced, style);
        if (unlike.isEmpty()) {
            return null;
        }
        int first = doc.lineOf(m.starts()[0]);
        String now = lines(first + unlike.get(0) - 1, first + unlike.get(unlike.size() - 1) - 1);
        return new Finding(
                Warning.Code.INDENTATION_STYLE,
                "The replacement for '"
                        + search.file()
                        + "' is indented with "
                        + style.other().name
                        + " ("
                        + (unlike.size() == 1 ? "1 line" : unlike.size() + " lines")
                        + "), but the file is indented with "
                        + style.name
                        + ".",
                "It was written as given (" + now + " now).",
                "Indent replacements as the file does, with "
                        + style.name
                        + ": copy the indentation of the lines around them (RUN cat -A "
                        + search.file()
                        + " shows tabs as ^I).");
    }

    /** "1 '{' more than '}'" and the like. */
    private static String balance(int net, char open, char close) {
        if (net == 0) {
            return "as many '" + open + "' as '" + close + "'";
        }
        int n = Math.abs(net);
        return n
                + " '"
                + (net > 0 ? open : close)
                + "' more than '"
                + (net > 0 ? close : open)
                + "'";
    }

    private static String lines(int first, int last) {
        return first >= last ? "line " + first : "lines " + first + "-" + last;
    }

    private static int lines(String text) {
        return LikelyMistakes.lines(text);
    }
}
