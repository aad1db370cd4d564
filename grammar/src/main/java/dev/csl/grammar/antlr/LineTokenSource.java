package dev.csl.grammar.antlr;

import dev.csl.grammar.Delimiters;
import java.util.Locale;
import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenFactory;
import org.antlr.v4.runtime.TokenSource;

/**
 * The fast line splitter in front of the ANTLR parser. Every line that starts with the start
 * delimiter becomes one token typed by its NAME; every run of other lines becomes a single TEXT
 * token. The hot loop is {@code indexOf('\n')} plus one {@code startsWith} per line: no regex, no
 * per-character work on content.
 */
final class LineTokenSource implements TokenSource {
    private final String text;
    private final String start;
    private final char startFirst;
    private final MarkerScanner scanner;
    private final FaultyBlocks faultyBlocks = new FaultyBlocks();
    private int offset;
    private int line;

    /** {@code text} must already have LF line endings; {@code from} skips a byte-order mark. */
    LineTokenSource(String text, int from, Delimiters delimiters) {
        this(text, from, 1, delimiters);
    }

    /** Reads from offset {@code from}, the start of line {@code firstLine} (error recovery). */
    LineTokenSource(String text, int from, int firstLine, Delimiters delimiters) {
        this.text = text;
        this.line = firstLine;
        this.start = delimiters.start();
        this.startFirst = start.charAt(0);
        this.scanner = new MarkerScanner(text, delimiters);
        this.offset = from;
    }

    @Override
    public Token nextToken() {
        int length = text.length();
        if (offset >= length) {
            return new LineToken(Token.EOF, line, length, length, null);
        }
        int first = offset;
        int firstLine = line;
        if (startsMarker(offset)) {
            int lineEnd = lineEnd(offset);
            MarkerLine marker = scanner.scan(offset, lineEnd);
            advancePast(lineEnd);
            int type = faultyBlocks.type(typeOf(marker), marker);
            return new LineToken(type, firstLine, first, offset, marker);
        }
        do {
            advancePast(lineEnd(offset));
        } while (offset < length && !startsMarker(offset));
        return new LineToken(CslParser.TEXT, firstLine, first, offset, null);
    }

    private boolean startsMarker(int at) {
        return text.charAt(at) == startFirst && text.startsWith(start, at);
    }

    private int lineEnd(int from) {
        int newline = text.indexOf('\n', from);
        return newline < 0 ? text.length() : newline;
    }

    private void advancePast(int lineEnd) {
        offset = lineEnd < text.length() ? lineEnd + 1 : lineEnd;
        line++;
    }

    private static int typeOf(MarkerLine marker) {
        String name = marker.name();
        if (marker.malformed()) {
            // A broken opening marker still opens its block (its error is reported where the
            // marker is live); broken END, TO and REPLACE lines close nothing.
            return opening(name, CslParser.MALFORMED);
        }
        switch (name) {
            case "TO":
                return CslParser.TO;
            case "REPLACE":
                return CslParser.REPLACE;
            case "END":
                return CslParser.END;
            default:
                // A wrong-case opening name (<---write--->) is reported as unknown but still
                // opens its block, so its END does not cascade into an "Unexpected END" too.
                int type = opening(name, CslParser.UNKNOWN);
                return type != CslParser.UNKNOWN
                        ? type
                        : opening(name.toUpperCase(Locale.ROOT), CslParser.UNKNOWN);
        }
    }

    private static int opening(String name, int otherwise) {
        switch (name) {
            case "WRITE":
                return CslParser.WRITE;
            case "RUN":
                return CslParser.RUN;
            case "SEARCH":
                return CslParser.SEARCH;
            case "TASKS":
                return CslParser.TASKS;
            default:
                return otherwise;
        }
    }

    @Override
    public int getLine() {
        return line;
    }

    @Override
    public int getCharPositionInLine() {
        return 0;
    }

    @Override
    public CharStream getInputStream() {
        return null;
    }

    @Override
    public String getSourceName() {
        return "answer";
    }

    @Override
    public void setTokenFactory(TokenFactory<?> factory) {
        // Tokens are always LineTokens: they carry offsets and the scanned marker.
    }

    @Override
    public TokenFactory<?> getTokenFactory() {
        return null;
    }
}
