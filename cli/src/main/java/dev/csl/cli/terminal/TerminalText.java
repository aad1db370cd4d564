package dev.csl.cli.terminal;

/**
 * Text from an answer, a file name, a file's content or a command's output, made safe to print on a
 * terminal: every control character is shown visibly instead of acting on the terminal, so an
 * escape sequence can neither write the clipboard (OSC 52), nor move the cursor to rewrite what csl
 * printed, nor hide a command behind a carriage return. The convention (README, "Human output"):
 *
 * <ul>
 *   <li>ESC is {@code \e}; carriage return is {@code ^M};
 *   <li>other C0 controls and DEL are {@code \x07} (two hex digits);
 *   <li>C1 controls (U+0080 to U+009F, which some terminals obey as ESC sequences) and the
 *       bidirectional formatting characters (which reorder what a line shows) are a backslash,
 *       {@code u} and four hex digits;
 *   <li>in one-line text (a name, a command) newline and tab are {@code \n} and {@code \t}; in a
 *       body (a message, a diff, a command's output) they stay, and a carriage return right before
 *       a newline or at the end is a line ending, dropped.
 * </ul>
 *
 * Nothing else changes (a backslash stays a backslash), and escaped text holds no control
 * character, so escaping twice changes nothing. csl's own colours are added after escaping.
 */
public final class TerminalText {
    private TerminalText() {}

    /** One-line text: every control character escaped, newline and tab included. */
    public static String line(String text) {
        return escape(text, false);
    }

    /** A body of lines: newline and tab kept, every other control character escaped. */
    public static String body(String text) {
        return escape(text, true);
    }

    /** True when {@code text} holds a character that {@link #line} would escape. */
    public static boolean hasControl(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (isControl(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static String escape(String text, boolean body) {
        if (text == null) {
            return null;
        }
        int first = 0;
        while (first < text.length() && !needsEscape(text, first, body)) {
            first++;
        }
        if (first == text.length()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 16).append(text, 0, first);
        for (int i = first; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!needsEscape(text, i, body)) {
                out.append(c);
            } else if (body && c == '\r') {
                // a line ending (CRLF, or a CR that ends the text) moves nothing visible: dropped
                if (i + 1 < text.length() && text.charAt(i + 1) != '\n') {
                    out.append("^M");
                }
            } else {
                out.append(visible(c));
            }
        }
        return out.toString();
    }

    private static boolean needsEscape(String text, int i, boolean body) {
        char c = text.charAt(i);
        if (body && (c == '\n' || c == '\t')) {
            return false;
        }
        return isControl(c);
    }

    private static boolean isControl(char c) {
        return c < 0x20
                || c >= 0x7f && c <= 0x9f
                || c == '\u061c'
                || c == '\u200e'
                || c == '\u200f'
                || c >= '\u202a' && c <= '\u202e'
                || c >= '\u2066' && c <= '\u2069';
    }

    private static String visible(char c) {
        return switch (c) {
            case '\u001b' -> "\\e";
            case '\r' -> "^M";
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            default -> c <= 0x7f ? "\\x" + hex(c, 2) : "\\u" + hex(c, 4);
        };
    }

    private static String hex(char c, int digits) {
        String h = Integer.toHexString(c);
        return "0".repeat(digits - h.length()) + h;
    }
}
