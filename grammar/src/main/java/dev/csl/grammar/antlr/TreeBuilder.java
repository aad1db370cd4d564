package dev.csl.grammar.antlr;

import dev.csl.grammar.Operation;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.Write;
import dev.csl.grammar.antlr.CslParser.AnswerContext;
import dev.csl.grammar.antlr.CslParser.MisplacedContext;
import dev.csl.grammar.antlr.CslParser.NestedTasksContext;
import dev.csl.grammar.antlr.CslParser.NestedTasksItemContext;
import dev.csl.grammar.antlr.CslParser.OperationContext;
import dev.csl.grammar.antlr.CslParser.RunContext;
import dev.csl.grammar.antlr.CslParser.SearchContext;
import dev.csl.grammar.antlr.CslParser.TasksContext;
import dev.csl.grammar.antlr.CslParser.TasksItemContext;
import dev.csl.grammar.antlr.CslParser.TopLevelContext;
import dev.csl.grammar.antlr.CslParser.WriteContext;
import dev.csl.grammar.antlr.MarkerLine.Flaw;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * Turns the parse tree into immutable AST records and reads the SPEC §1.5 errors off it. The only
 * class that sees ANTLR contexts. A block that runs into the end of the answer is reported once, at
 * its innermost open marker; a faulty live marker is reported and still acts as that marker.
 */
final class TreeBuilder {
    private final String text;
    private final Diagnostics diagnostics;
    private final String start;

    TreeBuilder(String text, String startDelimiter, Diagnostics diagnostics) {
        this.text = text;
        this.start = startDelimiter;
        this.diagnostics = diagnostics;
    }

    List<Operation> answer(AnswerContext answer) {
        List<Operation> operations = new ArrayList<>();
        for (TopLevelContext item : answer.topLevel()) {
            if (item.operation() != null) {
                addIfComplete(operations, operation(item.operation(), 0));
            } else if (item.tasks() != null) {
                addIfComplete(operations, tasks(item.tasks()));
            } else if (item.misplaced() != null) {
                misplaced(item.misplaced());
            } else if (item.END() != null) {
                diagnostics.unexpected(token(item.END()).getLine(), "END");
            }
        }
        return operations;
    }

    private static void addIfComplete(List<Operation> operations, Operation operation) {
        if (operation != null) {
            operations.add(operation);
        }
    }

    /** Returns null when the operation runs into the end of the answer (already reported). */
    private Operation operation(OperationContext operation, int tasksLine) {
        if (operation.write() != null) {
            WriteContext write = operation.write();
            LineToken open = token(write.WRITE());
            String content = closedContent(open, write.END(), "WRITE", tasksLine);
            return content == null ? null : new Write(open.getLine(), attributes(open), content);
        }
        if (operation.run() != null) {
            RunContext run = operation.run();
            LineToken open = token(run.RUN());
            String content = closedContent(open, run.END(), "RUN", tasksLine);
            return content == null ? null : new Run(open.getLine(), attributes(open), content);
        }
        return search(operation.search(), tasksLine);
    }

    private String closedContent(LineToken open, TerminalNode endNode, String name, int tasksLine) {
        liveMarker(open);
        if (endNode == null) {
            diagnostics.unterminated(
                    open.getLine(),
                    name,
                    diagnostics.closeHint(name, tasksLine),
                    endLookalike(open.nextOffset()));
            return null;
        }
        LineToken end = token(endNode);
        closingEnd(end);
        return between(open, end);
    }

    private Operation search(SearchContext search, int tasksLine) {
        LineToken open = token(search.SEARCH());
        liveMarker(open);
        LineToken to = search.TO() == null ? null : token(search.TO());
        LineToken replace = search.REPLACE() == null ? null : token(search.REPLACE());
        if (to != null) {
            liveMarker(to);
        }
        if (replace != null) {
            liveMarker(replace);
        }
        if (search.END() == null) {
            String state = replace != null ? "replacement" : to != null ? "range" : "pattern";
            diagnostics.unterminated(
                    open.getLine(),
                    "SEARCH",
                    diagnostics.searchCloseHint(state, tasksLine),
                    replace == null ? 0 : endLookalike(replace.nextOffset()));
            return null;
        }
        LineToken end = token(search.END());
        if (replace == null) {
            diagnostics.noReplace(end.getLine());
            return null;
        }
        closingEnd(end);
        String pattern = between(open, to != null ? to : replace);
        String range = to == null ? null : between(to, replace);
        return new Search(open.getLine(), attributes(open), pattern, range, between(replace, end));
    }

    private Operation tasks(TasksContext tasks) {
        LineToken open = token(tasks.TASKS());
        liveMarker(open);
        List<Operation> operations = new ArrayList<>();
        boolean lastRanToEnd = false;
        boolean nested = false;
        for (TasksItemContext item : tasks.tasksBody().tasksItem()) {
            lastRanToEnd = false;
            if (item.operation() != null) {
                Operation operation = operation(item.operation(), open.getLine());
                lastRanToEnd = operation == null && ranToEnd(item.operation());
                addIfComplete(operations, operation);
            } else if (item.nestedTasks() != null) {
                lastRanToEnd = nestedTasks(item.nestedTasks());
                nested = true;
            } else if (item.misplaced() != null) {
                misplaced(item.misplaced());
            }
        }
        if (tasks.END() == null) {
            // A nested TASKS (already reported) may have taken this block's END: one mistake.
            if (!lastRanToEnd && !nested) {
                diagnostics.unterminated(
                        open.getLine(), "TASKS", diagnostics.closeHint("TASKS", 0), 0);
            }
            return null;
        }
        closingEnd(token(tasks.END()));
        return new Tasks(open.getLine(), attributes(open), operations);
    }

    private static boolean ranToEnd(OperationContext operation) {
        if (operation.write() != null) {
            return operation.write().END() == null;
        }
        if (operation.run() != null) {
            return operation.run().END() == null;
        }
        return operation.search().END() == null;
    }

    /** Reports the nesting; returns whether the nested block ran into the end of the answer. */
    private boolean nestedTasks(NestedTasksContext nested) {
        LineToken open = token(nested.TASKS());
        diagnostics.nestedTasks(open.getLine());
        for (NestedTasksItemContext item : nested.nestedTasksBody().nestedTasksItem()) {
            if (item.operation() != null) {
                operation(item.operation(), open.getLine());
            } else if (item.TASKS() != null) {
                diagnostics.nestedTasks(token(item.TASKS()).getLine());
            } else if (item.misplaced() != null) {
                misplaced(item.misplaced());
            }
        }
        if (nested.END() == null) {
            return true;
        }
        closingEnd(token(nested.END()));
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
        if (marker.attributeFlaw()) {
            diagnostics.attributeFlaw(token.getLine(), marker);
        } else if (marker.flaw() == Flaw.TRAILING_CONTENT) {
            diagnostics.contentAfterMarker(token.getLine());
        }
    }

    private void closingEnd(LineToken token) {
        MarkerLine marker = token.marker();
        if (marker.attributeFlaw() || !marker.attributes().asMap().isEmpty()) {
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

    private int lineAt(int offset) {
        int line = 1;
        for (int i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
            line++;
        }
        return line;
    }

    private static LineToken token(TerminalNode node) {
        return (LineToken) node.getSymbol();
    }
}
