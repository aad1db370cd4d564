package dev.csl.runner.approval;

import java.util.Arrays;
import java.util.List;

/**
 * One entry of {@code .csl/commands.json}: a command's words joined by single spaces ({@code npm
 * test}), or such a word prefix followed by {@code " *"} ({@code npm run *}), which matches the
 * prefix followed by zero or more words. A lone {@code *} matches every command.
 */
record CommandPattern(List<String> words, boolean prefix) {
    CommandPattern {
        words = List.copyOf(words);
    }

    static CommandPattern parse(String entry) {
        List<String> words = splitWords(entry);
        if (!words.isEmpty() && words.get(words.size() - 1).equals("*")) {
            return new CommandPattern(words.subList(0, words.size() - 1), true);
        }
        return new CommandPattern(words, false);
    }

    /** The canonical spelling of an entry: words split on white space, joined by one space. */
    static String canonical(String entry) {
        return String.join(" ", splitWords(entry));
    }

    boolean matches(List<String> argv) {
        if (prefix) {
            return argv.size() >= words.size() && argv.subList(0, words.size()).equals(words);
        }
        return argv.equals(words);
    }

    private static List<String> splitWords(String entry) {
        String trimmed = entry.strip();
        return trimmed.isEmpty() ? List.of() : Arrays.asList(trimmed.split("\\s+"));
    }
}
