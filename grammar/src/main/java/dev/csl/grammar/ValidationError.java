package dev.csl.grammar;

/**
 * One semantic problem found after a successful parse (docs/language.md, "Validation").
 *
 * @param line line of the operation's opening marker
 * @param operation WRITE, SEARCH, RUN or TASKS
 * @param error the exact spec message
 * @param field the attribute whose value is wrong, or {@code null}
 * @param parentTaskLine line of the enclosing TASKS, or {@code null} at top level
 */
public record ValidationError(
        int line, String operation, String error, String field, Integer parentTaskLine) {

    /** One sentence telling the LLM how to fix this problem. */
    public String hint() {
        switch (error) {
            case Validator.MISSING_FILE:
                return "name the file to change: " + operation + " file=\"path/to/file\"";
            case Validator.BAD_COUNT:
                return "write count=\"N\" with N the exact number of matches (1, 2, ...)"
                        + " or count=\"all\"";
            case Validator.BAD_APPEND:
                return "write append=\"true\" to append, or leave it out to replace the file";
            case Validator.BAD_TIMEOUT:
                return "write timeout=\"N\" with N a whole number of seconds above 0";
            case Validator.BAD_LANG:
                return "write lang=\"node\" for a Node.js program, or leave lang out for commands";
            case Validator.EMPTY_RUN:
                return "put at least one command line between the RUN marker and END";
            case Validator.EMPTY_PATTERN:
                return "put the exact lines to find between the SEARCH marker and REPLACE";
            case Validator.EMPTY_TO:
                return "put the lines that end the range between TO and REPLACE, or drop TO";
            case Validator.NESTED_TASKS:
                return "move the inner operations into the outer TASKS block";
            default:
                return "fix the operation as the error says";
        }
    }
}
