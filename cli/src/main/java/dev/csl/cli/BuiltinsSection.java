package dev.csl.cli;

import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.FlagSpec;

/**
 * The "Built-in commands" section of {@code csl prompt}, generated from the runner's command table
 * so that the prompt never offers a command or flag that csl would refuse.
 */
final class BuiltinsSection {
    private BuiltinsSection() {}

    /**
     * The short form {@code csl prompt} prints by default: the names, and how flags work. A flag
     * csl does not support is refused with the supported ones listed, so the model learns them
     * where it needs them.
     */
    static String compact(CommandTable table) {
        StringBuilder text = new StringBuilder();
        for (CommandSpec command : table.commands()) {
            text.append(text.length() == 0 ? "" : ", ")
                    .append('`')
                    .append(command.name())
                    .append('`');
        }
        return text.append(
                        ": the GNU commands with their common flags (`ls -la`, `grep -rn`,"
                                + " `head -n 20`, `find . -name '*.js'`, `mkdir -p`, `rm -r`)."
                                + " A flag csl does not support is refused, and the error lists"
                                + " the supported ones. Read-only git also runs without"
                                + " approval: `git "
                                + String.join("|", CommandTable.READ_ONLY_GIT)
                                + "`.\n")
                .toString();
    }

    /** Every command with its usage and every flag ({@code csl prompt --full}). */
    static String render(CommandTable table) {
        StringBuilder text = new StringBuilder("Flags not listed here are refused.\n\n");
        for (CommandSpec command : table.commands()) {
            text.append("* `")
                    .append(command.usage())
                    .append("`: ")
                    .append(command.description())
                    .append('\n');
            if (!command.flags().isEmpty()) {
                text.append("  ");
                boolean first = true;
                for (FlagSpec flag : command.flags()) {
                    if (!first) {
                        text.append("; ");
                    }
                    first = false;
                    text.append('`')
                            .append(flag.synopsis())
                            .append("` ")
                            .append(flag.description());
                }
                text.append('\n');
            }
        }
        text.append("* `git ")
                .append(String.join("|", CommandTable.READ_ONLY_GIT))
                .append(" [ARG]...`: the real git, read-only (other git commands need approval)\n");
        return text.toString();
    }
}
