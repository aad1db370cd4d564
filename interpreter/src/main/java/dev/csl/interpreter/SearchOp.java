package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Search;

/**
 * SEARCH: plain or range matches, non-overlapping, counted against {@code count}; CRLF-insensitive
 * (the pattern takes the file's line endings); all matches replaced; a failure explains itself and
 * changes nothing. The ways of matching are {@link SearchSteps}, the explanations {@link
 * SearchMisses}.
 */
final class SearchOp {
    private static final int FILTER_FROM_CHARS = 1 << 20;

    private SearchOp() {}

    static Outcome run(Workspace ws, Search search, String task) throws OpFailure {
        return run(ws, search, task, false, false);
    }

    /** With {@code --fuzzy=whitespace} ({@code fuzzy}) and {@code --strict}. */
    static Outcome run(Workspace ws, Search search, String task, boolean fuzzy, boolean strict)
            throws OpFailure {
        String file = search.file();
        FileState state;
        try {
            state = ws.open(file);
        } catch (OpFailure f) {
            throw NearestPath.withNearest(ws, file, f);
        }
        Content before = state.current;
        if (!before.exists()) {
            String nearest = NearestPath.named(NearestPath.candidates(ws.files(), file));
            throw new OpFailure(
                    ErrorCode.FILE_NOT_FOUND,
                    "SEARCH file '"
                            + file
                            + "' does not exist ("
                            + state.path.resolved()
                            + "). Nothing was changed.",
                    nearest.isEmpty()
                            ? "Check the path (RUN find . -name "
                                    + baseName(file)
                                    + "); SEARCH edits a file that exists."
                            : nearest);
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
        SearchAttempt a =
                new SearchAttempt(ws, state, before, doc, search, task, fuzzy, strict, filter);
        firstMatches(a, before.endings());
        Outcome landed = SearchSteps.run(a);
        if (landed != null) {
            return landed;
        }
        throw new OpFailure(SearchMisses.explain(a));
    }

    private static String baseName(String file) {
        String f = file.replace('\\', '/');
        return f.substring(f.lastIndexOf('/') + 1);
    }

    /**
     * The exact matches with the file's dominant line ending, or in a file that mixes them, with
     * the first other ending that finds any.
     */
    private static void firstMatches(SearchAttempt a, LineEndings endings) {
        a.nl = endings.dominant();
        a.matches = a.exact(a.nl);
        if (a.matches.count() == 0 && endings.mixed()) {
            for (String other : new String[] {"\n", "\r\n", "\r"}) {
                if (!other.equals(a.nl)) {
                    Matches alt = a.exact(other);
                    if (alt.count() > 0) {
                        a.matches = alt;
                        a.nl = other;
                        break;
                    }
                }
            }
        }
    }
}
