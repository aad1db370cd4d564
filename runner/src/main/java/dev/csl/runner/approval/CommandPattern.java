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

    /**
     * Compares the command's words joined by single spaces (white space inside a word collapsed
     * too, so that {@code python3 -c "import os"} is approved by the entry the hint spells), on
     * word boundaries for a prefix.
     */
    boolean matches(List<String> argv) {
        String command = canonical(String.join(" ", argv));
        String entry = String.join(" ", words);
        if (!prefix) {
            return command.equals(entry);
        }
        return entry.isEmpty() || command.equals(entry) || command.startsWith(entry + " ");
    }

    private static List<String> splitWords(String entry) {
        String trimmed = entry.strip();
        return trimmed.isEmpty() ? List.of() : Arrays.asList(trimmed.split("\\s+"));
    }
}
