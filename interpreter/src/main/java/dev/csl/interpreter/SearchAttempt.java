package dev.csl.interpreter;

import dev.csl.grammar.Search;

/**
 * One SEARCH as its match steps see it: the file, the block, the line ending the pattern was
 * translated to, the count expected, and the matches found so far ({@link #matches}, {@link #how}
 * say how the last step that found any found them; the explanation of a failure reads them).
 */
final class SearchAttempt {
    final Workspace ws;
    final FileState state;
    final Content before;
    final TextDoc doc;
    final Search search;
    final String task;
    final boolean fuzzy;
    final boolean strict;
    final boolean filter;

    /** -1 for {@code count="all"}. */
    final long expected;

    String nl;
    Matches matches;

    /** How the matches were found, in words to append to "found N": empty for exact matches. */
    String how = "";

    SearchAttempt(
            Workspace ws,
            FileState state,
            Content before,
            TextDoc doc,
            Search search,
            String task,
            boolean fuzzy,
            boolean strict,
            boolean filter) {
        this.ws = ws;
        this.state = state;
        this.before = before;
        this.doc = doc;
        this.search = search;
        this.task = task;
        this.fuzzy = fuzzy;
        this.strict = strict;
        this.filter = filter;
        this.expected = expectedCount(search);
    }

    String file() {
        return search.file();
    }

    /** The pattern with the file's line endings. */
    String pattern() {
        return LineEndings.translate(search.pattern(), nl);
    }

    /** The TO text with the file's line endings, or null without TO. */
    String to() {
        return search.hasTo() ? LineEndings.translate(search.to(), nl) : null;
    }

    /** The replacement with the file's line endings. */
    String replacement() {
        return LineEndings.translate(search.replacement(), nl);
    }

    boolean countFits(Matches m) {
        return expected < 0 ? m.count() >= 1 : m.count() == expected;
    }

    Outcome alreadyApplied() {
        return Outcome.alreadyApplied(state, before);
    }

    /** The exact matches with line ending {@code nl}. */
    Matches exact(String nl) {
        String p = LineEndings.translate(search.pattern(), nl);
        String t = search.hasTo() ? LineEndings.translate(search.to(), nl) : null;
        return ExactMatcher.find(doc, p, t, filter);
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
}
