package dev.csl.interpreter;

/**
 * The line-ending style of a file: counted once, used to keep CRLF files CRLF (docs/language.md).
 */
record LineEndings(int crlf, int lf, int cr) {
    static final LineEndings NONE = new LineEndings(0, 0, 0);

    static LineEndings of(byte[] bytes) {
        int crlf = 0;
        int lf = 0;
        int cr = 0;
        for (int i = 0; i < bytes.length; i++) {
            byte b = bytes[i];
            if (b == '\n') {
                lf++;
            } else if (b == '\r') {
                if (i + 1 < bytes.length && bytes[i + 1] == '\n') {
                    crlf++;
                    i++;
                } else {
                    cr++;
                }
            }
        }
        return new LineEndings(crlf, lf, cr);
    }

    static LineEndings of(CharSequence text) {
        int crlf = 0;
        int lf = 0;
        int cr = 0;
        int n = text.length();
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c == '\n') {
                lf++;
            } else if (c == '\r') {
                if (i + 1 < n && text.charAt(i + 1) == '\n') {
                    crlf++;
                    i++;
                } else {
                    cr++;
                }
            }
        }
        return new LineEndings(crlf, lf, cr);
    }

    /** The terminator new lines get: the file's majority style; LF for files without any. */
    String dominant() {
        if (crlf > lf && crlf >= cr) {
            return "\r\n";
        }
        if (cr > lf && cr > crlf) {
            return "\r";
        }
        return "\n";
    }

    /** True when the file mixes styles, so one translation of the pattern cannot match all. */
    boolean mixed() {
        int kinds = (crlf > 0 ? 1 : 0) + (lf > 0 ? 1 : 0) + (cr > 0 ? 1 : 0);
        return kinds > 1;
    }

    /** {@code text} (LF-normalized, as the parser delivers it) with {@code terminator} instead. */
    static String translate(String text, String terminator) {
        return "\n".equals(terminator) ? text : text.replace("\n", terminator);
    }
}
