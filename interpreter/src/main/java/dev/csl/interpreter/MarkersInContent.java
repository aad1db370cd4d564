package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.Operation;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.Write;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code marker_in_content}: a content, pattern, range or replacement line that is a well-formed
 * marker of the answer's delimiters once leading whitespace is removed. It is almost always a
 * missing END (the next block's opening marker was swallowed into this one's content) or an
 * indented END, and writing it would put the marker into the file and lose the next block.
 */
final class MarkersInContent {
    private static final Set<String> NAMES =
            Set.of("WRITE", "RUN", "SEARCH", "TASKS", "TO", "REPLACE", "END");

    private MarkersInContent() {}

    /** The refusal of every operation (TASKS children included) by its line. */
    static Map<Integer, ErrorInfo> find(List<Operation> operations, Delimiters delimiters) {
        Map<Integer, ErrorInfo> refused = new LinkedHashMap<>();
        for (Operation op : operations) {
            if (op instanceof Tasks tasks) {
                refused.putAll(find(tasks.operations(), delimiters));
                continue;
            }
            ErrorInfo error = check(op, delimiters);
            if (error != null) {
                refused.put(op.line(), error);
            }
        }
        return refused;
    }

    private static ErrorInfo check(Operation op, Delimiters d) {
        int first = op.line() + 1;
        if (op instanceof Write w) {
            return scan(op, "content", w.content(), first, d);
        }
        if (op instanceof Run r) {
            return scan(op, "command lines", r.content(), first, d);
        }
        Search s = (Search) op;
        ErrorInfo e = scan(op, "pattern", s.pattern(), first, d);
        int next = first + lines(s.pattern()) + 1;
        if (e == null && s.to() != null) {
            e = scan(op, "TO text", s.to(), next, d);
            next += lines(s.to()) + 1;
        }
        return e != null ? e : scan(op, "replacement", s.replacement(), next, d);
    }

    private static int lines(String text) {
        return LikelyMistakes.lines(text);
    }

    private static ErrorInfo scan(Operation op, String part, String text, int first, Delimiters d) {
        if (text == null || text.isEmpty() || !text.contains(d.start())) {
            return null; // a marker line holds the start delimiter: most texts need no split
        }
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (isMarker(line, d)) {
                boolean indented = !lines[i].startsWith(d.start());
                String file = op.attributes().getOr("file", null);
                return new ErrorInfo(
                        ErrorCode.MARKER_IN_CONTENT,
                        "Line "
                                + (first + i)
                                + " of the "
                                + op.type()
                                + (file == null ? "" : " of '" + file + "'")
                                + " at line "
                                + op.line()
                                + " is a CSL marker inside its "
                                + part
                                + " ("
                                + line
                                + "), so the "
                                + op.type()
                                + " was refused and nothing was changed.",
                        indented
                                ? "Markers must start at column 0: remove the indentation of the"
                                        + " marker. If the file really contains such a line,"
                                        + " choose other delimiters (--start-delimiter,"
                                        + " --end-delimiter)."
                                : "Is an <---END---> missing before line "
                                        + (first + i)
                                        + "? Close each block before the next one begins. If the"
                                        + " file really contains such a line, choose other"
                                        + " delimiters (--start-delimiter, --end-delimiter).",
                        Map.of("line", first + i));
            }
        }
        return null;
    }

    /**
     * True when {@code line} is START, a marker name, optional attributes and END. The two
     * delimiters must not overlap: {@code <--->} starts with {@code <---} and ends with {@code
     * --->} but holds neither a name nor room for one.
     */
    static boolean isMarker(String line, Delimiters d) {
        int innerLength = line.length() - d.start().length() - d.end().length();
        if (innerLength <= 0 || !line.startsWith(d.start()) || !line.endsWith(d.end())) {
            return false;
        }
        String inner = line.substring(d.start().length(), line.length() - d.end().length());
        int space = inner.indexOf(' ');
        String name = space < 0 ? inner : inner.substring(0, space);
        return NAMES.contains(name);
    }
}
