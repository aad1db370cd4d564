package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.Sizes;
import dev.csl.grammar.Search;
import dev.csl.runner.approval.CommandLimits;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The size of a SEARCH's result, checked before the result is built: a replacement repeated over
 * many matches could make a file far larger than the answer and the file together (a hundred
 * thousand matches of a one-line pattern, each replaced by a kilobyte), all of it in csl's memory.
 * Past the apply's budget ({@code searchResult} in {@code .csl/commands.json}) the SEARCH is
 * refused with {@code limit_exceeded}.
 */
final class ResultSize {
    private ResultSize() {}

    /** Refuses when replacing {@code m} in {@code doc} by {@code replacement} is too large. */
    static void check(Workspace ws, Search search, TextDoc doc, Matches m, String replacement)
            throws OpFailure {
        long limit = ws.budget().searchResultBytes();
        long kept = doc.length();
        for (int i = 0; i < m.count(); i++) {
            kept -= m.ends()[i] - m.starts()[i];
        }
        long added = (long) m.count() * replacement.length();
        // at most three UTF-8 bytes per character: most SEARCHes stop here, having counted nothing
        if (kept <= limit / 3 && added <= limit / 3 - kept) {
            return;
        }
        long size = Utf8.length(replacement, 0, replacement.length()) * m.count();
        size += doc.utf8Length(0, doc.length());
        for (int i = 0; i < m.count(); i++) {
            size -= doc.utf8Length(m.starts()[i], m.ends()[i]);
        }
        if (size <= limit) {
            return;
        }
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("limit", CommandLimits.SEARCH_RESULT);
        details.put("limitBytes", limit);
        details.put("resultBytes", size);
        details.put("found", m.count());
        throw new OpFailure(
                new ErrorInfo(
                        ErrorCode.LIMIT_EXCEEDED,
                        "SEARCH in '"
                                + search.file()
                                + "' would make a file of "
                                + Sizes.of(size)
                                + " ("
                                + m.count()
                                + (m.count() == 1 ? " match" : " matches")
                                + " replaced), over the "
                                + Sizes.of(limit)
                                + " a SEARCH result may have; it was not built and the file was"
                                + " not changed.",
                        "Replace fewer matches in one SEARCH, or WRITE the file whole; if the"
                                + " user wants larger results, they raise \"limits\": {\""
                                + CommandLimits.SEARCH_RESULT
                                + "\": MiB} in .csl/commands.json (now "
                                + (limit >> 20)
                                + ").",
                        details));
    }
}
