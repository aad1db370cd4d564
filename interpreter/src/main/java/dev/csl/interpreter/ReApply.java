package dev.csl.interpreter;

/**
 * Whether a SEARCH has been applied already (docs/language.md, "How SEARCH matches": re-applying an
 * answer is safe). Only evidence that cannot be a coincidence counts: a short or blank replacement
 * ("}", "") proves nothing, and a pattern that is still in the file, outside the replacement, means
 * work to do.
 */
final class ReApply {
    /** Replacements shorter than this (stripped) prove nothing by standing in the file. */
    static final int MIN_PROOF_CHARS = 8;

    /** Shorter replacements are proof only this long at least, with count="N", N>1. */
    private static final int MIN_PROOF_WORD = 3;

    /** How far back a range's first line is looked for its indentation. */
    private static final int MAX_LINE_WALK = 4096;

    /** What a range match says about the replacement standing at its start. */
    enum Range {
        /** The replacement does not stand there: the range is to be replaced. */
        FRESH,
        /** The replacement stands there and the range lies inside it: applied already. */
        APPLIED,
        /** The replacement stands there, and the range runs on past it. */
        OVERRUN
    }

    private ReApply() {}

    /** True when every match sits inside an occurrence of the replacement (re-applied answer). */
    static boolean insideReplacement(TextDoc doc, Matches m, String pattern, String replacement) {
        int k = replacement.indexOf(pattern);
        if (k < 0 || replacement.equals(pattern)) {
            return false;
        }
        for (int i = 0; i < m.count(); i++) {
            int at = m.starts()[i] - k;
            if (at < 0
                    || at + replacement.length() > doc.length()
                    || !doc.matchesAt(at, replacement)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Range matches, whose replacement starts with the pattern: {@link Range#APPLIED} when the
     * replacement stands at every match's start and every range either ends inside it (applying
     * again would only copy a piece of it) or runs on past it out of its block, through a line
     * indented no deeper than the range's first (the TO text, gone from the replacement, found
     * again further down); {@link Range#OVERRUN} when it stands at a match whose range runs on
     * inside the block (that could be a range meant to shrink to its first lines), or at some
     * matches and not others; {@link Range#FRESH} otherwise.
     */
    static Range range(TextDoc doc, Matches m, String pattern, String to, String replacement) {
        if (replacement.length() <= pattern.length() || !replacement.startsWith(pattern)) {
            return Range.FRESH;
        }
        int applied = 0;
        int overrun = 0;
        for (int i = 0; i < m.count(); i++) {
            int s = m.starts()[i];
            if (s + replacement.length() <= doc.length() && doc.matchesAt(s, replacement)) {
                int end = s + replacement.length();
                if (m.ends()[i] <= end || leavesBlock(doc, s, end, m.ends()[i] - to.length())) {
                    applied++;
                } else {
                    overrun++;
                }
            }
        }
        if (applied == m.count()) {
            return Range.APPLIED;
        }
        return applied + overrun > 0 ? Range.OVERRUN : Range.FRESH;
    }

    /**
     * True when a line starting in {@code [from, to)} is non-blank and indented no deeper than the
     * line holding {@code start}.
     */
    private static boolean leavesBlock(TextDoc doc, int start, int from, int to) {
        int lineStart = start;
        while (lineStart > 0 && !TextDoc.isTerminator(doc.charAt(lineStart - 1))) {
            if (start - lineStart > MAX_LINE_WALK) {
                return false; // a huge line: no block structure to judge by
            }
            lineStart--;
        }
        int depth = indentation(doc, lineStart);
        int pos = doc.lineEnd(from);
        while (pos < to) {
            int next = pos + 1;
            if (doc.charAt(pos) == '\r' && next < doc.length() && doc.charAt(next) == '\n') {
                next++;
            }
            if (next >= to) {
                return false;
            }
            int lineEnd = doc.lineEnd(next);
            int indent = indentation(doc, next);
            if (next + indent < lineEnd && indent <= depth) {
                return true;
            }
            pos = lineEnd;
        }
        return false;
    }

    /** The number of spaces and tabs that begin the line at {@code lineStart}. */
    private static int indentation(TextDoc doc, int lineStart) {
        int i = lineStart;
        while (i < doc.length() && (doc.charAt(i) == ' ' || doc.charAt(i) == '\t')) {
            i++;
        }
        return i - lineStart;
    }

    /** True when the replacement, starting with the pattern, stands where a range starts. */
    static boolean standsAt(TextDoc doc, int start, String pattern, String replacement) {
        return replacement.length() > pattern.length()
                && replacement.startsWith(pattern)
                && start + replacement.length() <= doc.length()
                && doc.matchesAt(start, replacement);
    }

    /**
     * True when the pattern is gone and the replacement stands as often as {@code count} says
     * ({@code expected}; -1 for {@code all}: at least once). A replacement of at least eight
     * characters counts wherever it stands; with {@code count="N"}, N of two or more, a shorter one
     * (three characters or more, a letter or digit among them: {@code @curry}, a renamed
     * identifier) counts where it stands as a whole line or a whole token, not inside a longer
     * word: the count is the evidence.
     */
    static boolean replacementStands(
            TextDoc doc, String replacement, long expected, boolean filter) {
        long found = timesStanding(doc, replacement, expected, filter, Math.max(expected, 1) + 1);
        return expected < 0 ? found >= 1 : found == expected;
    }

    /**
     * How often the replacement stands, counted as {@link #replacementStands} counts it (at most
     * {@code limit}); -1 when it is too short to prove anything.
     */
    static long timesStanding(
            TextDoc doc, String replacement, long expected, boolean filter, long limit) {
        String proof = replacement.strip();
        boolean longEnough = proof.length() >= MIN_PROOF_CHARS;
        if (!longEnough && !(expected >= 2 && isShortProof(proof))) {
            return -1;
        }
        long found = 0;
        for (int i = doc.indexOf(replacement, 0, filter);
                i >= 0 && found < limit;
                i = doc.indexOf(replacement, i + replacement.length(), filter)) {
            if (longEnough
                    || standsAlone(doc, i, replacement.length())
                    || isWholeLine(doc, i, replacement.length())) {
                found++;
            }
        }
        return found;
    }

    /** A short replacement that can count: no line break, three characters, a letter or digit. */
    private static boolean isShortProof(String s) {
        if (s.length() < MIN_PROOF_WORD || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (Character.isLetterOrDigit(s.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when only spaces and tabs stand between the occurrence at {@code at} and its line's
     * start and end (a cost of the blanks walked, not of the line).
     */
    private static boolean isWholeLine(TextDoc doc, int at, int length) {
        int i = at;
        while (i > 0 && !TextDoc.isTerminator(doc.charAt(i - 1))) {
            char c = doc.charAt(--i);
            if (c != ' ' && c != '\t') {
                return false;
            }
        }
        for (int j = at + length; j < doc.length() && !TextDoc.isTerminator(doc.charAt(j)); j++) {
            char c = doc.charAt(j);
            if (c != ' ' && c != '\t') {
                return false;
            }
        }
        return true;
    }

    /** True when neither neighbour of the occurrence continues a word. */
    private static boolean standsAlone(TextDoc doc, int at, int length) {
        boolean before = at == 0 || !isWordChar(doc.charAt(at - 1));
        boolean after = at + length == doc.length() || !isWordChar(doc.charAt(at + length));
        return before && after;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }
}
