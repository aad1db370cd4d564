package dev.csl.cli;

import dev.csl.cli.terminal.TerminalText;
import dev.csl.grammar.Operation;
import dev.csl.grammar.ParseResult;
import dev.csl.grammar.Run;
import dev.csl.grammar.Search;
import dev.csl.grammar.SyntaxError;
import dev.csl.grammar.Tasks;
import dev.csl.grammar.ValidationError;
import dev.csl.grammar.Write;
import java.io.PrintWriter;
import java.util.List;

/**
 * Human output of {@code csl parse}: {@code FILE:LINE: message} per problem with its hint on the
 * next line, or one line per operation, then a summary.
 */
final class ParseReport {
    private final PrintWriter out;
    private final String name;

    ParseReport(PrintWriter out, String name) {
        this.out = out;
        this.name = name;
    }

    void print(ParseResult result, List<ValidationError> validationErrors) {
        if (!result.ok()) {
            for (SyntaxError error : result.syntaxErrors()) {
                out.println(
                        name
                                + ":"
                                + error.line()
                                + ": "
                                + TerminalText.body(withoutLinePrefix(error)));
                out.println("    hint: " + TerminalText.body(error.hint()));
            }
            int count = result.syntaxErrors().size();
            out.println(
                    count
                            + (count == 1 ? " syntax error" : " syntax errors")
                            + "; nothing would be applied.");
            return;
        }
        for (Operation operation : result.operations()) {
            describe(operation, "");
        }
        for (ValidationError error : validationErrors) {
            out.println(name + ":" + error.line() + ": " + TerminalText.body(error.error()));
            out.println("    hint: " + TerminalText.body(error.hint()));
        }
        String summary = countLikeApply(result.operations());
        int problems = validationErrors.size();
        out.println(
                problems == 0
                        ? summary + ", no errors."
                        : summary
                                + ", "
                                + problems
                                + (problems == 1 ? " validation error" : " validation errors")
                                + "; operations with errors would be skipped.");
    }

    /**
     * Counts as {@code csl apply}'s summary does: every WRITE, SEARCH and RUN, those inside TASKS
     * included, so "5 operations" here is "5 ok" there.
     */
    private static String countLikeApply(List<Operation> operations) {
        int leaves = 0;
        int inTasks = 0;
        int blocks = 0;
        for (Operation operation : operations) {
            if (operation instanceof Tasks tasks) {
                blocks++;
                inTasks += tasks.operations().size();
            } else {
                leaves++;
            }
        }
        int total = leaves + inTasks;
        String summary = total + (total == 1 ? " operation" : " operations");
        if (blocks > 0) {
            summary +=
                    " ("
                            + inTasks
                            + (total == 1 ? " of it" : " of them")
                            + " in "
                            + blocks
                            + (blocks == 1 ? " TASKS block)" : " TASKS blocks)");
        }
        return summary;
    }

    private static String withoutLinePrefix(SyntaxError error) {
        String prefix = "Line " + error.line() + ": ";
        return error.error().startsWith(prefix)
                ? error.error().substring(prefix.length())
                : error.error();
    }

    private void describe(Operation operation, String indent) {
        String head =
                TerminalText.line(name) + ":" + operation.line() + ": " + indent + operation.type();
        if (operation instanceof Write write) {
            out.println(
                    head
                            + " "
                            + TerminalText.line(write.file())
                            + (write.append() ? " (append, " : " (")
                            + lines(write.content())
                            + ")");
        } else if (operation instanceof Search search) {
            out.println(
                    head
                            + " "
                            + TerminalText.line(search.file())
                            + (search.hasTo() ? " (range)" : "")
                            + " count="
                            + TerminalText.line(search.attributes().getOr("count", "1")));
        } else if (operation instanceof Run run) {
            out.println(head + " (" + lines(run.content()) + ")");
        } else if (operation instanceof Tasks tasks) {
            int size = tasks.operations().size();
            out.println(head + " (" + size + (size == 1 ? " operation)" : " operations)"));
            for (Operation child : tasks.operations()) {
                describe(child, indent + "  ");
            }
        }
    }

    private static String lines(String content) {
        if (content.isEmpty()) {
            return "empty";
        }
        int count = 1;
        for (int i = content.indexOf('\n'); i >= 0; i = content.indexOf('\n', i + 1)) {
            count++;
        }
        return count + (count == 1 ? " line" : " lines");
    }
}
