package dev.csl.interpreter;

/**
 * What a WRITE or SEARCH did to its file, before it becomes an {@link OperationResult}.
 *
 * @param state the file, or null when the operation failed before opening it
 * @param before the file's version before the operation
 */
record Outcome(
        Status status,
        ErrorInfo error,
        String action,
        Integer lines,
        Integer replaced,
        FileState state,
        Content before) {

    static Outcome failed(ErrorInfo error) {
        return new Outcome(Status.ERROR, error, null, null, null, null, null);
    }
}
