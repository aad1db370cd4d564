package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Delimiters;
import dev.csl.grammar.Operation;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.Write;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The mistakes of docs/language.md, "Likely mistakes", that can be seen in the answer alone, found
 * before anything runs: per operation line, a refusal (the operation does not run) or warnings (it
 * runs, and says so). {@code --strict} makes every warning a refusal. Placeholders need the file on
 * disk and are checked by the WRITE itself.
 *
 * @param refused the refusal of each refused operation, by its line
 * @param warnings the warnings of each operation that runs anyway, by its line
 */
record LikelyMistakes(Map<Integer, ErrorInfo> refused, Map<Integer, List<Warning>> warnings) {

    static LikelyMistakes find(
            List<Operation> operations,
            Delimiters delimiters,
            List<Integer> invalidLines,
            boolean strict) {
        Map<Integer, ErrorInfo> refused = new LinkedHashMap<>();
        Map<Integer, List<Warning>> warnings = new LinkedHashMap<>();
        Map<Integer, ErrorInfo> markers = MarkersInContent.find(operations, delimiters);
        for (Operation op : flatten(operations)) {
            ErrorInfo error = badEncoding(op, invalidLines);
            if (error == null) {
                error = markers.get(op.line());
            }
            List<Warning> unknown = UnknownAttributes.check(op);
            if (error == null && strict && !unknown.isEmpty()) {
                error = refusal(unknown);
            } else if (error == null && !unknown.isEmpty()) {
                warnings.computeIfAbsent(op.line(), l -> new ArrayList<>()).addAll(unknown);
            }
            if (error == null && op instanceof Write write) {
                Warning fenced = FencedContent.check(write);
                if (fenced != null && (strict || FencedContent.refuses(write))) {
                    error =
                            strict && !FencedContent.refuses(write)
                                    ? fenced.asRefusal()
                                    : refusal(fenced);
                } else if (fenced != null) {
                    warnings.computeIfAbsent(op.line(), l -> new ArrayList<>()).add(fenced);
                }
            }
            if (error != null) {
                refused.put(op.line(), error);
            }
        }
        return new LikelyMistakes(refused, warnings);
    }

    /**
     * The refusals and warnings of {@code operations} (leaf blocks, as {@code ParseResult.readable}
     * gives them), in their order, for an answer with syntax errors.
     */
    List<LikelyMistake> listed(List<Operation> operations) {
        List<LikelyMistake> out = new ArrayList<>();
        for (Operation op : flatten(operations)) {
            String file = op.attributes().getOr("file", null);
            ErrorInfo error = refused.get(op.line());
            if (error != null) {
                out.add(
                        new LikelyMistake(
                                op.line(),
                                op.type(),
                                file,
                                error.code().wireName(),
                                error.message(),
                                error.hint(),
                                true));
            }
            for (Warning w : warnings.getOrDefault(op.line(), List.of())) {
                out.add(
                        new LikelyMistake(
                                op.line(),
                                op.type(),
                                file,
                                w.code().wireName(),
                                w.message(),
                                w.hint(),
                                false));
            }
        }
        return out;
    }

    /** The {@code --strict} refusal of an operation with unknown attributes: every one named. */
    private static ErrorInfo refusal(List<Warning> unknown) {
        if (unknown.size() == 1) {
            return unknown.get(0).asRefusal();
        }
        List<String> messages = new ArrayList<>();
        List<String> hints = new ArrayList<>();
        for (Warning w : unknown) {
            messages.add(w.message());
            hints.add(w.hint());
        }
        return ErrorInfo.of(
                ErrorCode.UNKNOWN_ATTRIBUTE,
                String.join(" ", messages) + " Refused because of --strict; nothing was changed.",
                String.join(" ", hints));
    }

    private static ErrorInfo refusal(Warning w) {
        return new ErrorInfo(w.code().refusal(), w.message(), w.hint(), Map.of("line", w.line()));
    }

    private static List<Operation> flatten(List<Operation> operations) {
        List<Operation> out = new ArrayList<>();
        for (Operation op : operations) {
            if (op instanceof Tasks tasks) {
                out.addAll(flatten(tasks.operations()));
            } else {
                out.add(op);
            }
        }
        return out;
    }

    /** {@code invalid_encoding}: a line of this operation held bytes that are not UTF-8. */
    private static ErrorInfo badEncoding(Operation op, List<Integer> invalidLines) {
        int end = lastLine(op);
        for (int line : invalidLines) {
            if (line >= op.line() && line <= end) {
                String file = op.attributes().getOr("file", null);
                return new ErrorInfo(
                        ErrorCode.INVALID_ENCODING,
                        "Line "
                                + line
                                + " of the answer, in the "
                                + op.type()
                                + (file == null ? "" : " of '" + file + "'")
                                + " at line "
                                + op.line()
                                + ", holds bytes that are not UTF-8; they would become U+FFFD"
                                + " (\uFFFD), so the "
                                + op.type()
                                + " was refused and nothing was changed.",
                        "Send the answer as UTF-8 text: save or copy it again with that encoding.",
                        Map.of("line", line));
            }
        }
        return null;
    }

    /** The line of the operation's END marker. */
    static int lastLine(Operation op) {
        if (op instanceof Write w) {
            return op.line() + lines(w.content()) + 1;
        }
        if (op instanceof Run r) {
            return op.line() + lines(r.content()) + 1;
        }
        if (op instanceof Search s) {
            int end = op.line() + lines(s.pattern()) + 1;
            if (s.to() != null) {
                end += lines(s.to()) + 1;
            }
            return end + lines(s.replacement()) + 1;
        }
        List<Operation> children = ((Tasks) op).operations();
        return children.isEmpty() ? op.line() + 1 : lastLine(children.get(children.size() - 1)) + 1;
    }

    /** How many lines {@code text} spans (counted, not split: this runs for every operation). */
    static int lines(String text) {
        if (text == null || text.isEmpty()) {
            return 0;
        }
        int lines = 1;
        for (int at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
            lines++;
        }
        return lines;
    }
}
