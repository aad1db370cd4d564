package dev.csl.cli;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.ValidationError;
import dev.csl.grammar.Validator;
import dev.csl.grammar.antlr.AnswerParser;
import dev.csl.runner.base.CallContext;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code csl parse [FILE|-] [--json] [--start-delimiter S --end-delimiter E]} (README, "Using it").
 */
@Command(
        name = "parse",
        mixinStandardHelpOptions = true,
        description = "Checks the CSL syntax of an answer and prints its operations.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {
            "0:no syntax or validation errors",
            "1:validation errors",
            "2:usage error (bad option, unreadable input)",
            "3:CSL syntax error"
        })
final class ParseCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "FILE",
            description = "The answer to parse; '-' or none reads standard input.")
    String file;

    @Option(names = "--json", description = "Print one JSON document (AST and errors).")
    boolean json;

    @Mixin DelimiterOptions delimiterOptions = new DelimiterOptions();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Delimiters delimiters;
        try {
            delimiters = new Delimiters(delimiterOptions.start, delimiterOptions.end);
        } catch (IllegalArgumentException e) {
            return JsonUsage.run(
                    "parse",
                    json,
                    out,
                    err,
                    e2 -> {
                        e2.println("csl parse: " + e.getMessage());
                        return ExitCodes.USAGE;
                    });
        }
        return run(CslCommand.call(spec), file, json, delimiters, out, err);
    }

    /** What {@code csl parse} does once its options are read (also {@link Main}'s fast path). */
    static int run(
            CallContext call,
            String file,
            boolean json,
            Delimiters delimiters,
            PrintWriter out,
            PrintWriter err) {
        return run(call, file, json, delimiters, out, new AsciiToWriter(out), err);
    }

    /**
     * As above; the JSON document goes to {@code jsonOut} as bytes (it is pure ASCII), which the
     * fast path points at standard output itself rather than through a character encoder.
     */
    static int run(
            CallContext call,
            String file,
            boolean json,
            Delimiters delimiters,
            PrintWriter out,
            java.io.OutputStream jsonOut,
            PrintWriter err) {
        return JsonUsage.run(
                "parse", json, out, err, e -> parse(call, file, json, delimiters, out, jsonOut, e));
    }

    private static int parse(
            CallContext call,
            String file,
            boolean json,
            Delimiters delimiters,
            PrintWriter out,
            java.io.OutputStream jsonOut,
            PrintWriter err) {
        if (AnswerInput.waitsForTyping(call, file)) {
            err.println(AnswerInput.noAnswerMessage("parse"));
            return ExitCodes.USAGE;
        }
        String text;
        try {
            text = AnswerInput.read(call, file);
        } catch (IOException | java.nio.file.InvalidPathException e) {
            err.println(
                    "csl parse: cannot read "
                            + AnswerInput.displayName(file)
                            + ": "
                            + AnswerInput.reason(e));
            return ExitCodes.USAGE;
        }
        ParseResult result;
        List<ValidationError> validationErrors;
        if (json) {
            try {
                StreamedParseJson.Parsed parsed =
                        StreamedParseJson.write(text, delimiters, jsonOut);
                jsonOut.write(System.lineSeparator().getBytes(StandardCharsets.US_ASCII));
                jsonOut.flush();
                result = parsed.result();
                validationErrors = parsed.validationErrors();
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        } else {
            result = AnswerParser.parse(text, delimiters);
            validationErrors = result.ok() ? Validator.validate(result.operations()) : List.of();
            new ParseReport(out, AnswerInput.displayName(file)).print(result, validationErrors);
            out.flush();
        }
        if (!result.ok()) {
            return ExitCodes.SYNTAX_ERROR;
        }
        return validationErrors.isEmpty() ? ExitCodes.OK : ExitCodes.FAILED;
    }

    /** The JSON document's ASCII bytes onto a writer (picocli's, which tests capture). */
    private static final class AsciiToWriter extends java.io.OutputStream {
        private final PrintWriter out;

        AsciiToWriter(PrintWriter out) {
            this.out = out;
        }

        @Override
        public void write(int b) {
            out.write(b & 0xff);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            out.write(new String(b, off, len, StandardCharsets.ISO_8859_1));
        }

        @Override
        public void flush() {
            out.flush();
        }
    }
}
