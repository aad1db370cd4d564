package dev.csl.runner.worker;

import java.util.function.Predicate;
import java.util.regex.Pattern;

/** fnmatch(3)-style globs ({@code * ? [a-z] [!x]}, backslash escapes) as used by find and grep. */
final class Glob {
    private Glob() {}

    /**
     * Whether a name (or, for {@code -path}, a path) matches the glob, as {@link #compile} would
     * say. The common globs of plain characters and {@code *} ({@code '*.js'}, {@code 'mod0*.py'})
     * are matched by their pieces in order, without a regular expression; find asks for every entry
     * of a tree.
     */
    static Predicate<String> matcher(String glob, boolean ignoreCase) {
        if (!ignoreCase
                && glob.indexOf('?') < 0
                && glob.indexOf('[') < 0
                && glob.indexOf('\\') < 0) {
            String[] pieces = glob.split("\\*", -1);
            return name -> piecesMatch(pieces, name);
        }
        Pattern p = compile(glob, ignoreCase);
        return name -> p.matcher(name).matches();
    }

    /** Whether {@code name} is the pieces with anything between them (a glob's {@code *}). */
    private static boolean piecesMatch(String[] pieces, String name) {
        String first = pieces[0];
        if (pieces.length == 1) {
            return name.equals(first);
        }
        String last = pieces[pieces.length - 1];
        int end = name.length() - last.length();
        if (end < first.length() || !name.startsWith(first) || !name.endsWith(last)) {
            return false;
        }
        int at = first.length();
        for (int k = 1; k < pieces.length - 1; k++) {
            int found = name.indexOf(pieces[k], at);
            if (found < 0 || found + pieces[k].length() > end) {
                return false;
            }
            at = found + pieces[k].length();
        }
        return true;
    }

    /**
     * Compiles a glob. Without FNM_PATHNAME (find -name, -path): {@code *} also matches {@code /}
     * and a leading dot, as in GNU find.
     */
    static Pattern compile(String glob, boolean ignoreCase) {
        StringBuilder re = new StringBuilder();
        for (int i = 0; i < glob.length(); i++) {
            char c = glob.charAt(i);
            switch (c) {
                case '*' -> re.append(".*");
                case '?' -> re.append('.');
                case '\\' -> {
                    if (i + 1 < glob.length()) {
                        re.append(Pattern.quote(String.valueOf(glob.charAt(++i))));
                    } else {
                        re.append("\\\\");
                    }
                }
                case '[' -> {
                    int end = bracketEnd(glob, i);
                    if (end < 0) {
                        re.append("\\[");
                    } else {
                        re.append(Brackets.translate(glob.substring(i, end + 1), true));
                        i = end;
                    }
                }
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        int flags = Pattern.DOTALL;
        if (ignoreCase) {
            flags |= Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE;
        }
        return Pattern.compile(re.toString(), flags);
    }

    /** The index of the {@code ]} closing the bracket expression at {@code start}, or -1. */
    static int bracketEnd(String s, int start) {
        int i = start + 1;
        if (i < s.length() && (s.charAt(i) == '!' || s.charAt(i) == '^')) {
            i++;
        }
        if (i < s.length() && s.charAt(i) == ']') {
            i++;
        }
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == '[' && i + 1 < s.length() && ":.=".indexOf(s.charAt(i + 1)) >= 0) {
                int close = s.indexOf(s.charAt(i + 1) + "]", i + 2);
                if (close < 0) {
                    return -1;
                }
                i = close + 2;
                continue;
            }
            if (c == ']') {
                return i;
            }
            i++;
        }
        return -1;
    }
}
