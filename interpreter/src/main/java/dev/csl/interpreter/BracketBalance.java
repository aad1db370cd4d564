package dev.csl.interpreter;

import java.util.Locale;
import java.util.Map;

/**
 * How far a text's brackets are from balanced, per kind ({@code {}}, {@code ()}, {@code []}), in a
 * language that uses them, with strings, character literals and comments skipped approximately by
 * the file's extension. The net count of a replacement is compared with the net count of the text
 * it replaces ({@code unbalanced_replacement}): a REPLACE that drops a method's closing {@code }}
 * or doubles one changes it, a correct edit does not.
 */
final class BracketBalance {
    private BracketBalance() {}

    static final String OPEN = "{([";
    static final String CLOSE = "})]";

    /** How the language writes comments and strings. */
    enum Syntax {
        /** {@code //}, {@code /* *&#47;}; {@code "} strings; {@code '} a character literal. */
        C_CHAR("//", true, false, false),
        /** {@code //}, {@code /* *&#47;}; {@code "}, {@code '} and {@code `} strings. */
        C_STRING("//", true, true, true),
        /** {@code #}; {@code '}, {@code "} and triple-quoted strings. */
        PYTHON("#", false, true, false),
        /** {@code #}; {@code '} and {@code "} strings. */
        HASH("#", false, true, false),
        /** {@code --}, {@code /* *&#47;}; {@code '} and {@code "} strings. */
        DASHES("--", true, true, false),
        /** {@code ;}; {@code "} strings. */
        LISP(";", false, false, false),
        /** {@code %}; {@code "} strings. */
        PERCENT("%", false, false, false);

        final String lineComment;
        final boolean blockComments;
        final boolean singleQuoteStrings;
        final boolean backtickStrings;

        Syntax(
                String lineComment,
                boolean blockComments,
                boolean singleQuoteStrings,
                boolean backtickStrings) {
            this.lineComment = lineComment;
            this.blockComments = blockComments;
            this.singleQuoteStrings = singleQuoteStrings;
            this.backtickStrings = backtickStrings;
        }
    }

    private static final Map<String, Syntax> BY_EXTENSION =
            Map.ofEntries(
                    Map.entry("java", Syntax.C_CHAR),
                    Map.entry("c", Syntax.C_CHAR),
                    Map.entry("h", Syntax.C_CHAR),
                    Map.entry("cc", Syntax.C_CHAR),
                    Map.entry("cpp", Syntax.C_CHAR),
                    Map.entry("cxx", Syntax.C_CHAR),
                    Map.entry("hpp", Syntax.C_CHAR),
                    Map.entry("hh", Syntax.C_CHAR),
                    Map.entry("cs", Syntax.C_CHAR),
                    Map.entry("rs", Syntax.C_CHAR),
                    Map.entry("go", Syntax.C_CHAR),
                    Map.entry("kt", Syntax.C_CHAR),
                    Map.entry("kts", Syntax.C_CHAR),
                    Map.entry("scala", Syntax.C_CHAR),
                    Map.entry("swift", Syntax.C_CHAR),
                    Map.entry("m", Syntax.C_CHAR),
                    Map.entry("mm", Syntax.C_CHAR),
                    Map.entry("zig", Syntax.C_CHAR),
                    Map.entry("proto", Syntax.C_CHAR),
                    Map.entry("js", Syntax.C_STRING),
                    Map.entry("jsx", Syntax.C_STRING),
                    Map.entry("mjs", Syntax.C_STRING),
                    Map.entry("cjs", Syntax.C_STRING),
                    Map.entry("ts", Syntax.C_STRING),
                    Map.entry("tsx", Syntax.C_STRING),
                    Map.entry("mts", Syntax.C_STRING),
                    Map.entry("cts", Syntax.C_STRING),
                    Map.entry("json", Syntax.C_STRING),
                    Map.entry("jsonc", Syntax.C_STRING),
                    Map.entry("json5", Syntax.C_STRING),
                    Map.entry("css", Syntax.C_STRING),
                    Map.entry("scss", Syntax.C_STRING),
                    Map.entry("less", Syntax.C_STRING),
                    Map.entry("php", Syntax.C_STRING),
                    Map.entry("dart", Syntax.C_STRING),
                    Map.entry("groovy", Syntax.C_STRING),
                    Map.entry("gradle", Syntax.C_STRING),
                    Map.entry("sol", Syntax.C_STRING),
                    Map.entry("py", Syntax.PYTHON),
                    Map.entry("pyi", Syntax.PYTHON),
                    Map.entry("rb", Syntax.HASH),
                    Map.entry("r", Syntax.HASH),
                    Map.entry("jl", Syntax.HASH),
                    Map.entry("pl", Syntax.HASH),
                    Map.entry("pm", Syntax.HASH),
                    Map.entry("ex", Syntax.HASH),
                    Map.entry("exs", Syntax.HASH),
                    Map.entry("nim", Syntax.HASH),
                    Map.entry("sql", Syntax.DASHES),
                    Map.entry("lua", Syntax.DASHES),
                    Map.entry("hs", Syntax.DASHES),
                    Map.entry("elm", Syntax.DASHES),
                    Map.entry("clj", Syntax.LISP),
                    Map.entry("cljs", Syntax.LISP),
                    Map.entry("cljc", Syntax.LISP),
                    Map.entry("edn", Syntax.LISP),
                    Map.entry("el", Syntax.LISP),
                    Map.entry("lisp", Syntax.LISP),
                    Map.entry("scm", Syntax.LISP),
                    Map.entry("rkt", Syntax.LISP),
                    Map.entry("erl", Syntax.PERCENT),
                    Map.entry("tex", Syntax.PERCENT));

    /**
     * The syntax of {@code file} by its extension, or null for a file whose language does not
     * balance these brackets (markdown, YAML, HTML, shell: a {@code case} arm ends in a lone {@code
     * )}).
     */
    static Syntax of(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? null : BY_EXTENSION.get(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    /** Openings minus closings of each kind, in the order of {@link #OPEN}. */
    static int[] net(String text, Syntax syntax) {
        int[] net = new int[3];
        int n = text.length();
        int i = 0;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (text.startsWith(syntax.lineComment, i)) {
                i = lineEnd(text, i);
            } else if (syntax.blockComments && text.startsWith("/*", i)) {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
            } else if (syntax == Syntax.PYTHON
                    && (text.startsWith("\"\"\"", i) || text.startsWith("'''", i))) {
                int end = text.indexOf(text.substring(i, i + 3), i + 3);
                i = end < 0 ? n : end + 3;
            } else if (c == '"' || (c == '\'' && syntax.singleQuoteStrings)) {
                i = stringEnd(text, i, c, false);
            } else if (c == '`' && syntax.backtickStrings) {
                i = stringEnd(text, i, c, true);
            } else if (c == '\'' && syntax == Syntax.C_CHAR) {
                i = charLiteralEnd(text, i);
            } else {
                int open = OPEN.indexOf(c);
                int close = CLOSE.indexOf(c);
                if (open >= 0) {
                    net[open]++;
                } else if (close >= 0) {
                    net[close]--;
                }
                i++;
            }
        }
        return net;
    }

    private static int lineEnd(String text, int from) {
        int end = text.indexOf('\n', from);
        return end < 0 ? text.length() : end;
    }

    /**
     * Past the string opened at {@code from}: its closing quote, or where it could not be closed
     * (the line's end; the text's end for a multi-line kind), when the quote is taken as plain.
     */
    private static int stringEnd(String text, int from, char quote, boolean multiLine) {
        int limit = multiLine ? text.length() : lineEnd(text, from);
        for (int i = from + 1; i < limit; i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return i + 1;
            }
        }
        // Unclosed on its line: an apostrophe in prose, or a string the match cut; plain.
        return from + 1;
    }

    /** {@code 'x'} or {@code '\n'} is a literal; a Rust lifetime {@code 'a} is not. */
    private static int charLiteralEnd(String text, int from) {
        int limit = Math.min(lineEnd(text, from), from + 12);
        if (from + 2 < limit && text.charAt(from + 1) != '\\' && text.charAt(from + 2) == '\'') {
            return from + 3;
        }
        if (from + 1 < limit && text.charAt(from + 1) == '\\') {
            for (int i = from + 3; i < limit; i++) {
                if (text.charAt(i) == '\'') {
                    return i + 1;
                }
            }
        }
        return from + 1;
    }
}
