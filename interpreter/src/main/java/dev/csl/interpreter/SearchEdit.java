package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.List;

/**
 * A SEARCH's replacement of its matches: refused as {@code partial_line_match} where the result
 * would be indented unlike its first line, or with {@code --fuzzy=whitespace} re-indented.
 */
final class SearchEdit {
    private SearchEdit() {}

    static Outcome replace(SearchAttempt a, Matches m, List<Warning> warnings) throws OpFailure {
        var search = a.search;
        String to = search.hasTo() ? search.to() : null;
        ResultSize.check(a.ws, search, a.doc, m, LineEndings.translate(search.replacement(), a.nl));
        PartialLine partial =
                PartialLine.find(a.doc, m, search.pattern(), to, search.replacement());
        List<Warning> all = new ArrayList<>(warnings);
        all.addAll(ReplacementChecks.check(a.doc, m, search, a.strict));
        TextDoc next;
        if (partial == null) {
            next = replaceAsLines(a, m);
        } else if (a.fuzzy && !a.strict) {
            String[] each = new String[m.count()];
            for (int i = 0; i < each.length; i++) {
                each[i] =
                        PartialLine.reindent(
                                a.doc,
                                m.starts()[i],
                                search.pattern(),
                                to,
                                search.replacement(),
                                a.nl);
            }
            next = a.doc.replace(m.starts(), m.ends(), each);
            all.add(partial.reindented(search.file(), search.line()));
        } else {
            throw new OpFailure(partial.refusal(search.file()));
        }
        a.ws.change(a.state, a.before.withDoc(next), a.task);
        return Outcome.replaced(m.count(), a.state, a.before, all);
    }

    /**
     * The replacement written over each match as lines ({@link LineModel}): deleted whole lines go
     * with their line break, and replacement lines stay lines.
     */
    private static TextDoc replaceAsLines(SearchAttempt a, Matches m) {
        String replacement = a.replacement();
        if (replacement.isEmpty()) {
            Matches gone = LineModel.deletion(a.doc, m);
            return a.doc.replace(gone.starts(), gone.ends(), "");
        }
        String[] each = new String[m.count()];
        for (int i = 0; i < each.length; i++) {
            each[i] = LineModel.asLines(a.doc, m.starts()[i], m.ends()[i], replacement, a.nl);
        }
        return a.doc.replace(m.starts(), m.ends(), each);
    }
}
