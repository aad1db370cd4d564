package dev.csl.runner.worker;

/**
 * Translates GNU grep's basic (BRE) and extended (ERE) regular expressions to Java's syntax: in a
 * BRE {@code \( \) \{ \} \| \+ \?} are the operators and their plain forms are literal; both accept
 * POSIX brackets ({@code [[:space:]]}) and GNU's {@code \< \> \b \w \s}.
 */
final class PosixRegex {
    private PosixRegex() {}

    static String translate(String re, boolean extended) {
        StringBuilder out = new StringBuilder();
        int n = re.length();
        for (int i = 0; i < n; i++) {
            char c = re.charAt(i);
            boolean atStart = out.length() == 0 || endsWithGroupStart(out);
            if (c == '\\' && i + 1 < n) {
                char d = re.charAt(++i);
                if (!extended && "(){}|+?".indexOf(d) >= 0) {
                    out.append(d); // the BRE operator spelled with a backslash
                } else if (d == '<') {
                    out.append("\\b(?=\\w)");
                } else if (d == '>') {
                    out.append("\\b(?<=\\w)");
                } else if ("bBwWsS".indexOf(d) >= 0 || (d >= '1' && d <= '9')) {
                    out.append('\\').append(d);
                } else if (Character.isLetterOrDigit(d)) {
                    out.append(d); // an unknown escape such as \n stands for the letter itself
                } else {
                    out.append('\\').append(d);
                }
            } else if (c == '\\') {
                out.append("\\\\");
            } else if (c == '[') {
                int end = Glob.bracketEnd(re, i);
                if (end < 0) {
                    throw new IllegalArgumentException("Unmatched [, [^, [:, [., or [=");
                }
                out.append(Brackets.translate(re.substring(i, end + 1), false));
                i = end;
            } else if (c == '*') {
                out.append(atStart ? "\\*" : "*");
            } else if (c == '^') {
                out.append(extended || atStart ? "^" : "\\^");
            } else if (c == '$') {
                boolean atEnd =
                        i == n - 1
                                || (!extended && re.startsWith("\\)", i + 1))
                                || (!extended && re.startsWith("\\|", i + 1));
                out.append(extended || atEnd ? "$" : "\\$");
            } else if ("(){}|+?".indexOf(c) >= 0) {
                if (!extended) {
                    out.append('\\').append(c);
                } else if (c == '{' && !interval(re, i)) {
                    out.append("\\{");
                } else if (c == '}' && !closesInterval(re, i)) {
                    out.append("\\}");
                } else {
                    out.append(c);
                }
            } else {
                out.append(c == ']' ? "\\]" : String.valueOf(c));
            }
        }
        return out.toString();
    }

    private static boolean endsWithGroupStart(StringBuilder out) {
        char last = out.charAt(out.length() - 1);
        return (last == '(' || last == '|')
                && (out.length() < 2 || out.charAt(out.length() - 2) != '\\');
    }

    private static boolean interval(String re, int open) {
        int close = re.indexOf('}', open);
        return close > open + 1 && re.substring(open + 1, close).matches("\\d*(,\\d*)?");
    }

    private static boolean closesInterval(String re, int close) {
        int open = re.lastIndexOf('{', close);
        return open >= 0 && interval(re, open) && re.indexOf('}', open) == close;
    }
}
