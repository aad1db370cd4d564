package dev.csl.runner;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Splits a RUN block into command lines and words the way a POSIX shell would (single quotes,
 * double quotes, backslash; a trailing backslash or an open quote continues onto the next line),
 * and refuses everything a shell would do beyond splitting, because no shell ever runs.
 */
final class WordSplitter {

    /** One command: the block line it starts on (1-based), its source text and its words. */
    record SplitLine(int line, String text, List<String> words) {
        SplitLine {
            words = List.copyOf(words);
        }
    }

    /**
     * The lines that split cleanly, and why the others were refused (each command line is split on
     * its own, so every refused line is reported, not only the first).
     */
    record Result(List<SplitLine> lines, List<RunFailure> failures) {
        Result {
            lines = List.copyOf(lines);
            failures = List.copyOf(failures);
        }

        /** The first refusal, or null when every line split. */
        RunFailure failure() {
            return failures.isEmpty() ? null : failures.get(0);
        }
    }

    private final String src;
    private int pos;
    private int lineNo = 1;

    /** Set by an unterminated quote: where the following lines begin is unknown, so stop. */
    private boolean lost;

    /** The shell operators of the command being split: one refusal names them all. */
    private final List<Operator> operators = new ArrayList<>();

    /** A shell operator found in a command line, and what it does in a shell. */
    private record Operator(String op, String what) {}

    private WordSplitter(String src) {
        this.src = src;
    }

    static Result split(String block) {
        return new WordSplitter(block).splitAll();
    }

    private Result splitAll() {
        List<SplitLine> lines = new ArrayList<>();
        List<RunFailure> failures = new ArrayList<>();
        while (pos < src.length()) {
            int startLine = lineNo;
            int startPos = pos;
            List<String> words = new ArrayList<>();
            RunFailure failure = splitCommand(words, startLine, startPos);
            if (failure != null) {
                failures.add(failure);
                if (lost) {
                    break;
                }
                skipRestOfLine();
                continue;
            }
            if (!words.isEmpty()) {
                String text = src.substring(startPos, pos).strip();
                lines.add(new SplitLine(startLine, text, words));
            }
        }
        return new Result(lines, failures);
    }

    private void skipRestOfLine() {
        while (pos < src.length() && src.charAt(pos) != '\n') {
            pos++;
        }
        if (pos < src.length()) {
            pos++;
            lineNo++;
        }
    }

    /** Reads one logical line (up to an unquoted, unescaped newline) into {@code words}. */
    private RunFailure splitCommand(List<String> words, int startLine, int startPos) {
        operators.clear();
        StringBuilder word = null;
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '\n' && !operators.isEmpty()) {
                break; // refused: the caller skips the rest of the line, this newline included
            }
            if (c == '\n') {
                pos++;
                lineNo++;
                break;
            }
            if (c == ' ' || c == '\t' || c == '\r') {
                pos++;
                if (word != null) {
                    words.add(word.toString());
                    word = null;
                }
                continue;
            }
            if (c == '#' && word == null) {
                skipComment();
                continue;
            }
            if (c == '\\' && pos + 1 < src.length() && src.charAt(pos + 1) == '\n') {
                pos += 2; // a continuation joins the lines without starting a word
                lineNo++;
                continue;
            }
            if (word == null) {
                word = new StringBuilder();
            }
            RunFailure failure;
            switch (c) {
                case '\'' -> failure = singleQuoted(word, startLine);
                case '"' -> failure = doubleQuoted(word, startLine, startPos);
                case '\\' -> failure = backslash(word, startLine);
                default -> failure = plain(word, c, startLine, startPos);
            }
            if (failure != null && c != '"' && failure.code() == ErrorCode.SHELL_OPERATOR) {
                // Outside quotes the rest of the line is read on, so the refusal names every
                // operator (2>&1 | tail: the redirection and the pipe).
                pos = past(operators.get(operators.size() - 1).op());
                continue;
            }
            if (failure != null) {
                // Inside double quotes, or not an operator (an open quote): reading stops here.
                return operators.isEmpty() ? failure : allOperators(startLine, startPos);
            }
        }
        if (!operators.isEmpty()) {
            return allOperators(startLine, startPos);
        }
        if (word != null) {
            words.add(word.toString());
        }
        return null;
    }

    /**
     * Where reading goes on after {@code op} at {@code pos}: past a whole redirection ({@code
     * 2>&1}, {@code >>}), past the inside of {@code $(...)} and {@code ${...}} (one construct, not
     * a subshell and braces of its own), else past the operator.
     */
    private int past(String op) {
        int i = pos + op.length();
        if (op.equals("$(") || op.equals("$") && at("${")) {
            char open = src.charAt(pos + 1);
            char close = open == '(' ? ')' : '}';
            int depth = 0;
            for (int j = pos + 1; j < src.length() && src.charAt(j) != '\n'; j++) {
                char c = src.charAt(j);
                depth += c == open ? 1 : c == close ? -1 : 0;
                if (depth == 0) {
                    return j + 1;
                }
            }
            return i;
        }
        if (op.equals("<") || op.equals(">") || op.equals("&>")) {
            while (i < src.length() && "<>&|".indexOf(src.charAt(i)) >= 0) {
                i++;
            }
        }
        return i;
    }

    /** One refusal naming every operator of the line, each kind once, in the order found. */
    private RunFailure allOperators(int startLine, int startPos) {
        List<String> kinds = new ArrayList<>();
        List<String> ops = new ArrayList<>();
        List<String> hints = new ArrayList<>();
        for (Operator o : operators) {
            String kind = o.what() + " (" + o.op() + ")";
            if (kinds.stream().noneMatch(k -> k.startsWith(o.what() + " ("))) {
                kinds.add(kind);
            }
            if (!ops.contains(o.op())) {
                ops.add(o.op());
            }
            String hint = hintFor(o.op());
            if (!hints.contains(hint)) {
                hints.add(hint);
            }
        }
        String text = commandText(startPos);
        String cd = cdHint(text);
        if (cd != null) {
            hints.add(0, cd);
        }
        Map<String, Object> details =
                RunFailure.details("line", startLine, "command", text, "operator", ops.get(0));
        if (ops.size() > 1) {
            details = new java.util.LinkedHashMap<>(details);
            details.put("operators", List.copyOf(ops));
        }
        return new RunFailure(
                ErrorCode.SHELL_OPERATOR,
                "Command line "
                        + startLine
                        + " uses "
                        + joined(kinds)
                        + ", but no shell runs RUN commands: "
                        + text,
                String.join("; ", hints),
                details);
    }

    private static String joined(List<String> items) {
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1))
                + " and "
                + items.get(items.size() - 1);
    }

    private void skipComment() {
        while (pos < src.length() && src.charAt(pos) != '\n') {
            pos++;
        }
    }

    private RunFailure singleQuoted(StringBuilder word, int startLine) {
        int close = src.indexOf('\'', pos + 1);
        if (close < 0) {
            return unterminated("'", startLine);
        }
        String inner = src.substring(pos + 1, close);
        lineNo += count(inner, '\n');
        word.append(inner);
        pos = close + 1;
        return null;
    }

    private RunFailure doubleQuoted(StringBuilder word, int startLine, int startPos) {
        pos++;
        while (pos < src.length()) {
            char c = src.charAt(pos);
            if (c == '"') {
                pos++;
                return null;
            }
            if (c == '\\' && pos + 1 < src.length()) {
                char next = src.charAt(pos + 1);
                if (next == '\n') {
                    lineNo++;
                    pos += 2;
                    continue;
                }
                if (next == '$' || next == '`' || next == '"' || next == '\\') {
                    word.append(next);
                    pos += 2;
                    continue;
                }
            }
            if (c == '`') {
                return operator("`", "command substitution with backticks", startLine, startPos);
            }
            if (c == '$' && expands(pos + 1)) {
                return dollar(startLine, startPos);
            }
            if (c == '\n') {
                lineNo++;
            }
            word.append(c);
            pos++;
        }
        return unterminated("\"", startLine);
    }

    private RunFailure backslash(StringBuilder word, int startLine) {
        if (pos + 1 >= src.length()) {
            return new RunFailure(
                    ErrorCode.INVALID_SHELL_SYNTAX,
                    "Command line " + startLine + " ends with a backslash but no line follows",
                    "remove the trailing \\ or put the rest of the command on the next line",
                    Map.of("line", startLine));
        }
        char next = src.charAt(pos + 1);
        pos += 2;
        if (next == '\n') {
            lineNo++; // a continuation: the command goes on on the next line
        } else {
            word.append(next);
        }
        return null;
    }

    private RunFailure plain(StringBuilder word, char c, int startLine, int startPos) {
        switch (c) {
            case '|':
                return at("||")
                        ? operator("||", "the operator ||", startLine, startPos)
                        : operator("|", "a pipe", startLine, startPos);
            case '&':
                if (at("&>")) {
                    return operator("&>", "a redirection", startLine, startPos);
                }
                return at("&&")
                        ? operator("&&", "the operator &&", startLine, startPos)
                        : operator("&", "running in the background", startLine, startPos);
            case ';':
                return operator(";", "the separator ;", startLine, startPos);
            case '<':
            case '>':
                return operator(String.valueOf(c), "a redirection", startLine, startPos);
            case '`':
                return operator("`", "command substitution with backticks", startLine, startPos);
            case '(':
            case ')':
                return operator(String.valueOf(c), "a subshell", startLine, startPos);
            case '{':
            case '}':
                return operator(String.valueOf(c), "braces", startLine, startPos);
            case '*':
            case '?':
                return operator(String.valueOf(c), "an unquoted glob", startLine, startPos);
            case '[':
                if (closingBracketInWord()) {
                    return operator("[", "an unquoted glob", startLine, startPos);
                }
                break;
            case '$':
                if (expands(pos + 1)) {
                    return dollar(startLine, startPos);
                }
                break;
            default:
                break;
        }
        word.append(c);
        pos++;
        return null;
    }

    /** Whether a {@code $} followed by the character at {@code i} would expand in a shell. */
    private boolean expands(int i) {
        if (i >= src.length()) {
            return false;
        }
        char n = src.charAt(i);
        return Character.isLetterOrDigit(n) || "_{(@*#?$!-".indexOf(n) >= 0;
    }

    private RunFailure dollar(int startLine, int startPos) {
        char n = src.charAt(pos + 1);
        if (n == '(') {
            return operator("$(", "command substitution $(...)", startLine, startPos);
        }
        return operator("$", "a shell variable", startLine, startPos);
    }

    private boolean closingBracketInWord() {
        for (int i = pos + 1; i < src.length(); i++) {
            char c = src.charAt(i);
            if (c == ']') {
                return true;
            }
            if (c == ' ' || c == '\t' || c == '\n') {
                return false;
            }
        }
        return false;
    }

    private boolean at(String s) {
        return src.startsWith(s, pos);
    }

    private RunFailure operator(String op, String what, int startLine, int startPos) {
        operators.add(new Operator(op, what));
        String text = commandText(startPos);
        return new RunFailure(
                ErrorCode.SHELL_OPERATOR,
                "Command line "
                        + startLine
                        + " uses "
                        + what
                        + " ("
                        + op
                        + "), but no shell runs RUN commands: "
                        + text,
                cdHint(text) == null ? hintFor(op) : cdHint(text) + "; " + hintFor(op),
                RunFailure.details("line", startLine, "command", text, "operator", op));
    }

    private static final java.util.regex.Pattern CD_THEN =
            java.util.regex.Pattern.compile("cd\\s+([^\\s;&|]+)\\s*(?:&&|;)\\s*(.+)");

    /**
     * For {@code cd DIR && COMMAND}: the RUN attribute that does what the cd meant, and the command
     * as its own line; null for any other line.
     */
    static String cdHint(String text) {
        java.util.regex.Matcher m = CD_THEN.matcher(text);
        if (!m.matches()) {
            return null;
        }
        String dir = m.group(1).replaceAll("^[\"']|[\"']$", "");
        return "to run a command in "
                + dir
                + ", give the block dir=\""
                + dir
                + "\" (<---RUN dir=\""
                + dir
                + "\"--->) and write the command alone on its line: "
                + m.group(2).strip();
    }

    static String hintFor(String op) {
        return switch (op) {
            case "|" ->
                    "use one RUN line per command and the commands' own flags instead of a"
                            + " pipe: grep -n PATTERN FILE, head -n 20 FILE, grep -c PATTERN FILE";
            case ";", "&&" ->
                    "use one RUN line per command; the block stops at the first failing"
                            + " command";
            case "||" ->
                    "use one RUN line per command; the block stops at the first failing"
                            + " command, so there is no 'or else'";
            case "&" -> "commands cannot run in the background; run them one per line";
            case "<", ">", "&>" ->
                    "output is captured and returned to you; to write a file use a WRITE"
                            + " operation, to read one use cat";
            case "`", "$(" ->
                    "command substitution is not supported; run the inner command on its"
                            + " own line first and write its result out";
            case "$" ->
                    "no shell expands variables: write the value itself, or put a literal $"
                            + " in single quotes: grep 'price$' file";
            case "(", ")" ->
                    "subshells are not supported: use one RUN line per command, and the"
                            + " RUN dir attribute instead of cd; for find grouping write \\( and \\)";
            case "{", "}" ->
                    "braces are not expanded: write each word out, or quote them: echo" + " '{}'";
            default ->
                    "no shell expands globs: quote the pattern and let the command match:"
                            + " find . -name '*.js', grep -r --include='*.ts' PATTERN .";
        };
    }

    private String commandText(int startPos) {
        int end = src.indexOf('\n', pos);
        return src.substring(startPos, end < 0 ? src.length() : end).strip();
    }

    private RunFailure unterminated(String quote, int startLine) {
        lost = true;
        return new RunFailure(
                ErrorCode.INVALID_SHELL_SYNTAX,
                "Command line " + startLine + " has an unterminated " + quote + " quote",
                "close the quote; to use a literal "
                        + quote
                        + " inside, escape it or use the other kind of quote",
                Map.of("line", startLine));
    }

    private static int count(String s, char c) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == c) {
                n++;
            }
        }
        return n;
    }
}
