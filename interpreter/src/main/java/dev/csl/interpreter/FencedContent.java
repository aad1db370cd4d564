package dev.csl.interpreter;

import dev.csl.grammar.Write;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code fenced_content}: a WRITE whose content is one markdown code block (its first line opens a
 * fence, its last line closes it). Chat models wrap files in fences out of habit; the fence lines
 * would end up in the file. Refused for source files; for markdown and text files a fenced block
 * can be meant, so it is written with a warning.
 */
final class FencedContent {
    /** Compiled only for content that starts like a fence. */
    private static final class Fences {
        static final Pattern OPENING = Pattern.compile("^(```|~~~)[\\w+#.-]*\\s*$");
        static final Pattern CLOSING = Pattern.compile("^(```|~~~)\\s*$");
    }

    /** Where a whole-file code block can be meant. */
    private static final Set<String> TEXT_EXTENSIONS =
            Set.of("md", "markdown", "mdx", "txt", "text", "rst", "adoc");

    private FencedContent() {}

    /** What is wrong with this WRITE's content, or null when it is not one fenced block. */
    static Warning check(Write write) {
        String content = write.content();
        if (!content.startsWith("```") && !content.startsWith("~~~")) {
            return null; // the opening fence must be the first line: no split, no pattern
        }
        String[] lines = content.split("\n", -1);
        if (lines.length < 2
                || !Fences.OPENING.matcher(lines[0]).matches()
                || !Fences.CLOSING.matcher(lines[lines.length - 1]).matches()
                || !lines[lines.length - 1].startsWith(lines[0].substring(0, 3))) {
            return null;
        }
        String file = write.file();
        int first = write.line() + 1;
        int last = write.line() + lines.length;
        if (isText(file)) {
            return new Warning(
                    Warning.Code.FENCED_CONTENT,
                    "The content of '"
                            + file
                            + "' is one markdown code block (lines "
                            + first
                            + "-"
                            + last
                            + " open and close a fence), so the whole file is a code block.",
                    "If the fence only wrapped the answer, send the content without the "
                            + lines[0].substring(0, 3)
                            + " lines: the CSL markers already delimit it.",
                    first);
        }
        return new Warning(
                Warning.Code.FENCED_CONTENT,
                "The content of the WRITE of '"
                        + file
                        + "' at line "
                        + write.line()
                        + " is wrapped in a markdown fence ("
                        + lines[0].strip()
                        + " at line "
                        + first
                        + ", "
                        + lines[lines.length - 1].strip()
                        + " at line "
                        + last
                        + "): the fence lines would be written into the file, so the WRITE was"
                        + " refused and nothing was written.",
                "Send the file's lines without the "
                        + lines[0].substring(0, 3)
                        + " lines around them: the CSL markers already delimit the content.",
                first);
    }

    /** True when the warning above refuses the WRITE rather than warns. */
    static boolean refuses(Write write) {
        return !isText(write.file());
    }

    /** A markdown or text file, by its extension. */
    static boolean isText(String file) {
        int slash = file.lastIndexOf('/');
        String name = file.substring(slash + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0
                && TEXT_EXTENSIONS.contains(name.substring(dot + 1).toLowerCase(Locale.ROOT));
    }
}
