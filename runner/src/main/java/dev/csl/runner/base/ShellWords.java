package dev.csl.runner.base;

import java.util.ArrayList;
import java.util.List;

/**
 * Commands as a person reads and types them: an argument vector shown shell-quoted, so that the
 * shown line splits back into the same words ({@code python3 -c 'import a; b()'}), and an approval
 * entry split back into words. Two argument vectors that join to the same text ({@code [echo, a b]}
 * and {@code [echo, a, b]}) are shown differently, so one approval never covers both.
 */
public final class ShellWords {
    private ShellWords() {}

    /** An entry split into words; {@code prefix} when it ends in an unquoted {@code *} word. */
    public record Split(List<String> words, boolean prefix) {
        public Split {
            words = List.copyOf(words);
        }
    }

    /** {@code argv} shell-quoted, words separated by one space. */
    public static String join(List<String> argv) {
        StringBuilder line = new StringBuilder();
        for (String word : argv) {
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(quote(word));
        }
        return line.toString();
    }

    /**
     * A shown command inside a sentence: in single quotes ({@code 'npm test' is not approved}), or
     * in backticks when it holds quotes of its own, where single quotes around it would blur where
     * it ends.
     */
    public static String cite(String line) {
        return line.indexOf('\'') < 0 ? "'" + line + "'" : "`" + line + "`";
    }

    /**
     * One word as a POSIX shell reads it back: bare when it holds nothing a shell treats specially,
     * in single quotes otherwise, in double quotes when it holds a single quote and nothing that
     * double quotes expand; otherwise single-quoted pieces joined by {@code \'}.
     */
    public static String quote(String word) {
        if (!word.isEmpty() && isPlain(word)) {
            return word;
        }
        if (word.indexOf('\'') < 0) {
            return "'" + word + "'";
        }
        if (word.chars()
                .noneMatch(c -> c == '"' || c == '$' || c == '`' || c == '\\' || c == '!')) {
            return "\"" + word + "\"";
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }

    private static boolean isPlain(String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            boolean safe =
                    Character.isLetterOrDigit(c)
                            || "-_./=:,+@%".indexOf(c) >= 0
                            || (c > 127
                                    && !Character.isWhitespace(c)
                                    && !Character.isISOControl(c));
            if (!safe) {
                return false;
            }
        }
        return true;
    }

    /**
     * Splits an entry as a POSIX shell splits words (single quotes, double quotes, backslash; no
     * expansion), or by white space alone when its quotes are unbalanced (an entry written before
     * csl quoted commands). A last word that is an unquoted {@code *} makes the entry a prefix.
     */
    public static Split split(String entry) {
        List<String> words = new ArrayList<>();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        boolean lastQuoted = false;
        int i = 0;
        int n = entry.length();
        while (i < n) {
            char c = entry.charAt(i);
            if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
                i++;
                continue;
            }
            if (!inWord) {
                lastQuoted = false;
            }
            inWord = true;
            if (c == '\'') {
                int close = entry.indexOf('\'', i + 1);
                if (close < 0) {
                    return byWhiteSpace(entry);
                }
                word.append(entry, i + 1, close);
                lastQuoted = true;
                i = close + 1;
            } else if (c == '"') {
                i++;
                lastQuoted = true;
                boolean closed = false;
                while (i < n) {
                    char d = entry.charAt(i);
                    if (d == '"') {
                        closed = true;
                        i++;
                        break;
                    }
                    if (d == '\\' && i + 1 < n && "\"\\$`".indexOf(entry.charAt(i + 1)) >= 0) {
                        word.append(entry.charAt(i + 1));
                        i += 2;
                    } else {
                        word.append(d);
                        i++;
                    }
                }
                if (!closed) {
                    return byWhiteSpace(entry);
                }
            } else if (c == '\\' && i + 1 < n) {
                word.append(entry.charAt(i + 1));
                lastQuoted = true;
                i += 2;
            } else {
                word.append(c);
                i++;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
        return prefixed(words, !lastQuoted);
    }

    private static Split byWhiteSpace(String entry) {
        String trimmed = entry.strip();
        List<String> words =
                trimmed.isEmpty()
                        ? new ArrayList<>()
                        : new ArrayList<>(List.of(trimmed.split("\\s+")));
        return prefixed(words, true);
    }

    private static Split prefixed(List<String> words, boolean lastBare) {
        if (lastBare && !words.isEmpty() && words.get(words.size() - 1).equals("*")) {
            return new Split(words.subList(0, words.size() - 1), true);
        }
        return new Split(words, false);
    }

    /** The entry for {@code split}: its words quoted, then {@code " *"} for a prefix. */
    public static String entry(Split split) {
        String words = join(split.words());
        if (!split.prefix()) {
            return words;
        }
        return words.isEmpty() ? "*" : words + " *";
    }

    /**
     * The entry for the words a person gave {@code csl allow} or {@code deny}: one argument is an
     * entry as written ({@code 'npm run *'}, {@code 'python3 -c "import os"'}); several are the
     * command's words themselves, a last {@code *} making a prefix ({@code csl allow npm run '*'}).
     */
    public static String entryOfArguments(List<String> arguments) {
        if (arguments.size() == 1) {
            return entry(split(arguments.get(0)));
        }
        return entry(prefixed(new ArrayList<>(arguments), true));
    }

    /**
     * The arguments to give {@code csl allow} in a shell for exactly {@code argv}: the line in
     * quotes as one argument ({@code 'npm test'}) when its words need no quotes of their own,
     * otherwise the quoted words themselves ({@code python3 -c 'import os'}), after {@code --} when
     * one starts with {@code -} (csl would read it as its own option). A last word {@code *} or a
     * lone word that needs quotes keeps the one-argument form: a shell would hand csl a prefix or a
     * line to split.
     */
    public static String allowArguments(List<String> argv) {
        String line = join(argv);
        boolean plain = argv.stream().allMatch(word -> !word.isEmpty() && isPlain(word));
        boolean severalWords = argv.size() > 1 && !argv.get(argv.size() - 1).equals("*");
        if (plain) {
            return "'" + line + "'";
        }
        if (!severalWords) {
            return quote(line);
        }
        return argv.stream().anyMatch(word -> word.startsWith("-")) ? "-- " + line : line;
    }
}
