package dev.csl.bench;

import dev.csl.grammar.antlr.AnswerParser;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.Validator;

/** A plain main for a quick figure without JMH: {@code QuickMeasure [MB] [rounds]}. */
public final class QuickMeasure {
    private QuickMeasure() {}

    public static void main(String[] args) {
        int megabytes = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        String answer = Answers.generate(megabytes * 1_000_000, 42);
        long operations = 0;
        long best = Long.MAX_VALUE;
        for (int i = 0; i < rounds; i++) {
            long start = System.nanoTime();
            ParseResult result = AnswerParser.parse(answer, Delimiters.DEFAULT);
            operations = result.operations().size() + Validator.validate(result.operations()).size();
            if (!result.ok()) {
                throw new IllegalStateException(result.syntaxErrors().get(0).error());
            }
            best = Math.min(best, System.nanoTime() - start);
        }
        System.out.printf(
                "%d MB answer (%d chars, %d top-level operations): best %.1f ms = %.0f MB/s%n",
                megabytes, answer.length(), operations, best / 1e6, answer.length() / (best / 1e3));
    }
}
