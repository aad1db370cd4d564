package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.List;

/**
 * The lines of a text that are elision comments ({@link ElisionPhrases}): a whole line that is a
 * comment in any common syntax ({@code //}, {@code #}, {@code /* *&#47;}, {@code <!-- -->}, {@code
 * --}, {@code ;}, {@code %}, {@code {/* *&#47;}}, {@code {# #}}, {@code (* *)}, a {@code *} line of
 * a block comment), or a bare line of words led by an ellipsis or held in brackets ({@code ...
 * existing code ...}, {@code [rest of the file unchanged]}). Code never counts: a line with code
 * before its comment, spread syntax ({@code ...args}, {@code {...props}}) and Python's {@code ...}
 * are not comments. In markdown and text files only HTML comments and bare lines count, outside
 * fenced code blocks: a {@code #} there is a heading, and a fenced example is prose about code.
 */
final class ElisionLines {
    private ElisionLines() {}

    /**
     * An elision line.
     *
     * @param line its 1-based line in the text
     * @param text the line as written, stripped
     * @param kind an elision phrase or a lone ellipsis
     */
    record Hit(int line, String text, ElisionPhrases.Kind kind) {}

    private static final String[] OPENERS = {
        "{{!--", "<!--", "{/*", "{#", "(*", "//", "/*", "#", "--", ";;", ";", "%"
    };

    /**
     * A comment line at least this long is part of a wrapped paragraph when it ends mid-sentence.
     */
    static final int WRAPPED_LINE = 60;

    private static final String[] CLOSERS = {"--}}", "*/}", "*/", "-->", "#}", "*)"};

    /** Every elision line of {@code text}; {@code prose} for markdown and text files. */
    static List<Hit> find(String text, boolean prose) {
        List<Hit> hits = new ArrayList<>();
        boolean fenced = false;
        int lineNo = 0;
        int at = 0;
        String previous = "";
        while (at <= text.length()) {
            int end = text.indexOf('\n', at);
            if (end < 0) {
                end = text.length();
            }
            lineNo++;
            String line = text.substring(at, end);
            boolean continued = continues(previous, line);
            previous = line;
            if (prose && isFence(line)) {
                fenced = !fenced;
            } else if (!fenced && !continued) {
                ElisionPhrases.Kind kind = classify(line, prose);
                if (kind != ElisionPhrases.Kind.NONE) {
                    hits.add(new Hit(lineNo, line.strip(), kind));
                }
            }
            at = end + 1;
        }
        return hits;
    }

    /** What one line is. */
    static ElisionPhrases.Kind classify(String line, boolean prose) {
        String t = line.strip();
        if (t.isEmpty()) {
            return ElisionPhrases.Kind.NONE;
        }
        String body = commentBody(t, prose);
        if (body != null) {
            return ElisionPhrases.classify(body, false);
        }
        if (isBareCandidate(t)) {
            ElisionPhrases.Kind kind = ElisionPhrases.classify(t, true);
            // A bare ellipsis is Python's Ellipsis or an empty body, never a comment.
            return kind == ElisionPhrases.Kind.ELISION ? kind : ElisionPhrases.Kind.NONE;
        }
        return ElisionPhrases.Kind.NONE;
    }

    /**
     * The text inside the comment markers when the whole (stripped) line is a comment. Doc comment
     * lines ({@code ///}, {@code //!}, {@code /**} left open, a block comment's {@code *} lines)
     * are prose: a sentence wrapped there reads "the existing values unchanged".
     */
    static String commentBody(String t, boolean prose) {
        if (t.startsWith("///")
                || t.startsWith("//!")
                || (t.startsWith("/**") && !t.endsWith("*/"))) {
            return null;
        }
        for (String open : OPENERS) {
            if (t.startsWith(open) && (!prose || open.equals("<!--"))) {
                String body = t.substring(open.length());
                for (String close : CLOSERS) {
                    if (body.endsWith(close)) {
                        body = body.substring(0, body.length() - close.length());
                        break;
                    }
                }
                return body.strip();
            }
        }
        return null;
    }

    /**
     * A line of words, not code: led by an ellipsis ({@code ...existing code}) or wholly in
     * brackets ({@code [rest of the file unchanged]}), and free of the characters code is made of.
     * {@code ...rest,} and {@code (rest coll)} stay code: no comma, and a phrase needs two words.
     */
    private static boolean isBareCandidate(String t) {
        char first = t.charAt(0);
        boolean led = t.startsWith("...") || first == '\u2026';
        boolean bracketed = (first == '[' && t.endsWith("]")) || (first == '(' && t.endsWith(")"));
        if (!led && !bracketed) {
            return false;
        }
        for (int i = 0; i < t.length(); i++) {
            if (";={}<>\"`,#".indexOf(t.charAt(i)) >= 0) {
                return false;
            }
        }
        return t.indexOf(' ') > 0;
    }

    /**
     * True when {@code line} goes on with the sentence of the comment line before it: that line is
     * long (a wrapped paragraph), has the same marker and no closing punctuation, and this one
     * starts in lower case ("... to be processed by the" / "rest of the code.").
     */
    private static boolean continues(String previous, String line) {
        String p = previous.strip();
        if (p.length() < WRAPPED_LINE) {
            return false;
        }
        String t = line.strip();
        for (String marker : new String[] {"//", "#", "--", ";", "%"}) {
            if (p.startsWith(marker) && t.startsWith(marker + " ")) {
                String rest = t.substring(marker.length()).stripLeading();
                char last = p.charAt(p.length() - 1);
                return !rest.isEmpty()
                        && Character.isLowerCase(rest.charAt(0))
                        && (Character.isLetterOrDigit(last) || last == ',');
            }
        }
        return false;
    }

    private static boolean isFence(String line) {
        String t = line.stripLeading();
        return t.startsWith("```") || t.startsWith("~~~");
    }
}
