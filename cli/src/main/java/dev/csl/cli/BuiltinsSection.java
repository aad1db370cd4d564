package dev.csl.cli;

import dev.csl.runner.CommandSpec;
import dev.csl.runner.CommandTable;
import dev.csl.runner.FlagSpec;

/**
 * The "Built-in commands" section of {@code csl prompt}, generated from the runner's command table
 * so that the prompt never offers a command or flag that csl would refuse.
 */
final class BuiltinsSection {
    private BuiltinsSection() {}

    static String render(CommandTable table) {
        StringBuilder text = new StringBuilder();
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
