package dev.csl.grammar.antlr;

import org.antlr.v4.runtime.CommonToken;

/**
 * One marker line, or one run of other lines, of the normalized answer. Offsets point into the
 * answer text, so content is cut out by {@code substring} and never copied line by line.
 */
final class LineToken extends CommonToken {
    private final int firstOffset;
    private final int nextOffset;
    private final MarkerLine marker;

    /**
     * @param firstOffset offset of the first character of the first line
     * @param nextOffset offset just after the newline of the last line (or the text length)
     * @param marker what the marker line says, or {@code null} for TEXT and EOF
     */
    LineToken(int type, int line, int firstOffset, int nextOffset, MarkerLine marker) {
        super(type);
        setLine(line);
        setCharPositionInLine(0);
        setStartIndex(firstOffset);
        setStopIndex(nextOffset - 1);
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
        // Never needed by the parser (no ANTLR error messages reach users); keep it cheap.
        return marker == null ? "<lines>" : marker.name();
    }
}
