package dev.csl.grammar.antlr;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.Operation;
import dev.csl.grammar.ParseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.UnbufferedTokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;

/**
 * The parser pipeline behind {@code AnswerParser}: normalize line endings, split lines into tokens,
 * parse them with the generated {@link CslParser}, build the AST. Keeps every ANTLR type inside
 * this package.
 */
final class CslFrontEnd {
    private CslFrontEnd() {}

    static ParseResult parse(String answer, Delimiters delimiters, Consumer<Operation> whenBuilt) {
        String text = Newlines.toLf(answer);
        // A byte-order mark is not part of the first line: "\uFEFF<---WRITE" is still a marker.
        int from = text.startsWith("\uFEFF") ? 1 : 0;
        Diagnostics diagnostics = new Diagnostics(delimiters);
        List<Operation> operations = new ArrayList<>();
        TreeBuilder builder = new TreeBuilder(text, delimiters.start(), diagnostics);
        // Unbuffered: tokens become garbage as soon as the parser has moved past them.
        BuildingParser parser =
                new BuildingParser(
                        new UnbufferedTokenStream<>(new LineTokenSource(text, from, delimiters)),
                        builder,
                        operations,
                        whenBuilt);
        parser.removeErrorListeners();
        parser.addErrorListener(new DiagnosticsListener(diagnostics));
        parser.answer();
        if (diagnostics.any()) {
            return new ParseResult(List.of(), diagnostics.inLineOrder(), builder.readable());
        }
        return new ParseResult(operations, List.of());
    }

    /**
     * Builds each top-level item the moment the parser leaves it, from the labels of its contexts.
     * No parse tree is kept: memory stays proportional to the AST.
     */
    private static final class BuildingParser extends CslParser {
        private final TreeBuilder builder;
        private final List<Operation> operations;
        private final Consumer<Operation> whenBuilt;

        BuildingParser(
                TokenStream input,
                TreeBuilder builder,
                List<Operation> operations,
                Consumer<Operation> whenBuilt) {
            super(input);
            this.builder = builder;
            this.operations = operations;
            this.whenBuilt = whenBuilt;
            setBuildParseTree(false);
            // Every decision of the grammar is LL(1): SLL never needs the full-context fallback.
            getInterpreter().setPredictionMode(PredictionMode.SLL);
        }

        @Override
        public void exitRule() {
            ParserRuleContext finished = _ctx;
            super.exitRule();
            if (finished instanceof TopLevelContext item) {
                Operation operation = builder.topLevel(item);
                if (operation != null) {
                    operations.add(operation);
                    whenBuilt.accept(operation);
                }
            }
        }
    }
}
