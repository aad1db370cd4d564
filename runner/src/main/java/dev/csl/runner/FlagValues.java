package dev.csl.runner;

import dev.csl.runner.worker.FlagSpec;

/** Checks a flag's value against what the command table says it must be. */
final class FlagValues {
    private FlagValues() {}

    /** Why {@code value} is not a valid {@code kind}, or {@code null} when it is. */
    static String problem(FlagSpec.Value kind, String value) {
        return switch (kind) {
            case NONE -> "takes no value";
            case TEXT -> null;
            case COUNT -> number(value) ? null : "must be a whole number of zero or more";
            case HEAD_COUNT ->
                    number(value.startsWith("-") ? value.substring(1) : value)
                            ? null
                            : "must be a whole number N or -N";
            case TAIL_COUNT ->
                    number(
                                    value.startsWith("+") || value.startsWith("-")
                                            ? value.substring(1)
                                            : value)
                            ? null
                            : "must be a whole number N or +N";
            case FILE_TYPE ->
                    value.equals("f") || value.equals("d") || value.equals("l")
                            ? null
                            : "must be f (file), d (directory) or l (symlink)";
        };
    }

    private static boolean number(String s) {
        if (s.isEmpty() || s.length() > 9) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
