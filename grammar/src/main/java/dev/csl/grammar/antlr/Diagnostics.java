package dev.csl.grammar.antlr;

import dev.csl.grammar.Delimiters;
import dev.csl.grammar.SyntaxError;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Collects the syntax errors of one parse, each with the exact message of docs/language.md, "Syntax
 * errors", and a hint the LLM can act on. Hints show the delimiters of this parse, not the
 * defaults.
 */
final class Diagnostics {
    private static final List<String> OPERATIONS =
            List.of("WRITE", "SEARCH", "RUN", "TASKS", "TO", "REPLACE", "END");

    /** Operations LLMs invent, and what CSL does instead. */
    private static final Map<String, String> INVENTED =
            Map.ofEntries(
                    Map.entry("DELETE", "to delete a file, use a RUN block with: rm PATH"),
                    Map.entry("REMOVE", "to delete a file, use a RUN block with: rm PATH"),
                    Map.entry("RM", "to delete a file, use a RUN block with: rm PATH"),
                    Map.entry("MOVE", "to move a file, use a RUN block with: mv FROM TO"),
                    Map.entry("RENAME", "to rename a file, use a RUN block with: mv FROM TO"),
                    Map.entry("COPY", "to copy a file, use a RUN block with: cp FROM TO"),
                    Map.entry("MKDIR", "to create a directory, use a RUN block with: mkdir -p DIR"),
                    Map.entry("READ", "to read a file, use a RUN block with: cat PATH"),
                    Map.entry("CAT", "to read a file, use a RUN block with: cat PATH"),
                    Map.entry("APPEND", "to append, use WRITE with append=\"true\""),
                    Map.entry("CREATE", "to create a file, use WRITE file=\"PATH\""),
                    Map.entry("FILE", "to create a file, use WRITE file=\"PATH\""),
                    Map.entry("EDIT", "to change part of a file, use SEARCH with REPLACE"),
                    Map.entry("UPDATE", "to change part of a file, use SEARCH with REPLACE"),
                    Map.entry("MODIFY", "to change part of a file, use SEARCH with REPLACE"),
                    Map.entry("PATCH", "to change part of a file, use SEARCH with REPLACE"),
                    Map.entry("EXEC", "to run a command, use RUN"),
                    Map.entry("SHELL", "to run a command, use RUN"),
                    Map.entry("BASH", "to run a command, use RUN"));

    private final Delimiters delimiters;
    private final String start;
    private final String end;
    private final List<SyntaxError> errors = new ArrayList<>();

    Diagnostics(Delimiters delimiters) {
        this.delimiters = delimiters;
        this.start = delimiters.start();
        this.end = delimiters.end();
    }

    /** The delimiters of this parse (TreeBuilder re-reads part of the answer with them). */
    Delimiters delimiters() {
        return delimiters;
    }

    boolean any() {
        return !errors.isEmpty();
    }

    /** Every error, in line order (errors of one line keep the order they were found in). */
    List<SyntaxError> inLineOrder() {
        List<SyntaxError> sorted = new ArrayList<>(errors);
        sorted.sort(Comparator.comparingInt(SyntaxError::line));
        return sorted;
    }

    private String marker(String name) {
        return start + name + end;
    }

    private void add(int line, String message, String hint) {
        errors.add(new SyntaxError(line, "Line " + line + ": " + message, hint));
    }

    void malformed(int line, String lineText) {
        String afterStart = lineText.substring(start.length());
        String hint;
        if (!afterStart.isEmpty() && Character.isWhitespace(afterStart.charAt(0))) {
            hint =
                    "write the operation name right after "
                            + start
                            + " with no space, e.g. "
                            + marker("WRITE file=\"a.txt\"");
        } else if (afterStart.isEmpty() || !Character.isLetterOrDigit(afterStart.charAt(0))) {
            hint =
                    "a marker is "
                            + start
                            + ", an operation name, attributes and "
                            + end
                            + " on one line, e.g. "
                            + marker("WRITE file=\"a.txt\"");
        } else {
            hint = "end the marker line with " + end + ", e.g. " + marker("WRITE file=\"a.txt\"");
        }
        add(line, "Malformed marker", hint + "; a prose line must not start with " + start);
    }

    void unknownOperation(int line, String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        String hint;
        if (!upper.equals(name) && OPERATIONS.contains(upper)) {
            hint = "operation names are upper case: " + upper;
        } else if (INVENTED.containsKey(upper)) {
            hint = "there is no " + name + " operation: " + INVENTED.get(upper);
        } else {
            hint =
                    "the operations are WRITE, SEARCH, RUN and TASKS"
                            + " (TO, REPLACE and END only inside a block)";
        }
        add(line, "Unknown operation: " + name, hint);
    }

    void contentAfterMarker(int line) {
        add(
                line,
                "Content not allowed on marker line",
                "put nothing after " + end + " on a marker line; move that text to the next line");
    }

    void endWithAttributes(int line) {
        add(
                line,
                "END marker cannot have attributes",
                "write the closing marker exactly as "
                        + marker("END")
                        + "; attributes belong on the opening marker");
    }

    void nestedTasks(int line) {
        add(
                line,
                "TASKS cannot be nested",
                "a TASKS block holds only WRITE, SEARCH and RUN: close the open TASKS with "
                        + marker("END")
                        + " before opening another, or remove this line");
    }

    void attributeFlaw(int line, MarkerLine marker) {
        switch (marker.flaw()) {
            case DUPLICATE_ATTRIBUTE:
                add(
                        line,
                        "Duplicate attribute: " + marker.detail(),
                        "give each attribute once: remove the second " + marker.detail() + "=");
                break;
            case UNTERMINATED_QUOTE:
                add(
                        line,
                        "Unterminated quoted value",
                        "close the value with the quote it opened with; write a quote inside it"
                                + " as \\\" (or use the other kind of quote)");
                break;
            case UNQUOTED_VALUE:
                add(
                        line,
                        "Unquoted attribute value",
                        "quote every attribute value: name=\"value\"");
                break;
            default:
                add(
                        line,
                        "Invalid attribute syntax",
                        "write attributes as name=\"value\", separated by spaces, between the"
                                + " operation name and "
                                + end);
                break;
        }
    }

    void unterminated(int line, String operation, String howToClose, int lookalikeLine) {
        String hint = howToClose;
        if (lookalikeLine > 0) {
            hint +=
                    "; line "
                            + lookalikeLine
                            + " looks like a closing marker but is not one: write it exactly as "
                            + marker("END");
        }
        add(line, "Unterminated " + operation + " operation", hint);
    }

    /**
     * The hint of a block that runs into the end of the answer with no END lookalike: the answer
     * looks cut off. When its text stops mid-way ({@code why}), adding END would land the truncated
     * text, so the block must be sent again whole; otherwise END may be all that is missing.
     *
     * @param closeHint how to close the block if its last line is where it ends
     * @param completeBefore how many blocks before this one were read whole (none of them ran)
     */
    String cutOffHint(
            String operation,
            String why,
            String lastLine,
            String closeHint,
            int completeBefore,
            int blockLine,
            int enclosingTasksLine) {
        if (why == null) {
            return "the answer looks cut off inside this "
                    + operation
                    + " block: if its last line, "
                    + CutOff.shown(lastLine)
                    + ", is where the block ends, "
                    + closeHint
                    + "; otherwise send the block again whole (nothing was applied)";
        }
        String before =
                completeBefore == 0
                        ? "Nothing was applied"
                        : "Nothing was applied, not even the "
                                + (completeBefore == 1
                                        ? "block before line " + blockLine + ", which is complete"
                                        : completeBefore
                                                + " blocks before line "
                                                + blockLine
                                                + ", which are complete");
        return "the answer looks cut off: it ends inside this "
                + operation
                + " block and "
                + why
                + ", so adding "
                + marker("END")
                + " would write a truncated block. "
                + before
                + ": send the answer again with this "
                + operation
                + " whole, closed by "
                + marker("END")
                + (enclosingTasksLine > 0
                        ? " (and the TASKS block of line "
                                + enclosingTasksLine
                                + " closed by its own "
                                + marker("END")
                                + ")"
                        : "");
    }

    String closeHint(String operation, int enclosingTasksLine) {
        String hint = "add " + marker("END") + " on its own line after the " + operation + " block";
        if (enclosingTasksLine > 0) {
            hint +=
                    "; the TASKS block on line "
                            + enclosingTasksLine
                            + " needs its own "
                            + marker("END")
                            + " after that";
        }
        return hint;
    }

    String searchCloseHint(String state, int enclosingTasksLine) {
        String rest = marker("REPLACE") + ", the replacement lines and " + marker("END");
        String hint;
        if (state.equals("pattern")) {
            hint = "after the search pattern add " + rest;
        } else if (state.equals("range")) {
            hint =
                    "after the "
                            + marker("TO")
                            + " range end add "
                            + rest
                            + " (an "
                            + marker("END")
                            + " before "
                            + marker("REPLACE")
                            + " is part of the range end)";
        } else {
            hint = "add " + marker("END") + " on its own line after the replacement lines";
        }
        return enclosingTasksLine > 0
                ? hint
                        + "; the TASKS block on line "
                        + enclosingTasksLine
                        + " needs its own "
                        + marker("END")
                        + " after that"
                : hint;
    }

    void noReplace(int line) {
        add(
                line,
                "SEARCH operation has no REPLACE section",
                "add "
                        + marker("REPLACE")
                        + " and the replacement lines before this "
                        + marker("END")
                        + " (an empty replacement deletes the match)");
    }

    void unexpected(int line, String name) {
        String hint =
                name.equals("END")
                        ? "no block is open here, so there is nothing to close: remove this line"
                                + " or add the opening marker it belongs to"
                        : marker(name) + " belongs inside a SEARCH block, after the search pattern";
        add(line, "Unexpected " + name + " marker", hint);
    }

    /** Only reachable through a bug: the grammar accepts every token sequence. */
    void internal(int line, String what) {
        add(line, "Malformed marker", "the parser could not read this line (" + what + ")");
    }
}
