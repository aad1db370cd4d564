package dev.csl.grammar.antlr;

import org.antlr.v4.runtime.CharStream;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenSource;

/**
 * One marker line, or one run of other lines, of the normalized answer. Offsets point into the
 * answer text, so content is cut out by {@code substring} and never copied line by line. A slim
 * {@link Token} of its own rather than a CommonToken: answers have tens of thousands of them.
 */
final class LineToken implements Token {
    private final int type;
    private final int line;
    private final int firstOffset;
    private final int nextOffset;
    private final MarkerLine marker;

    /**
     * @param firstOffset offset of the first character of the first line
     * @param nextOffset offset just after the newline of the last line (or the text length)
     * @param marker what the marker line says, or {@code null} for TEXT and EOF
     */
    LineToken(int type, int line, int firstOffset, int nextOffset, MarkerLine marker) {
        this.type = type;
        this.line = line;
        this.firstOffset = firstOffset;
        this.nextOffset = nextOffset;
        this.marker = marker;
    }

    int firstOffset() {
        return firstOffset;
    }

    int nextOffset() {
        return nextOffset;
    }

    MarkerLine marker() {
        return marker;
    }

    @Override
    public String getText() {
        // Only ANTLR's own diagnostics would ask, and none reach users; keep it cheap.
        return marker == null ? "<lines>" : marker.name();
    }

    @Override
    public int getType() {
        return type;
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
    public int getChannel() {
        return Token.DEFAULT_CHANNEL;
    }

    @Override
    public int getTokenIndex() {
        return -1;
    }

    @Override
    public int getStartIndex() {
        return firstOffset;
    }

    @Override
    public int getStopIndex() {
        return nextOffset - 1;
    }

    @Override
    public TokenSource getTokenSource() {
        return null;
    }

    @Override
    public CharStream getInputStream() {
        return null;
    }

    @Override
    public String toString() {
        return "LineToken[type=" + type + ", line=" + line + "]";
    }
}
