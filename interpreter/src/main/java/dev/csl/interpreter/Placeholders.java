package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Search;
import dev.csl.grammar.Write;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code placeholder_content}: an elision comment an LLM writes instead of the lines it did not
 * repeat ({@code // ... rest of the file unchanged ...}, {@code # existing code}). A WRITE that
 * replaced a file with it, or a REPLACE that put it where its pattern matched code, would silently
 * delete that code. Which lines are elisions is {@link ElisionLines}' and {@link ElisionPhrases}'
 * business; this class says when one refuses the operation:
 *
 * <ul>
 *   <li>a WRITE over an existing file holding an elision line the file does not already hold (a
 *       file that documents such comments keeps them), or a comment that is only an ellipsis when
 *       the content has fewer lines than the file;
 *   <li>a REPLACE holding an elision line that the text it replaces does not hold, or a comment
 *       that is only an ellipsis when the replacement has fewer lines than that text.
 * </ul>
 *
 * A new file and an append are never refused: nothing can be lost.
 */
final class Placeholders {
    private Placeholders() {}

    /** The refusal of a WRITE over {@code old} (the file's bytes), or null. */
    static ErrorInfo forWrite(Write write, byte[] old) {
        String content = write.content();
        List<ElisionLines.Hit> hits =
                ElisionLines.find(content, FencedContent.isText(write.file()));
        if (hits.isEmpty()) {
            return null;
        }
        String before =
                new String(old, StandardCharsets.UTF_8).replace("\r\n", "\n").replace('\r', '\n');
        ElisionLines.Hit hit = firstNew(hits, before, lines(content) < lines(before));
        if (hit == null) {
            return null;
        }
        return new ErrorInfo(
                ErrorCode.PLACEHOLDER_CONTENT,
                "The WRITE would replace '"
                        + write.file()
                        + "' with content that leaves part of it out ("
                        + hit.text()
                        + "): the file would lose that part. Nothing was written.",
                "Send the whole file in WRITE, or change only the part that changes with"
                        + " SEARCH/REPLACE.",
                Map.of("line", write.line() + hit.line()));
    }

    /**
     * The refusal of a SEARCH whose replacement would stand where {@code m} matched in {@code doc},
     * or null.
     */
    static ErrorInfo forReplace(Search search, TextDoc doc, Matches m) {
        String replacement = search.replacement();
        List<ElisionLines.Hit> hits =
                ElisionLines.find(replacement, FencedContent.isText(search.file()));
        if (hits.isEmpty()) {
            return null;
        }
        for (int i = 0; i < m.count(); i++) {
            String replaced =
                    doc.substring(m.starts()[i], m.ends()[i])
                            .replace("\r\n", "\n")
                            .replace('\r', '\n');
            ElisionLines.Hit hit = firstNew(hits, replaced, lines(replacement) < lines(replaced));
            if (hit != null) {
                int first = doc.lineOf(m.starts()[i]);
                int last = doc.lineOf(Math.max(m.starts()[i], m.ends()[i] - 1));
                String where = first == last ? "line " + first : "lines " + first + "-" + last;
                return new ErrorInfo(
                        ErrorCode.PLACEHOLDER_CONTENT,
                        "The REPLACE for '"
                                + search.file()
                                + "' holds an elision comment ("
                                + hit.text()
                                + ") that the text it replaces ("
                                + where
                                + ") does not hold: the lines it stands for would be deleted."
                                + " The file was not changed.",
                        "Write out the lines the comment stands for, or make the SEARCH pattern"
                                + " cover only the lines that change: every line it matches is"
                                + " replaced.",
                        Map.of("line", replacementLine(search) + hit.line()));
            }
        }
        return null;
    }

    /** The first hit that counts: not a line {@code before} already holds. */
    private static ElisionLines.Hit firstNew(
            List<ElisionLines.Hit> hits, String before, boolean shorter) {
        Set<String> held = null;
        for (ElisionLines.Hit hit : hits) {
            if (hit.kind() == ElisionPhrases.Kind.LONE_ELLIPSIS && !shorter) {
                continue;
            }
            if (held == null) {
                held = new HashSet<>();
                for (String line : before.split("\n", -1)) {
                    held.add(line.strip());
                }
            }
            if (!held.contains(hit.text())) {
                return hit;
            }
        }
        return null;
    }

    /** The answer line of the REPLACE marker: the replacement's line k is this plus k. */
    private static int replacementLine(Search search) {
        int line = search.line() + LikelyMistakes.lines(search.pattern()) + 1;
        if (search.hasTo()) {
            line += LikelyMistakes.lines(search.to()) + 1;
        }
        return line;
    }

    private static int lines(String text) {
        int n = text.endsWith("\n") ? 0 : 1;
        for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
            n++;
        }
        return text.isEmpty() ? 0 : n;
    }
}
