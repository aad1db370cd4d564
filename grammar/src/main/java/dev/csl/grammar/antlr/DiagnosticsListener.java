package dev.csl.grammar.antlr;

import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;

/** Turns ANTLR's own syntax errors into csl's diagnostics instead of console output. */
final class DiagnosticsListener extends BaseErrorListener {
    private final Diagnostics diagnostics;

    DiagnosticsListener(Diagnostics diagnostics) {
        this.diagnostics = diagnostics;
    }

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
}
