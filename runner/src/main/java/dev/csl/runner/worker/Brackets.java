package dev.csl.runner.worker;

import java.util.Map;

/** Translates a POSIX bracket expression ({@code [[:alpha:]_-]}, {@code [!a]}) to Java regex. */
final class Brackets {
    private Brackets() {}

    private static final Map<String, String> CLASSES =
            Map.ofEntries(
                    Map.entry("alpha", "\\p{Alpha}"),
                    Map.entry("digit", "0-9"),
                    Map.entry("alnum", "\\p{Alnum}"),
                    Map.entry("upper", "\\p{Upper}"),
                    Map.entry("lower", "\\p{Lower}"),
                    Map.entry("space", "\\s\\x0B"),
                    Map.entry("blank", " \\t"),
                    Map.entry("punct", "\\p{Punct}"),
                    Map.entry("print", "\\p{Print}"),
                    Map.entry("graph", "\\p{Graph}"),
                    Map.entry("cntrl", "\\p{Cntrl}"),
                    Map.entry("xdigit", "0-9A-Fa-f"));

    /**
     * Translates {@code bracket} (from its {@code [} to its {@code ]}). In a glob, {@code !}
     * negates like {@code ^}. Backslash is an ordinary character inside POSIX brackets.
     */
    static String translate(String bracket, boolean glob) {
        StringBuilder re = new StringBuilder("[");
        int i = 1;
        int end = bracket.length() - 1;
        if (i < end && (bracket.charAt(i) == '^' || (glob && bracket.charAt(i) == '!'))) {
            re.append('^');
            i++;
        }
        boolean firstChar = true;
        for (; i < end; i++) {
            char c = bracket.charAt(i);
            if (c == '[' && i + 1 < end && bracket.charAt(i + 1) == ':') {
                int close = bracket.indexOf(":]", i + 2);
                String name = bracket.substring(i + 2, close);
                String cls = CLASSES.get(name);
                if (cls == null) {
                    throw new IllegalArgumentException("invalid character class [:" + name + ":]");
                }
                re.append(cls);
                i = close + 1;
            } else if (c == '['
                    && i + 1 < end
                    && (bracket.charAt(i + 1) == '.' || bracket.charAt(i + 1) == '=')) {
                char kind = bracket.charAt(i + 1);
                int close = bracket.indexOf(kind + "]", i + 2);
                re.append(escape(bracket.substring(i + 2, close)));
                i = close + 1;
            } else if (c == '-' && !firstChar && i + 1 < end) {
                re.append('-');
            } else {
                re.append(escape(String.valueOf(c)));
            }
            firstChar = false;
        }
        return re.append(']').toString();
    }

    private static String escape(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            if ("\\[]^&-".indexOf(c) >= 0) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }
}
