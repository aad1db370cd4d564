package dev.csl.runner.worker;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The table of built-in commands that csl checks RUN lines against (docs/builtins.md): every
 * command's flags, operand counts and which operands are paths, read from their one declaration
 * ({@link BuiltinCommand}). The validation before a RUN block runs, the help, {@code csl prompt}
 * and the worker's training list are all generated from it, so they cannot disagree. Read-only.
 */
public final class CommandTable {
    /**
     * The git subcommands that run as the real git without approval (docs/external.md, "Read-only
     * git").
     */
    public static final List<String> READ_ONLY_GIT =
            List.of("status", "diff", "log", "show", "branch", "ls-files");

    private static final CommandTable BUILTINS = new CommandTable(declared());

    private final Map<String, CommandSpec> commands;
    private final List<CommandSpec> order;

    private CommandTable(List<CommandSpec> specs) {
        Map<String, CommandSpec> byName = new HashMap<>();
        for (CommandSpec spec : specs) {
            if (byName.put(spec.name(), spec) != null) {
                throw new IllegalArgumentException("duplicate command " + spec.name());
            }
        }
        this.commands = Map.copyOf(byName);
        this.order = List.copyOf(specs);
    }

    private static List<CommandSpec> declared() {
        List<CommandSpec> specs = new ArrayList<>();
        for (BuiltinCommand c : BuiltinCommand.values()) {
            specs.add(c.spec());
        }
        return specs;
    }

    /** The built-in commands of csl. */
    public static CommandTable builtins() {
        return BUILTINS;
    }

    /** Every command, in the order the help lists them. */
    public List<CommandSpec> commands() {
        return order;
    }

    /** The names of every command, in the order the help lists them. */
    public List<String> names() {
        return order.stream().map(CommandSpec::name).toList();
    }

    public Optional<CommandSpec> command(String name) {
        return Optional.ofNullable(commands.get(name));
    }

    /** The help of every command and of read-only git, as {@code csl prompt} prints it. */
    public String help() {
        StringBuilder s = new StringBuilder();
        for (CommandSpec spec : order) {
            s.append(spec.help());
        }
        s.append("git ")
                .append(String.join("|", READ_ONLY_GIT))
                .append(
                        " [ARG]...\n    the real git, read-only; other git commands need approval\n");
        return s.toString();
    }

    /**
     * The command lines (words, name first) that train the worker's class-data archive: the common
     * uses of each built-in, in table order; later lines may use what earlier ones created.
     */
    public static List<List<String>> trainingLines() {
        List<List<String>> all = new ArrayList<>();
        for (BuiltinCommand c : BuiltinCommand.values()) {
            all.addAll(c.training());
        }
        return all;
    }

    /**
     * This table plus {@code extra} commands that the parent lets through to the worker (tests add
     * the worker's self-tests this way).
     */
    public CommandTable with(CommandSpec... extra) {
        List<CommandSpec> all = new ArrayList<>(order);
        all.addAll(Arrays.asList(extra));
        return new CommandTable(all);
    }
}
