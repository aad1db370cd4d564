package dev.csl.runner.worker;

import java.util.List;
import java.util.Objects;

/**
 * One flag of a built-in command, as the command table declares it.
 *
 * @param name the canonical spelling, e.g. {@code -n} (or {@code --include} for long-only flags)
 * @param aliases other spellings meaning the same, e.g. {@code --lines}
 * @param value what the flag's value must be, or {@link Value#NONE} for a switch
 * @param description one line for the help and for {@code csl prompt}
 */
public record FlagSpec(String name, List<String> aliases, Value value, String description) {

    /** What a flag's value must look like; the parent checks it before anything runs. */
    public enum Value {
        NONE(""),
        /** A whole number of zero or more. */
        COUNT("N"),
        /** {@code N} or {@code -N} (head: all but the last N). */
        HEAD_COUNT("N"),
        /** {@code N} or {@code +N} (tail: starting at line N). */
        TAIL_COUNT("N"),
        /** {@code f}, {@code d} or {@code l}. */
        FILE_TYPE("TYPE"),
        /** Any text (a pattern, a glob, a format). */
        TEXT("TEXT");

        private final String placeholder;

        Value(String placeholder) {
            this.placeholder = placeholder;
        }

        /** How the help shows the value ({@code N}, {@code TYPE}, ...). */
        public String placeholder() {
            return placeholder;
        }
    }

    public FlagSpec {
        Objects.requireNonNull(name, "name");
        aliases = List.copyOf(aliases);
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(description, "description");
    }

    public boolean takesValue() {
        return value != Value.NONE;
    }

    /** True when {@code spelling} is this flag's name or one of its aliases. */
    public boolean matches(String spelling) {
        return name.equals(spelling) || aliases.contains(spelling);
    }

    /** The flag as the help shows it: {@code -n, --lines N}. */
    public String synopsis() {
        StringBuilder s = new StringBuilder(name);
        for (String alias : aliases) {
            s.append(", ").append(alias);
        }
        if (takesValue()) {
            s.append(' ').append(value.placeholder());
        }
        return s.toString();
    }
}
