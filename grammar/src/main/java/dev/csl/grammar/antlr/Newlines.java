package dev.csl.grammar.antlr;

/** CRLF and CR become LF before anything else (docs/language.md, "Content"). */
final class Newlines {
    private Newlines() {}

    static String toLf(String text) {
        int cr = text.indexOf('\r');
        if (cr < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        out.append(text, 0, cr);
        for (int i = cr; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\r') {
                out.append('\n');
                if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
