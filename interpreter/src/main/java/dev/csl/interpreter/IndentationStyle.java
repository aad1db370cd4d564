package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Whether a file is indented with tabs or with spaces, and which lines of a replacement are
 * indented the other way ({@code indentation_style}): a tab-indented REPLACE in a space-indented
 * file lands without a word otherwise, and in Python or YAML it changes what the file means.
 */
final class IndentationStyle {
    private IndentationStyle() {}

    /** How a file indents. */
    enum Style {
        TABS("tabs", '\t'),
        SPACES("spaces", ' '),
        /** Too few indented lines, or both kinds: nothing to compare with. */
        UNKNOWN("", '\0');

        final String name;
        final char indent;

        Style(String name, char indent) {
            this.name = name;
            this.indent = indent;
        }

        Style other() {
            return this == TABS ? SPACES : this == SPACES ? TABS : UNKNOWN;
        }
    }

    /** At least this many indented lines before a file has a style. */
    static final int MIN_INDENTED_LINES = 3;

    /** Of the indented lines, the share (in percent) one kind needs to be the file's style. */
    static final int DOMINANT_PERCENT = 95;

    /**
     * The file's style: the kind that starts at least 95% of its indented lines (a lone space
     * before {@code *} is a block comment's margin, not indentation).
     */
    static Style of(String text) {
        int tabs = 0;
        int spaces = 0;
        int at = 0;
        while (at < text.length()) {
            int end = text.indexOf('\n', at);
            if (end < 0) {
                end = text.length();
            }
            switch (kind(text, at, end)) {
                case TABS -> tabs++;
                case SPACES -> spaces++;
                default -> {}
            }
            at = end + 1;
        }
        int total = tabs + spaces;
        if (total < MIN_INDENTED_LINES) {
            return Style.UNKNOWN;
        }
        if (tabs * 100 >= total * DOMINANT_PERCENT) {
            return Style.TABS;
        }
        return spaces * 100 >= total * DOMINANT_PERCENT ? Style.SPACES : Style.UNKNOWN;
    }

    /**
     * The 1-based lines of {@code replacement} indented with {@code fileStyle}'s other kind, except
     * lines {@code replaced} holds as they are (copied, not re-indented).
     */
    static List<Integer> unlike(String replacement, String replaced, Style fileStyle) {
        List<Integer> out = new ArrayList<>();
        if (fileStyle == Style.UNKNOWN) {
            return out;
        }
        Set<String> held = null;
        String[] lines = replacement.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (kind(lines[i], 0, lines[i].length()) == fileStyle.other()) {
                if (held == null) {
                    held = new HashSet<>(List.of(replaced.split("\n", -1)));
                }
                if (!held.contains(lines[i])) {
                    out.add(i + 1);
                }
            }
        }
        return out;
    }

    /**
     * False for files whose format needs both kinds (a Makefile's recipes are tab-indented whatever
     * the rest is) or where a tab is data.
     */
    static boolean applies(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        return !(name.equals("makefile")
                || name.equals("gnumakefile")
                || name.endsWith(".mk")
                || name.endsWith(".mak")
                || name.endsWith(".tsv")
                || name.endsWith(".patch")
                || name.endsWith(".diff"));
    }

    /** How the line {@code text[from, to)} is indented. */
    private static Style kind(String text, int from, int to) {
        if (from >= to) {
            return Style.UNKNOWN;
        }
        char first = text.charAt(from);
        int i = from;
        while (i < to && (text.charAt(i) == ' ' || text.charAt(i) == '\t')) {
            i++;
        }
        if (i == from || i >= to || text.charAt(i) == '\r') {
            return Style.UNKNOWN;
        }
        if (first == '\t') {
            return Style.TABS;
        }
        boolean margin = i - from == 1 && text.charAt(i) == '*';
        return margin || i - from < 2 ? Style.UNKNOWN : Style.SPACES;
    }
}
