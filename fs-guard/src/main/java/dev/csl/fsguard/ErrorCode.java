package dev.csl.fsguard;

import java.util.Locale;

/**
 * Every stable error code csl reports (docs/error-codes.md), documented in README "Error codes":
 * the guard's refusals, the runner's failures and the interpreter's errors alike. It lives here, in
 * the lowest module, so that every layer speaks this one type; JSON writers write {@link
 * #wireName()}.
 */
public enum ErrorCode {
    SYNTAX_ERROR(
            "The answer has a CSL syntax error (`line`, `error`, `hint`); nothing was applied (exit status 3)."),
    VALIDATION_ERROR("The operation (or its TASKS block) has a validation error and was skipped."),
    TASK_ABORTED("Not run: an earlier operation in the same TASKS block failed."),
    PATH_ESCAPE("The path leads outside the working directory (`..`, absolute, or a symlink)."),
    INVALID_PATH(
            "The path is malformed: empty, `~`, `$VAR`, backslash, drive letter, control character, device name…"),
    PROTECTED_PATH(
            "Writes and deletes under `.git/` and `.csl/` (and of the working directory itself) are refused, and so are creating a directory git would take for a repository and writing inside one; a command or Node script that creates any of them fails with it."),
    IS_DIRECTORY("The path names a directory where a file was expected."),
    FILE_NOT_FOUND("The file does not exist."),
    PERMISSION_DENIED("The operating system refused the access."),
    IO_ERROR(
            "Any other input/output failure, including a binary (non-UTF-8) file given to SEARCH."),
    MATCH_COUNT_MISMATCH(
            "SEARCH found a different number of matches than `count` expects (`expected`, `found`)."),
    SEARCH_RANGE_INCOMPLETE("SEARCH range mode found the start but not the `TO` text after it."),
    PARTIAL_LINE_MATCH(
            "SEARCH matched after a line's indentation, and a later replacement line lacks that indentation (`startLine`, `indentation`)."),
    SHELL_OPERATOR(
            "A RUN line uses a shell feature (pipe, redirection, `;`, `&&`, `$VAR`, glob…); no shell runs."),
    INVALID_SHELL_SYNTAX(
            "A RUN line cannot be split into words (unbalanced quote, trailing backslash)."),
    COMMAND_NOT_ALLOWED(
            "The command is not a built-in and not read-only git, and cannot be approved (e.g. a git subcommand that writes)."),
    COMMAND_NOT_APPROVED(
            "An external command that needs approval was not approved (`csl allow`, `--allow`, `--yes`)."),
    COMMAND_BLOCKED("The command is blocked in `.csl/commands.json`."),
    UNKNOWN_FLAG("A built-in command was given a flag it does not support."),
    INVALID_FLAG_VALUE("A flag of a built-in command has an invalid value."),
    WRONG_ARGUMENT_COUNT("A built-in command got too few or too many operands."),
    INVALID_WORKING_DIRECTORY(
            "The RUN `dir` is missing, not a directory, or outside the working directory."),
    COMMAND_FAILED("A command exited with a non-zero status (`exitCode`)."),
    COMMAND_NOT_FOUND("The program does not exist on this machine."),
    TIMEOUT("A command ran longer than its timeout; its whole process tree was killed."),
    NODE_UNAVAILABLE("A `lang=\"node\"` block cannot run: Node.js is missing or too old."),
    UNSAFE_DIRECTORY(
            "The working directory or its `.csl/` belongs to another user, or others may write the directory csl would have taken as the project; nothing was done (`csl trust --safe-directory DIR` marks one safe)."),
    PLAN_CHANGED("`--expect-plan`: the files changed since the dry run; nothing was applied."),
    LIMIT_EXCEEDED(
            "An apply's budget would be exceeded (bytes or files written, the free-space floor, the size of a SEARCH result) or csl ran out of memory; nothing of the refused step was written, and the message names the budget and its `limits` key in `.csl/commands.json`."),
    MARKER_IN_CONTENT(
            "A content, pattern or replacement line is a CSL marker (a missing or indented END); the operation was refused."),
    FENCED_CONTENT(
            "WRITE content wrapped in a markdown fence: refused for source files, a warning for markdown and text files."),
    INVALID_ENCODING(
            "A line of the operation held bytes that are not UTF-8; the operation was refused."),
    PLACEHOLDER_CONTENT(
            "A WRITE would replace an existing file with content holding an elision comment (`// ... rest unchanged ...`, `# existing code`), or a REPLACE holds one the text it replaces did not; refused."),
    UNBALANCED_REPLACEMENT(
            "A SEARCH replacement does not balance its brackets (`{}`, `()`, `[]`) the way the text it replaced did; a warning, a refusal under `--strict`."),
    INDENTATION_STYLE(
            "A SEARCH replacement is indented with tabs in a file indented with spaces, or the reverse; a warning, a refusal under `--strict`."),
    NO_OPERATIONS(
            "The answer holds no CSL operation (perhaps another tool's edit format); nothing was applied."),
    UNKNOWN_ATTRIBUTE(
            "An operation has an attribute it does not know (`apend=`, `cwd=`); a warning naming the one probably meant, a refusal under `--strict`."),
    AMBIGUOUS_RANGE(
            "A SEARCH range's TO text stands again, at the same indentation, later in the block the range began in: a warning naming both lines, a refusal under `--strict`."),
    NOTHING_TO_UNDO("`csl undo`: there is no applied change left to undo."),
    CHANGED_SINCE_APPLY(
            "`csl undo`: files changed after the apply; nothing was restored (use `--force`)."),
    USAGE_ERROR(
            "The command line was wrong (a bad option or value, a missing or unreadable answer file); nothing was done (exit status 2).");

    private final String meaning;

    ErrorCode(String meaning) {
        this.meaning = meaning;
    }

    /** The stable name used in JSON, e.g. {@code match_count_mismatch}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** One line saying what the code means (the README table). */
    public String meaning() {
        return meaning;
    }

    /** The code with this wire name, or {@code IO_ERROR} for an unknown name. */
    public static ErrorCode fromWireName(String wireName) {
        for (ErrorCode code : values()) {
            if (code.wireName().equals(wireName)) {
                return code;
            }
        }
        return IO_ERROR;
    }
}
