package dev.csl.grammar.antlr;

import dev.csl.grammar.Operation;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.Write;
import dev.csl.grammar.antlr.CslParser.MisplacedContext;
import dev.csl.grammar.antlr.CslParser.NestedTasksContext;
import dev.csl.grammar.antlr.CslParser.NestedTasksItemContext;
import dev.csl.grammar.antlr.CslParser.OperationContext;
import dev.csl.grammar.antlr.CslParser.SearchContext;
import dev.csl.grammar.antlr.CslParser.TasksContext;
import dev.csl.grammar.antlr.CslParser.TasksItemContext;
import dev.csl.grammar.antlr.CslParser.TopLevelContext;
import dev.csl.grammar.antlr.MarkerLine.Flaw;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.UnbufferedTokenStream;
import org.antlr.v4.runtime.atn.PredictionMode;

/**
 * Turns parse-tree contexts into immutable AST records and reads the syntax errors
 * (docs/language.md) off them. Called for one top-level item at a time, right after the parser has
 * finished it. A block that runs into the end of the answer is reported once, at its innermost open
 * marker; a faulty live marker is reported and still acts as that marker.
 */
final class TreeBuilder {
    /**
     * How often the lines after an END lookalike are read again per answer: each re-read costs the
     * rest of the answer, and a handful of reports is all the next turn needs.
     */
    private static final int MAX_RESUMES = 16;

    private final String text;
    private final Diagnostics diagnostics;
    private final String start;
    private final List<Operation> readable = new ArrayList<>();
    private int resumes;
    private int pendingLookalike;
    private boolean resuming;

    TreeBuilder(String text, String startDelimiter, Diagnostics diagnostics) {
        this.text = text;
        this.start = startDelimiter;
        this.diagnostics = diagnostics;
    }

    /** Reads one item of the top level; returns its operation, or null (prose, error). */
    Operation topLevel(TopLevelContext item) {
        if (item.op != null) {
            return operation(item.op, 0);
        } else if (item.block != null) {
            return tasks(item.block);
        } else if (item.stray != null) {
            misplaced(item.stray);
        } else if (item.end != null) {
            diagnostics.unexpected(item.end.getLine(), "END");
        }
        return null;
    }

    private static void addIfComplete(List<Operation> operations, Operation operation) {
        if (operation != null) {
            operations.add(operation);
        }
    }

    /**
     * Every WRITE, SEARCH and RUN read whole, at any depth, also in a re-read after an END
     * lookalike, in answer order — except those opened by a faulty marker: with syntax errors, the
     * blocks the likely-mistake checks (docs/language.md) look at.
     */
    List<Operation> readable() {
        java.util.TreeMap<Integer, Operation> byLine = new java.util.TreeMap<>();
        readable.forEach(op -> byLine.putIfAbsent(op.line(), op));
        return List.copyOf(byLine.values());
    }

    /** Returns null when the operation is faulty or runs into the end (already reported). */
    private Operation operation(OperationContext operation, int tasksLine) {
        Operation read = read(operation, tasksLine);
        if (read != null && !faultyOpener(operation)) {
            readable.add(read);
        }
        return read;
    }

    /**
     * A block opened by a malformed or misspelt marker: where it ends is a guess (FaultyBlocks).
     */
    private static boolean faultyOpener(OperationContext operation) {
        Token open =
                operation.w != null
                        ? operation.w.open
                        : operation.r != null ? operation.r.open : operation.s.open;
        MarkerLine marker = ((LineToken) open).marker();
        return marker.malformed()
                || !marker.name().equals(CslParser.VOCABULARY.getSymbolicName(open.getType()));
    }

    private Operation read(OperationContext operation, int tasksLine) {
        if (operation.w != null) {
            LineToken open = (LineToken) operation.w.open;
            String content = closedContent(open, operation.w.close, "WRITE", tasksLine);
            return content == null ? null : new Write(open.getLine(), attributes(open), content);
        }
        if (operation.r != null) {
            LineToken open = (LineToken) operation.r.open;
            String content = closedContent(open, operation.r.close, "RUN", tasksLine);
            return content == null ? null : new Run(open.getLine(), attributes(open), content);
        }
        return search(operation.s, tasksLine);
    }

    private static boolean ranToEnd(OperationContext operation) {
        if (operation.w != null) {
            return operation.w.close == null;
        }
        if (operation.r != null) {
            return operation.r.close == null;
        }
        return operation.s.close == null;
    }

    private String closedContent(LineToken open, Token close, String name, int tasksLine) {
        liveMarker(open);
        if (close == null) {
            int lookalike = endLookalike(open.nextOffset());
            String hint = diagnostics.closeHint(name, tasksLine);
            if (lookalike == 0) {
                String rest = rest(open);
                hint =
                        cutOff(
                                name,
                                open,
                                CutOff.unfinished(rest, true, "opening marker"),
                                rest,
                                hint,
                                tasksLine);
            }
            diagnostics.unterminated(open.getLine(), name, hint, lookalike);
            resumeAfter(lookalike);
            return null;
        }
        LineToken end = (LineToken) close;
        closingEnd(end);
        return between(open, end);
    }

    private Operation search(SearchContext search, int tasksLine) {
        LineToken open = (LineToken) search.open;
        liveMarker(open);
        LineToken to = (LineToken) search.to;
        LineToken replace = (LineToken) search.replace;
        if (to != null) {
            liveMarker(to);
        }
        if (replace != null) {
            liveMarker(replace);
        }
        if (search.close == null) {
            String state = replace != null ? "replacement" : to != null ? "range" : "pattern";
            int lookalike = replace == null ? 0 : endLookalike(replace.nextOffset());
            String hint = diagnostics.searchCloseHint(state, tasksLine);
            if (replace != null && lookalike == 0) {
                String rest = rest(replace);
                hint =
                        cutOff(
                                "SEARCH",
                                open,
                                CutOff.unfinished(rest, false, "REPLACE marker"),
                                rest,
                                hint,
                                tasksLine);
            } else if (replace == null && (to == null || endLookalike(to.nextOffset()) == 0)) {
                // No REPLACE and no END: the answer stopped inside the pattern or range end.
                hint =
                        cutOff(
                                "SEARCH",
                                open,
                                "it stops before its "
                                        + diagnostics.delimiters().start()
                                        + "REPLACE"
                                        + diagnostics.delimiters().end()
                                        + " section",
                                "",
                                hint,
                                tasksLine);
            }
            diagnostics.unterminated(open.getLine(), "SEARCH", hint, lookalike);
            resumeAfter(lookalike);
            return null;
        }
        LineToken end = (LineToken) search.close;
        if (replace == null) {
            diagnostics.noReplace(end.getLine());
            return null;
        }
        closingEnd(end);
        String pattern = between(open, to != null ? to : replace);
        String range = to == null ? null : between(to, replace);
        return new Search(open.getLine(), attributes(open), pattern, range, between(replace, end));
    }

    /** The text after a marker line, to the end of the answer. */
    private String rest(LineToken marker) {
        return marker.nextOffset() >= text.length() ? "" : text.substring(marker.nextOffset());
    }

    /** The hint of a block that runs into the end of the answer: it looks cut off. */
    private String cutOff(
            String name, LineToken open, String why, String rest, String closeHint, int tasksLine) {
        int line = open.getLine();
        int completeBefore =
                (int)
                        readable.stream()
                                .mapToInt(Operation::line)
                                .filter(l -> l < line)
                                .distinct()
                                .count();
        String last = CutOff.lastLine(rest);
        return diagnostics.cutOffHint(
                name, why, last == null ? "" : last, closeHint, completeBefore, line, tasksLine);
    }

    private Operation tasks(TasksContext tasks) {
        LineToken open = (LineToken) tasks.open;
        liveMarker(open);
        List<Operation> operations = new ArrayList<>();
        boolean lastRanToEnd = false;
        boolean nested = false;
        for (TasksItemContext item : tasks.items) {
            lastRanToEnd = false;
            if (item.op != null) {
                Operation operation = operation(item.op, open.getLine());
                lastRanToEnd = operation == null && ranToEnd(item.op);
                addIfComplete(operations, operation);
            } else if (item.nested != null) {
                lastRanToEnd = nestedTasks(item.nested);
                nested = true;
            } else if (item.stray != null) {
                misplaced(item.stray);
            }
        }
        if (tasks.close == null) {
            // A nested TASKS (already reported) may have taken this block's END: one mistake.
            if (!lastRanToEnd && !nested) {
                diagnostics.unterminated(
                        open.getLine(), "TASKS", diagnostics.closeHint("TASKS", 0), 0);
            }
            return null;
        }
        closingEnd((LineToken) tasks.close);
        return new Tasks(open.getLine(), attributes(open), operations);
    }

    /** Reports the nesting; returns whether the nested block ran into the end of the answer. */
    private boolean nestedTasks(NestedTasksContext nested) {
        LineToken open = (LineToken) nested.open;
        diagnostics.nestedTasks(open.getLine());
        for (NestedTasksItemContext item : nested.items) {
            if (item.op != null) {
                operation(item.op, open.getLine());
            } else if (item.inner != null) {
                diagnostics.nestedTasks(item.inner.getLine());
            } else if (item.stray != null) {
                misplaced(item.stray);
            }
        }
        if (nested.close == null) {
            return true;
        }
        closingEnd((LineToken) nested.close);
        return false;
    }

    private void misplaced(MisplacedContext misplaced) {
        LineToken token = (LineToken) misplaced.getStart();
        int line = token.getLine();
        switch (token.getType()) {
            case CslParser.MALFORMED:
                diagnostics.malformed(line, lineText(token));
                break;
            case CslParser.UNKNOWN:
                diagnostics.unknownOperation(line, token.marker().name());
                break;
            default:
                diagnostics.unexpected(line, token.marker().name());
                break;
        }
    }

    /** An opening marker, TO or REPLACE: its own flaws are reported; it still acts as itself. */
    private void liveMarker(LineToken token) {
        MarkerLine marker = token.marker();
        if (marker.malformed()) {
            diagnostics.malformed(token.getLine(), lineText(token));
        } else if (!marker.name().equals(CslParser.VOCABULARY.getSymbolicName(token.getType()))) {
            diagnostics.unknownOperation(token.getLine(), marker.name());
        } else if (marker.attributeFlaw()) {
            diagnostics.attributeFlaw(token.getLine(), marker);
        } else if (marker.flaw() == Flaw.TRAILING_CONTENT) {
            diagnostics.contentAfterMarker(token.getLine());
        }
    }

    private void closingEnd(LineToken token) {
        MarkerLine marker = token.marker();
        if (marker.malformed()) {
            // A faulty END only closes a block whose opener was faulty too (FaultyBlocks).
            diagnostics.malformed(token.getLine(), lineText(token));
        } else if (!marker.name().equals("END")) {
            diagnostics.unknownOperation(token.getLine(), marker.name());
        } else if (marker.attributeFlaw() || !marker.attributes().asMap().isEmpty()) {
            diagnostics.endWithAttributes(token.getLine());
        } else if (marker.flaw() == Flaw.TRAILING_CONTENT) {
            diagnostics.contentAfterMarker(token.getLine());
        }
    }

    private static dev.csl.grammar.Attributes attributes(LineToken token) {
        return token.marker().attributes();
    }

    /** The lines strictly between two marker lines, joined with LF ("" when there are none). */
    private String between(LineToken open, LineToken close) {
        int from = open.nextOffset();
        int to = close.firstOffset();
        return to > from ? text.substring(from, to - 1) : "";
    }

    private String lineText(LineToken token) {
        int to = token.nextOffset();
        if (to > token.firstOffset() && text.charAt(to - 1) == '\n') {
            to--;
        }
        return text.substring(token.firstOffset(), to);
    }

    /**
     * The first line from {@code offset} on that an LLM probably meant as END ({@code <---end--->},
     * {@code <---END--->}, {@code <--- END}), or 0. Only runs for an unterminated block.
     */
    private int endLookalike(int offset) {
        int line = lineAt(offset);
        int p = offset;
        while (p < text.length()) {
            int newline = text.indexOf('\n', p);
            int lineEnd = newline < 0 ? text.length() : newline;
            String stripped = text.substring(p, lineEnd).strip();
            if (stripped.startsWith(start)) {
                String rest = stripped.substring(start.length()).strip();
                if (rest.regionMatches(true, 0, "END", 0, 3)
                        && (rest.length() == 3 || !Character.isLetterOrDigit(rest.charAt(3)))) {
                    return line;
                }
            }
            p = lineEnd + 1;
            line++;
        }
        return 0;
    }

    /**
     * Error recovery for a block opened by a correct marker that ran into the end of the answer:
     * the END lookalike its error names was probably meant to close it, so the lines after that
     * lookalike are read again at top level and their own mistakes (a later {@code <---Search}) are
     * reported in the same pass. Iterative, not recursive: a re-read may end in another such block,
     * and an answer can hold thousands of them.
     */
    private void resumeAfter(int lookalikeLine) {
        if (lookalikeLine <= 0 || resumes >= MAX_RESUMES) {
            return;
        }
        resumes++;
        pendingLookalike = lookalikeLine;
        if (resuming) {
            return;
        }
        resuming = true;
        // Re-reading is bounded in characters too: a huge answer of unclosed blocks must not
        // cost many times its parse.
        long budget = Math.max(2L * text.length(), 1L << 16);
        while (pendingLookalike > 0) {
            int line = pendingLookalike + 1;
            pendingLookalike = 0;
            int offset = lineStart(line);
            budget -= text.length() - offset;
            if (offset >= text.length() || budget < 0) {
                break;
            }
            new ResumedParser(new LineTokenSource(text, offset, line, diagnostics.delimiters()))
                    .answer();
        }
        resuming = false;
    }

    /**
     * Hands each top-level item of a re-read to {@link #topLevel} as CslFrontEnd's parser does; the
     * operations found are dropped, since the answer has a syntax error already. No parse tree.
     */
    private final class ResumedParser extends CslParser {
        ResumedParser(LineTokenSource tokens) {
            super(new UnbufferedTokenStream<>(tokens));
            setBuildParseTree(false);
            getInterpreter().setPredictionMode(PredictionMode.SLL);
            removeErrorListeners();
            addErrorListener(new DiagnosticsListener(diagnostics));
        }

        @Override
        public void exitRule() {
            ParserRuleContext finished = _ctx;
            super.exitRule();
            if (finished instanceof TopLevelContext item) {
                TreeBuilder.this.topLevel(item);
            }
        }
    }

    /** The offset where 1-based line {@code line} starts (the text length if there is none). */
    private int lineStart(int line) {
        int offset = 0;
        for (int l = 1; l < line; l++) {
            int newline = text.indexOf('\n', offset);
            if (newline < 0) {
                return text.length();
            }
            offset = newline + 1;
        }
        return offset;
    }

    private int lineAt(int offset) {
        int line = 1;
        for (int i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
            line++;
        }
        return line;
    }
}
