package dev.csl.runner.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One built-in command as the command table declares it: its flags, how many operands it takes and
 * which of them are paths.
 *
 * @param name the command name, e.g. {@code grep}
 * @param usage a synopsis such as {@code grep [FLAG]... PATTERN [FILE]...}
 * @param description one line for the help and for {@code csl prompt}
 * @param syntax how the words after the name are read
 * @param flags every flag the command accepts
 * @param numericFlag the flag that the GNU shorthand {@code -N} stands for ({@code head -20}), or
 *     {@code null}
 * @param operands the operand layout
 */
public record CommandSpec(
        String name,
        String usage,
        String description,
        Syntax syntax,
        List<FlagSpec> flags,
        String numericFlag,
        Operands operands) {

    /** How the words of a command line are read. */
    public enum Syntax {
        /** GNU getopt: flags and operands in any order, clusters ({@code -la}), {@code --}. */
        GETOPT,
        /** find: paths first, then an expression of primaries ({@code -name '*.js' -type f}). */
        EXPRESSION,
        /** echo: leading words made only of known flag letters are flags, the rest is text. */
        ECHO
    }

    /**
     * The operand layout: the first operands have the kinds of {@code leading}, the last one has
     * {@code last} (when not null and there are more operands than leading ones), every other one
     * {@code rest}.
     *
     * @param min the fewest operands
     * @param max the most operands, or -1 for no limit
     * @param leadingDroppedBy a flag whose presence means the leading operands are absent ({@code
     *     grep -e PATTERN} takes no PATTERN operand), or {@code null}
     */
    public record Operands(
            int min,
            int max,
            List<OperandKind> leading,
            OperandKind rest,
            OperandKind last,
            String leadingDroppedBy) {
        public Operands {
            leading = List.copyOf(leading);
            Objects.requireNonNull(rest, "rest");
            if (min < 0 || (max >= 0 && max < min)) {
                throw new IllegalArgumentException("bad operand counts " + min + ".." + max);
            }
        }

        /** The kind of every operand of a command line with these flags and operand count. */
        public List<OperandKind> kinds(Set<String> flagsGiven, int count) {
            List<OperandKind> lead =
                    leadingDroppedBy != null && flagsGiven.contains(leadingDroppedBy)
                            ? List.of()
                            : leading;
            List<OperandKind> kinds = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                if (i < lead.size()) {
                    kinds.add(lead.get(i));
                } else if (last != null && i == count - 1) {
                    kinds.add(last);
                } else {
                    kinds.add(rest);
                }
            }
            return kinds;
        }
    }

    public CommandSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(usage, "usage");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(syntax, "syntax");
        flags = List.copyOf(flags);
        Objects.requireNonNull(operands, "operands");
    }

    /** The flag spelled {@code spelling} (name or alias). */
    public Optional<FlagSpec> flag(String spelling) {
        return flags.stream().filter(f -> f.matches(spelling)).findFirst();
    }

    /** Whether any operand can be written or deleted, i.e. the command changes files. */
    public boolean mutates() {
        Operands o = operands;
        return o.rest() == OperandKind.WRITE
                || o.rest() == OperandKind.DELETE
                || o.last() == OperandKind.WRITE
                || o.leading().contains(OperandKind.WRITE)
                || o.leading().contains(OperandKind.DELETE);
    }

    /** The supported flags, one short line each, as unknown_flag errors and the help list them. */
    public List<String> flagSynopses() {
        return flags.stream().map(FlagSpec::synopsis).toList();
    }

    /** The help text of this command: usage, description and one line per flag. */
    public String help() {
        StringBuilder s = new StringBuilder();
        s.append(usage).append("\n    ").append(description).append('\n');
        for (FlagSpec f : flags) {
            s.append(String.format("    %-28s %s", f.synopsis(), f.description())).append('\n');
        }
        return s.toString();
    }
}
