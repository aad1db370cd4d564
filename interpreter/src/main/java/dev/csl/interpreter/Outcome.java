package dev.csl.interpreter;

import java.util.List;

/**
 * What a WRITE or SEARCH did to its file, before it becomes an {@link OperationResult}.
 *
 * @param action what a WRITE did: created, replaced, appended, unchanged
 * @param lines lines in a WRITE's content
 * @param replaced matches a SEARCH replaced
 * @param state the file, or null when the operation failed before opening it
 * @param before the file's version before the operation
 * @param warnings what it did that was probably not meant, or null
 */
record Outcome(
        Status status,
        ErrorInfo error,
        String action,
        Integer lines,
        Integer replaced,
        FileState state,
        Content before,
        List<Warning> warnings) {

    /** A WRITE that did {@code action} with content of {@code lines} lines. */
    static Outcome written(String action, int lines, FileState state, Content before) {
        return new Outcome(Status.OK, null, action, lines, null, state, before, null);
    }

    /** A SEARCH that replaced {@code count} matches, with {@code warnings} (maybe none). */
    static Outcome replaced(int count, FileState state, Content before, List<Warning> warnings) {
        return new Outcome(
                Status.OK,
                null,
                null,
                null,
                count,
                state,
                before,
                warnings.isEmpty() ? null : List.copyOf(warnings));
    }

    /** A SEARCH whose replacement is in place already: nothing to do. */
    static Outcome alreadyApplied(FileState state, Content before) {
        return new Outcome(Status.NO_OP, null, null, null, 0, state, before, null);
    }

    static Outcome failed(ErrorInfo error) {
        return new Outcome(Status.ERROR, error, null, null, null, null, null, null);
    }
}
