package dev.csl.grammar.antlr;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.Operation;
import dev.csl.grammar.ParseResult;
import java.util.List;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.atn.PredictionMode;

/**
 * The parser pipeline behind {@code AnswerParser}: normalize line endings, split lines into tokens,
 * parse them with the generated {@link CslParser}, build the AST. Keeps every ANTLR type inside
 * this package.
 */
public final class CslFrontEnd {
    private CslFrontEnd() {}

    public static ParseResult parse(String answer, Delimiters delimiters) {
        String text = Newlines.toLf(answer);
        // A byte-order mark is not part of the first line: "\uFEFF<---WRITE" is still a marker.
        int from = text.startsWith("\uFEFF") ? 1 : 0;
        Diagnostics diagnostics = new Diagnostics(delimiters);
        CslParser parser =
                new CslParser(new CommonTokenStream(new LineTokenSource(text, from, delimiters)));
        parser.removeErrorListeners();
        parser.addErrorListener(
                new BaseErrorListener() {
                    @Override
                    public void syntaxError(
                            Recognizer<?, ?> recognizer,
                            Object offendingSymbol,
                            int line,
                            int charPositionInLine,
                            String msg,
                            RecognitionException e) {
                        diagnostics.internal(line, msg);
                    }
                });
        // Every decision of the grammar is LL(1): SLL never needs the full-context fallback.
        parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
        TreeBuilder builder = new TreeBuilder(text, delimiters.start(), diagnostics);
        List<Operation> operations = builder.answer(parser.answer());
        if (diagnostics.any()) {
            return new ParseResult(List.of(), diagnostics.inLineOrder());
        }
        return new ParseResult(operations, List.of());
    }
}
