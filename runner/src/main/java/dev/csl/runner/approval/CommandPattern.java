package dev.csl.runner.approval;

import dev.csl.runner.base.ShellWords;
import java.util.List;

/**
 * One entry of {@code .csl/commands.json}: a command's words, shell-quoted and separated by spaces
 * ({@code npm test}, {@code python3 -c 'import os'}), or such a word prefix followed by {@code "
 * *"} ({@code npm run *}), which matches the prefix followed by zero or more words. A lone {@code
 * *} matches every command. Entries compare word by word: {@code echo 'a b'} approves the argument
 * vector {@code [echo, a b]}, never {@code [echo, a, b]}.
 */
record CommandPattern(List<String> words, boolean prefix) {
    CommandPattern {
        words = List.copyOf(words);
    }

    static CommandPattern parse(String entry) {
        ShellWords.Split split = ShellWords.split(entry);
        return new CommandPattern(split.words(), split.prefix());
    }

    /**
     * The canonical spelling of an entry: its words quoted as csl shows commands, one space between
     * them.
     */
    static String canonical(String entry) {
        return ShellWords.entry(ShellWords.split(entry));
    }

    /** Whether {@code argv} is exactly these words, or, for a prefix, starts with them. */
    boolean matches(List<String> argv) {
        if (!prefix) {
            return argv.equals(words);
        }
        return argv.size() >= words.size() && argv.subList(0, words.size()).equals(words);
    }
}
