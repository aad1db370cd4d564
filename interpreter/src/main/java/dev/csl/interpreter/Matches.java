package dev.csl.interpreter;

/**
 * Where a SEARCH matched: the start and end offset of each match (sorted, not overlapping), the
 * start of a range whose end was not found after it ({@code -1} when none), the first TO occurrence
 * skipped because it lay inside a longer line ({@code -1} when none), and, when a range's end is
 * ambiguous, the whole-line TO occurrence it would have ended at ({@code -1} when none; then {@code
 * skippedTo} is the line that begins with the TO text and was probably meant).
 */
record Matches(
        int[] starts, int[] ends, int count, int danglingStart, int skippedTo, int ambiguousEnd) {
    static final Matches NONE = new Matches(new int[0], new int[0], 0, -1, -1, -1);
}
