package dev.csl.runner.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One built-in command line, already checked against the command table by the csl process: the
 * flags by their canonical names, in the order written, and the operands.
 *
 * @param command the built-in's name
 * @param options the flags in order; a flag may repeat ({@code grep -e a -e b})
 * @param operands the operands in order
 */
public record Invocation(String command, List<Option> options, List<String> operands) {

    /**
     * One flag.
     *
     * @param flag the canonical name from the command table ({@code -n}, never {@code --lines})
     * @param value its value, or {@code null} for a switch
     */
    public record Option(String flag, String value) {
        public Option {
            Objects.requireNonNull(flag, "flag");
        }
    }

    public Invocation {
        Objects.requireNonNull(command, "command");
        options = List.copyOf(options);
        operands = List.copyOf(operands);
    }

    public boolean has(String flag) {
        for (Option o : options) { // asked per file and per line by grep: no stream
            if (o.flag().equals(flag)) {
                return true;
            }
        }
        return false;
    }

    /** The value of the last occurrence of {@code flag}, or {@code fallback}. */
    public String value(String flag, String fallback) {
        String v = fallback;
        for (Option o : options) {
            if (o.flag().equals(flag)) {
                v = o.value();
            }
        }
        return v;
    }

    /** Every value given to {@code flag}, in order. */
    public List<String> values(String flag) {
        List<String> vs = new ArrayList<>();
        for (Option o : options) {
            if (o.flag().equals(flag)) {
                vs.add(o.value());
            }
        }
        return vs;
    }
}
