package dev.csl.interpreter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a failed SEARCH found, as typed records: the count it expected ({@code expected}, a number
 * or "all") and what stands in the file. Each writes the JSON fields of docs/interpreter.md.
 */
public sealed interface SearchDetails extends ErrorDetails {

    /** Matches found, but not as many as expected (lines of each, up to a hundred). */
    record Miscounted(Object expected, int found, List<Integer> lines, Integer incompleteStartLine)
            implements SearchDetails {
        @Override
        public Map<String, Object> fields() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("expected", expected);
            json.put("found", found);
            json.put("lines", lines);
            if (incompleteStartLine != null) {
                json.put("incompleteStartLine", incompleteStartLine);
            }
            return json;
        }
    }

    /** No match; how often the replacement stands already (or null), the closest region. */
    record NotFound(Object expected, Long replacementFound, ClosestRegion closest)
            implements SearchDetails {
        @Override
        public Map<String, Object> fields() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("expected", expected);
            json.put("found", 0);
            if (replacementFound != null) {
                json.put("replacementFound", replacementFound);
            }
            if (closest != null) {
                json.put("closest", closest.fields());
            }
            return json;
        }
    }

    /**
     * A range start without its end: where the TO text was skipped inside a longer line, where a
     * whole-line TO would have ended it, and the region closest to the TO text.
     */
    record RangeOpen(
            Object expected,
            int startLine,
            Integer skippedToLine,
            Integer wholeLineToLine,
            ClosestRegion closestTo)
            implements SearchDetails {
        @Override
        public Map<String, Object> fields() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("expected", expected);
            json.put("found", 0);
            json.put("startLine", startLine);
            if (skippedToLine != null) {
                json.put("skippedToLine", skippedToLine);
            }
            if (wholeLineToLine != null) {
                json.put("wholeLineToLine", wholeLineToLine);
            }
            if (closestTo != null) {
                json.put("closestTo", closestTo.fields());
            }
            return json;
        }
    }

    /** A range that would run on past the replacement standing at its start (lines). */
    record Overrun(int startLine, int endLine) implements SearchDetails {
        @Override
        public Map<String, Object> fields() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("startLine", startLine);
            json.put("endLine", endLine);
            return json;
        }
    }

    /**
     * One line of the closest region that differs (line 0: a pattern line the file lacks, which
     * would stand between file lines {@code afterLine} and {@code beforeLine}; either is null where
     * the file has no such line): the lines with white space made visible, and as they are ({@code
     * fileText}, {@code patternText}).
     */
    record Difference(
            int line,
            String kind,
            String file,
            String pattern,
            String fileText,
            String patternText,
            Integer afterLine,
            Integer beforeLine) {
        Difference(
                int line,
                String kind,
                String file,
                String pattern,
                String fileText,
                String patternText) {
            this(line, kind, file, pattern, fileText, patternText, null, null);
        }
    }

    /** The region most like the text looked for, as shown to the model. */
    record ClosestRegion(
            int startLine,
            int endLine,
            double similarity,
            List<String> kinds,
            List<Difference> differences) {
        Map<String, Object> fields() {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("startLine", startLine);
            json.put("endLine", endLine);
            json.put("similarity", similarity);
            json.put("kinds", kinds);
            List<Map<String, Object>> diffs = new ArrayList<>();
            for (Difference d : differences) {
                Map<String, Object> e = new LinkedHashMap<>();
                if (d.line() > 0) {
                    e.put("line", d.line());
                }
                e.put("kind", d.kind());
                if (d.afterLine() != null) {
                    e.put("afterLine", d.afterLine());
                }
                if (d.beforeLine() != null) {
                    e.put("beforeLine", d.beforeLine());
                }
                if (d.file() != null) {
                    e.put("file", d.file());
                }
                if (d.pattern() != null) {
                    e.put("pattern", d.pattern());
                }
                if (d.fileText() != null) {
                    e.put("fileText", d.fileText());
                }
                if (d.patternText() != null) {
                    e.put("patternText", d.patternText());
                }
                diffs.add(e);
            }
            json.put("differences", diffs);
            return json;
        }
    }
}
