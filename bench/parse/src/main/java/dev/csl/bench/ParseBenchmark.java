package dev.csl.bench;

import dev.csl.grammar.antlr.AnswerParser;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.Validator;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/** Warm parse + validate of generated answers; MB/s = size / (ms/op). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ParseBenchmark {
    @Param({"1", "10"})
    public int megabytes;

    private String answer;

    @Setup
    public void generate() {
        answer = Answers.generate(megabytes * 1_000_000, 42);
    }

    @Benchmark
    public void parseAndValidate(Blackhole blackhole) {
        ParseResult result = AnswerParser.parse(answer, Delimiters.DEFAULT);
        if (!result.ok()) {
            throw new IllegalStateException("generated answer has syntax errors");
        }
        blackhole.consume(Validator.validate(result.operations()));
    }
}
