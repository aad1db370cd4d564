package dev.csl.interpreter;

/**
 * Where a SEARCH matched: the start and end offset of each match (sorted, not overlapping), the
 * start of a range whose end was not found after it ({@code -1} when none), and the first TO
 * occurrence skipped because it lay inside a longer line ({@code -1} when none).
 */
record Matches(int[] starts, int[] ends, int count, int danglingStart, int skippedTo) {
    static final Matches NONE = new Matches(new int[0], new int[0], 0, -1, -1);
}
