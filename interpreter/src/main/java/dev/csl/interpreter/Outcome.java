package dev.csl.interpreter;

/**
 * What a WRITE or SEARCH did to its file, before it becomes an {@link OperationResult}.
 *
 * @param state the file, or null when the operation failed before opening it
 * @param before the file's version before the operation
 * @param warning what it did that was probably not meant, or null
 */
record Outcome(
        Status status,
        ErrorInfo error,
        String action,
        Integer lines,
        Integer replaced,
        FileState state,
        Content before,
        Warning warning) {

    Outcome(
            Status status,
            ErrorInfo error,
            String action,
            Integer lines,
            Integer replaced,
            FileState state,
            Content before) {
        this(status, error, action, lines, replaced, state, before, null);
    }

    static Outcome failed(ErrorInfo error) {
        return new Outcome(Status.ERROR, error, null, null, null, null, null);
    }
}
