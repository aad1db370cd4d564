package dev.csl.cli;

import dev.csl.grammar.AnswerText;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.SyntaxError;
import dev.csl.grammar.antlr.AnswerParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What {@code csl watch} does with one saved content of FILE, decided before anything runs: the
 * answer below watch's result section, parsed; which of its blocks run (those that did not succeed
 * when the same answer was saved before, unless {@code --force}); or why nothing runs.
 *
 * @param content the bytes read from FILE
 * @param answer the answer below the result section, with \n line endings
 * @param linesAbove lines of the result section (and its blank line) above the answer in FILE
 * @param invalidLines lines of {@code answer} that are not UTF-8
 * @param blocks the answer's identity ({@link BlocksIdentity#of})
 * @param keys the identity of each block, in answer order (none with syntax errors)
 * @param done indexes of blocks that succeeded when this answer was saved before
 * @param nothingToDo why nothing runs (said instead of applying), or null
 */
record WatchPlan(
        byte[] content,
        String answer,
        int linesAbove,
        List<Integer> invalidLines,
        ParseResult parsed,
        String blocks,
        List<String> keys,
        Set<Integer> done,
        String nothingToDo) {

    /**
     * The plan for {@code content}, or null when it holds no answer yet (blank below the result).
     * {@code before}: what was remembered of the last answer applied from FILE.
     */
    static WatchPlan of(
            byte[] content, Delimiters delimiters, WatchMemory.Remembered before, String name) {
        AnswerText decoded = AnswerText.decode(content);
        String answer = WatchSummary.strip(decoded.text());
        if (answer.isBlank()) {
            return null;
        }
        int above = lines(decoded.text()) - lines(answer);
        List<Integer> invalid = new ArrayList<>();
        for (int line : decoded.invalidLines()) {
            if (line > above) {
                invalid.add(line - above);
            }
        }
        answer = answer.replace("\r\n", "\n").replace('\r', '\n');
        ParseResult parsed = AnswerParser.parse(answer, delimiters);
        String blocks = BlocksIdentity.of(parsed);
        if (!before.answer().equals(blocks)) {
            before = WatchMemory.Remembered.NONE; // a new answer: all of its blocks run
        }
        List<String> keys = parsed.ok() ? BlocksIdentity.keys(parsed.operations()) : List.of();
        Set<Integer> done = new TreeSet<>();
        for (int i = 0; i < keys.size(); i++) {
            if (before.succeeded(keys.get(i))) {
                done.add(i);
            }
        }
        String nothing = null;
        if (!before.answer().isEmpty() && (!parsed.ok() || done.size() == keys.size())) {
            nothing =
                    "unchanged blocks in "
                            + name
                            + ": nothing applied"
                            + (parsed.ok()
                                    ? " (each succeeded before; --force applies them again)"
                                    : "");
        }
        return new WatchPlan(
                content, answer, above, invalid, parsed, blocks, keys, Set.copyOf(done), nothing);
    }

    /**
     * True when every block of the saved content is closed (or it holds no block): a save still
     * under way leaves the last block open, and is not processed before it settles.
     */
    static boolean complete(byte[] content, Delimiters delimiters) {
        String answer = WatchSummary.strip(AnswerText.decode(content).text());
        if (answer.isBlank()) {
            return false;
        }
        ParseResult parsed = AnswerParser.parse(answer.replace("\r\n", "\n"), delimiters);
        for (SyntaxError e : parsed.syntaxErrors()) {
            if (e.error().matches("Line \\d+: Unterminated \\S+ operation")) {
                return false;
            }
        }
        return true;
    }

    /** The blocks that succeeded before, by their lines in the answer. */
    List<Integer> doneLines() {
        List<Integer> lines = new ArrayList<>();
        for (int i : new TreeSet<>(done)) {
            lines.add(parsed.operations().get(i).line());
        }
        return lines;
    }

    /** What runs: the whole answer, or it without the blocks that succeeded before. */
    String toRun() {
        return done.isEmpty()
                ? answer
                : BlocksIdentity.without(answer, parsed.operations(), new TreeSet<>(done));
    }

    static int lines(String text) {
        return (int) text.chars().filter(c -> c == '\n').count();
    }
}
