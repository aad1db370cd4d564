package dev.csl.interpreter;

import java.util.regex.Pattern;

/**
 * {@code placeholder_content}: an elision comment an LLM writes instead of the lines it did not
 * repeat ({@code // ... rest of the file unchanged ...}, {@code # ... existing code ...}). A WRITE
 * that replaced a file with it would silently cut the file.
 */
final class Placeholders {
    private Placeholders() {}

    /** Compiled only for content that holds an ellipsis. */
    private static final class Elisions {
        /** A comment marker, an ellipsis, and words that say code was left out. */
        static final Pattern ELISION =
                Pattern.compile(
                        "^\\s*(//|#|/\\*|\\*|<!--|--|;|\\{/\\*)\\s*(\\.{3}|…)?\\s*\\(?\\s*"
                                + "(rest of|the rest|existing|unchanged|remaining|same as|previous|other)"
                                + "[^\\n]*",
                        Pattern.CASE_INSENSITIVE);

        static final Pattern ELLIPSIS = Pattern.compile("\\.{3}|…");
    }

    /** The first elision line of {@code content}, or null. */
    static String find(String content) {
        // Only a line with an ellipsis can be one: most files have none, and then no line is
        // split out or matched (cold regular expressions cost a start-up).
        if (!content.contains("...") && content.indexOf('\u2026') < 0) {
            return null;
        }
        for (String line : content.split("\n")) {
            if (Elisions.ELISION.matcher(line).matches()
                    && Elisions.ELLIPSIS.matcher(line).find()
                    && line.strip().length() < 120) {
                return line;
            }
        }
        return null;
    }
}
