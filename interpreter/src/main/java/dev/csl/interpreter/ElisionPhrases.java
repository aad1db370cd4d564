package dev.csl.interpreter;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Whether the text of a comment says "code was left out here": the phrase model of {@code
 * placeholder_content}. A comment body is cut into words (ellipses, brackets and punctuation noted
 * and dropped) and read as one of five forms:
 *
 * <ul>
 *   <li><b>statement</b>: a subject naming code and a predicate saying it did not change — {@code
 *       rest of the file remains the same}, {@code other methods unchanged}, {@code Lines 1-50
 *       remain unchanged}, {@code remaining functions omitted for brevity};
 *   <li><b>keep</b>: {@code keep the rest}, {@code keep existing code}, {@code keep code no
 *       changed};
 *   <li><b>code noun</b>: a name of elided code on its own — {@code existing code}, {@code rest of
 *       the file}, {@code unchanged code}, {@code as before}, {@code no changes here};
 *   <li><b>marked noun</b>: with an ellipsis or in brackets, any words led by a subject — {@code
 *       Existing fields...}, {@code ... (rest of the fields)}, {@code [existing config]};
 *   <li><b>wrapped</b>: a few words between two ellipses — {@code ... full function ...}.
 * </ul>
 *
 * A comment of more than sixteen words is prose. The phrasings are the ones models were reported
 * writing in public issue threads: Aider-AI/aider #155 ("your existing code here"), #225 ("# ...
 * rest of the code ..."), #1007 ("// Existing fields...", "// ... (rest of the fields)"), #1915
 * ("// ... rest of the file content ..."); cline/cline #456 ("// ... (rest of the file remains the
 * same)"), #470 ("// ... (previous methods remain unchanged)") and its detector's tests ("// Lines
 * 1-50 remain unchanged", "[Previous content from line 1-305 remains exactly the same]");
 * RooCodeInc/Roo-Code #147 ("// rest of code unchanged", "/* previous code *&#47;");
 * continuedev/continue #5358 (lazy edits, "UNCHANGED CODE", "// ... existing code ...");
 * microsoft/vscode-copilot-release #3314, #6182, #8638, #12161 ("...existing code", "&lt;!-- The
 * rest of the code --&gt;"); stackblitz/bolt.new #64, #124, #509, #1902 ("/* (... keep the previous
 * code ...) *&#47;", "// ...remaining code here", "//keep code no changed", "// Previous imports
 * remain the same..."); google-gemini/gemini-cli #4037 ("// (...rest of implementations)", "//
 * (...no changes around here)"); QwenLM/qwen-code #2575 ("(rest of methods ...)"); and
 * NousResearch/hermes-agent #20857 ("/* ... full function ... *&#47;", "// ... unchanged ...").
 */
final class ElisionPhrases {
    private ElisionPhrases() {}

    /** What a comment body is. */
    enum Kind {
        /** Not an elision. */
        NONE,
        /** A phrase saying code was left out. */
        ELISION,
        /** Only an ellipsis ({@code ...} or {@code …}): an elision in a text that got shorter. */
        LONE_ELLIPSIS
    }

    static final int MAX_WORDS = 16;

    /** Words that lead a subject naming code left out. */
    private static final String SUBJECT_WORD =
            "(?:rest|remainder|remaining|existing|previous|prior|original|other|unchanged"
                    + "|everything|lines? [0-9][0-9-]*)";

    /** Code a model says it left out; the closed class that keeps prose out of the short forms. */
    private static final String CODE_NOUN =
            "(?:code|codes|file|file's|class|classes|function|functions|method|methods|component"
                    + "|components|module|implementation|implementations|logic|body|content"
                    + "|contents|script|page|template|markup|html|css|styles|tests|cases|props"
                    + "|fields|imports|exports|config|configuration|section|sections|lines|handlers"
                    + "|definitions|declarations|members|routes|helpers|setup|getters|setters"
                    + "|properties|attributes|hooks|endpoints|source"
                    + "|query|queries|rules|stuff)";

    private static final String PREDICATE =
            "(?:(?:remains?|stays?|is|are|was|were|kept|left|should (?:remain|stay|be)|goes|go"
                    + "|continues?) )?(?:(?:exactly|completely|entirely|essentially|basically"
                    + "|largely|mostly|all) )?(?:unchanged|the same|same|as before|as is|as-is"
                    + "|as (?:it|they) (?:is|are|was|were)|untouched|intact|identical|omitted|elided|skipped|not shown|unmodified"
                    + "|not modified|not changed|no change|no changes|no changed|as above"
                    + "|as previously|like before|the same as before|same as before)"
                    + "(?: for (?:brevity|clarity|space|now))?(?: (?:here|below|above))?";

    /** Words between a subject and its predicate; a modal makes a rule, not an elision. */
    private static final String FILLER =
            "(?: (?!(?:must|can|cannot|will|may|might|would|could|shall|need|needs|be)\\b)"
                    + "[a-z0-9'/-]+){0,7}?";

    /** What "existing" and its kin name on their own: code, not a method or a value. */
    private static final String STRONG_NOUN =
            "(?:code|codes|implementation|implementations|logic|content|contents|methods"
                    + "|functions|fields|imports|tests|styles|markup|jsx|stuff)";

    /** A few words naming code, as between two ellipses: {@code ... function body ...}. */
    private static final String CODE_NOUNS =
            "^(?:(?:the|your|some|more) )?(?:" + CODE_NOUN + " ){0,2}" + CODE_NOUN + "$";

    private static final class Forms {
        static final Pattern STATEMENT =
                Pattern.compile(
                        "^(?:(?:all|the|your|any) )*"
                                + SUBJECT_WORD
                                + FILLER
                                + " "
                                + PREDICATE
                                + "(?: (?:as|from|in|for|like|except|but|to|with|and)"
                                + "(?: [a-z0-9'/-]+){0,6})?$");

        /** As {@link #STATEMENT}, with any tail: the comment also holds an ellipsis. */
        static final Pattern STATEMENT_ANY_TAIL =
                Pattern.compile(
                        "^(?:(?:all|the|your|any) )*"
                                + SUBJECT_WORD
                                + FILLER
                                + " "
                                + PREDICATE
                                + "(?: .*)?$");

        static final Pattern KEEP =
                Pattern.compile(
                        "^(?:please )?keep (?:(?:(?:the|all|your|any) )*(?:rest|remaining|existing"
                                + "|previous|original|other|everything)"
                                + "(?: (?:of )?(?:the )?"
                                + CODE_NOUN
                                + ")?(?: (?:as is|as-is|unchanged|the same|intact|here))?"
                                + "|(?:the |all )?"
                                + CODE_NOUN
                                + "(?: [a-z]+){0,3} (?:unchanged|no changed|not changed|as is"
                                + "|as-is|the same|intact))$");

        static final Pattern CODE_NOUN_ALONE =
                Pattern.compile(
                        "^(?:(?:your|the|all|all the) )?(?:(?:existing|unchanged|previous)"
                                + " (?:"
                                + CODE_NOUN
                                + " )?"
                                + STRONG_NOUN
                                + "|rest of (?:the |this )?(?:"
                                + CODE_NOUN
                                + " )?"
                                + CODE_NOUN
                                + "|same as before|as before|unchanged"
                                + "|no changes? (?:here|around here|below|above)"
                                + "|omitted for brevity|snip|snipped|elided)"
                                + "(?: (?:here|goes here|continues|unchanged|omitted))?$");

        static final Pattern MARKED_NOUN =
                Pattern.compile(
                        "^(?:(?:your|the|all|any) )*(?:(?:rest|remainder|remaining|existing"
                                + "|previous|prior|original|unchanged|everything"
                                + "|lines? [0-9][0-9-]*|more code|full|no changes?|snip|snipped)"
                                + "(?: [a-z0-9'/-]+){0,4}|other (?:[a-z]+ )?"
                                + CODE_NOUN
                                + "(?: [a-z0-9'/-]+){0,2})"
                                + "(?<!\\b(?:of|the|a|an|to|and|or|for|with|in|on|at|by|from|is))$");

        static final Pattern WRAPPED_CODE = Pattern.compile(CODE_NOUNS);
    }

    /**
     * Reads one comment body (the text between the comment's markers), or with {@code bare} a line
     * that is no comment: then brackets mark nothing and only the statement, keep and code-noun
     * forms count ({@code (rest of lst)} is a Lisp call, a docstring's {@code ... body ...} or a
     * doctest's {@code ...other options} is prose about code).
     */
    static Kind classify(String body, boolean bare) {
        String text = body.replace('\u2026', '\u0001').replace("...", "\u0001").strip();
        boolean ellipsis = text.indexOf('\u0001') >= 0;
        String inner = stripOuter(text);
        boolean lead = inner.startsWith("\u0001");
        boolean trail = inner.endsWith("\u0001");
        boolean bracketed = !bare && isBracketed(text);
        String words = words(text);
        if (words.isEmpty()) {
            return ellipsis ? Kind.LONE_ELLIPSIS : Kind.NONE;
        }
        int count = 1;
        for (int i = 0; i < words.length(); i++) {
            if (words.charAt(i) == ' ') {
                count++;
            }
        }
        boolean marked = !bare && ellipsis;
        if (count > MAX_WORDS || !hasKeyword(words, marked)) {
            return Kind.NONE;
        }
        boolean elision =
                Forms.STATEMENT.matcher(words).matches()
                        || Forms.KEEP.matcher(words).matches()
                        || Forms.CODE_NOUN_ALONE.matcher(words).matches()
                        || ((ellipsis || bracketed)
                                && Forms.STATEMENT_ANY_TAIL.matcher(words).matches())
                        || (marked && Forms.MARKED_NOUN.matcher(words).matches())
                        || (marked && lead && trail && Forms.WRAPPED_CODE.matcher(words).matches());
        return elision ? Kind.ELISION : Kind.NONE;
    }

    /**
     * A cheap look for a word any form needs, so that most comments never reach a regular
     * expression (they are compiled on first use, and most files have no such comment).
     */
    private static boolean hasKeyword(String words, boolean marked) {
        if (marked) {
            return true;
        }
        for (String k :
                new String[] {
                    "rest",
                    "remain",
                    "existing",
                    "previous",
                    "prior",
                    "original",
                    "other",
                    "unchanged",
                    "everything",
                    "same",
                    "keep",
                    "before",
                    "no change",
                    "omitted",
                    "snip",
                    "elided"
                }) {
            if (words.contains(k)) {
                return true;
            }
        }
        // "Lines 1-50 remain unchanged": "line" alone is in too many comments to count.
        return words.contains("line") && words.chars().anyMatch(Character::isDigit);
    }

    /** Lower-case words, ellipses and punctuation dropped, single spaces. */
    static String words(String text) {
        StringBuilder sb = new StringBuilder(text.length());
        boolean space = true;
        for (int i = 0; i < text.length(); i++) {
            char c = Character.toLowerCase(text.charAt(i));
            boolean word =
                    (c >= 'a' && c <= 'z')
                            || (c >= '0' && c <= '9')
                            || ((c == '\'' || c == '-' || c == '/')
                                    && i > 0
                                    && Character.isLetterOrDigit(text.charAt(i - 1)));
            if (word || Character.isLetter(c)) {
                sb.append(c);
                space = false;
            } else if (!space) {
                sb.append(' ');
                space = true;
            }
        }
        int end = sb.length();
        while (end > 0 && (sb.charAt(end - 1) == ' ' || sb.charAt(end - 1) == '-')) {
            end--;
        }
        return sb.substring(0, end).toLowerCase(Locale.ROOT);
    }

    private static boolean isBracketed(String text) {
        String t = text.strip();
        while (!t.isEmpty() && ".:;,!".indexOf(t.charAt(t.length() - 1)) >= 0) {
            t = t.substring(0, t.length() - 1).strip();
        }
        return t.length() > 2
                && ((t.charAt(0) == '(' && t.charAt(t.length() - 1) == ')')
                        || (t.charAt(0) == '[' && t.charAt(t.length() - 1) == ']'));
    }

    /** The text without the brackets and punctuation around it. */
    private static String stripOuter(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && "([{ ".indexOf(text.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && ")]} .:;,!".indexOf(text.charAt(end - 1)) >= 0) {
            end--;
        }
        return text.substring(start, end);
    }
}
