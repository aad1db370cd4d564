package dev.csl.cli;

import dev.csl.grammar.AnswerText;
import dev.csl.runner.base.CallContext;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads an answer given as {@code [FILE|-]}. */
final class AnswerInput {
    private AnswerInput() {}

    /** The answer as UTF-8 text (malformed bytes become U+FFFD); null or "-" is stdin. */
    static String read(CallContext call, String file) throws IOException {
        return readAnswer(call, file).text();
    }

    /** As {@link #read}, with the lines whose bytes were not UTF-8. */
    static AnswerText readAnswer(CallContext call, String file) throws IOException {
        if (file == null || file.equals("-")) {
            return AnswerText.decode(call.in().readAllBytes());
        }
        Path path = call.resolve(file);
        if (Files.isDirectory(path)) {
            throw new IOException("is a directory");
        }
        return AnswerText.decode(Files.readAllBytes(path));
    }

    /**
     * True when no FILE was named and standard input is a terminal: reading it would wait silently
     * for typing. An explicit "-" still reads the terminal (type, then Ctrl-D).
     */
    static boolean waitsForTyping(CallContext call, String file) {
        return file == null && call.terminal().get().stdin();
    }

    /**
     * What to say instead of waiting: the command's usage in one line, and how to give an answer.
     */
    static String noAnswerMessage(String command) {
        return "csl "
                + command
                + ": no answer given. Name the answer file (csl "
                + command
                + " answer.md), or pipe it in (... | csl "
                + command
                + " -). Options: csl "
                + command
                + " --help";
    }

    /** Why an answer could not be read, in a user's words ("no such file", not the bare path). */
    static String reason(Exception e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    static String displayName(String file) {
        return file == null || file.equals("-") ? "<stdin>" : file;
    }
}
