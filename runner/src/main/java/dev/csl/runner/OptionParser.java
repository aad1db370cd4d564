package dev.csl.runner;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.FlagSpec;
import dev.csl.runner.worker.Invocation;
import dev.csl.runner.worker.Invocation.Option;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the words of a built-in command line against its {@link CommandSpec}: GNU getopt style
 * (clusters, {@code --long=value}, {@code --}, operands anywhere), find's expressions, echo's
 * lenient flags. Refuses with {@code unknown_flag}, {@code invalid_flag_value} or {@code
 * wrong_argument_count}, never with a stack trace.
 */
final class OptionParser {

    /** Either the parsed command line or why it was refused. */
    record Parsed(Invocation invocation, RunFailure failure) {
        static Parsed ok(Invocation invocation) {
            return new Parsed(invocation, null);
        }

        static Parsed refused(RunFailure failure) {
            return new Parsed(null, failure);
        }
    }

    private final CommandSpec spec;
    private final List<String> words;
    private final String text;
    private final List<Option> options = new ArrayList<>();
    private final List<String> operands = new ArrayList<>();

    private OptionParser(CommandSpec spec, List<String> words, String text) {
        this.spec = spec;
        this.words = words;
        this.text = text;
    }

    /** Parses {@code words} (the command name first) of the command line {@code text}. */
    static Parsed parse(CommandSpec spec, List<String> words, String text) {
        return new OptionParser(spec, words, text).run();
    }

    private Parsed run() {
        RunFailure failure =
                switch (spec.syntax()) {
                    case GETOPT -> getopt();
                    case EXPRESSION -> expression();
                    case ECHO -> echo();
                };
        if (failure == null) {
            failure = counts();
        }
        if (failure != null) {
            return Parsed.refused(failure);
        }
        return Parsed.ok(new Invocation(spec.name(), options, operands));
    }

    private RunFailure getopt() {
        boolean onlyOperands = false;
        for (int i = 1; i < words.size(); i++) {
            String w = words.get(i);
            if (onlyOperands || w.equals("-") || !w.startsWith("-")) {
                operands.add(w);
            } else if (w.equals("--")) {
                onlyOperands = true;
            } else if (w.startsWith("--")) {
                int eq = w.indexOf('=');
                String name = eq < 0 ? w : w.substring(0, eq);
                Optional<FlagSpec> flag = spec.flag(name);
                if (flag.isEmpty()) {
                    return unknown(name);
                }
                FlagSpec f = flag.get();
                if (!f.takesValue()) {
                    if (eq >= 0) {
                        return badValue(f, w, "takes no value");
                    }
                    options.add(new Option(f.name(), null));
                } else if (eq >= 0) {
                    RunFailure bad = addValued(f, w.substring(eq + 1));
                    if (bad != null) {
                        return bad;
                    }
                } else {
                    if (i + 1 >= words.size()) {
                        return missingValue(f);
                    }
                    RunFailure bad = addValued(f, words.get(++i));
                    if (bad != null) {
                        return bad;
                    }
                }
            } else if (spec.numericFlag() != null && isDigits(w.substring(1))) {
                FlagSpec f = spec.flag(spec.numericFlag()).orElseThrow();
                RunFailure bad = addValued(f, w.substring(1));
                if (bad != null) {
                    return bad;
                }
            } else {
                for (int j = 1; j < w.length(); j++) {
                    String name = "-" + w.charAt(j);
                    Optional<FlagSpec> flag = spec.flag(name);
                    if (flag.isEmpty()) {
                        return unknown(name);
                    }
                    FlagSpec f = flag.get();
                    if (!f.takesValue()) {
                        options.add(new Option(f.name(), null));
                        continue;
                    }
                    String value;
                    if (j + 1 < w.length()) {
                        value = w.substring(j + 1);
                    } else if (i + 1 < words.size()) {
                        value = words.get(++i);
                    } else {
                        return missingValue(f);
                    }
                    RunFailure bad = addValued(f, value);
                    if (bad != null) {
                        return bad;
                    }
                    break;
                }
            }
        }
        return null;
    }

    /** find: paths until the first word that starts an expression, then primaries. */
    private RunFailure expression() {
        int i = 1;
        while (i < words.size() && !startsExpression(words.get(i))) {
            operands.add(words.get(i++));
        }
        for (; i < words.size(); i++) {
            String w = words.get(i);
            Optional<FlagSpec> flag = spec.flag(w);
            if (flag.isEmpty()) {
                if (!startsExpression(w)) {
                    return new RunFailure(
                            ErrorCode.WRONG_ARGUMENT_COUNT,
                            "find: paths must come before the expression, but '"
                                    + w
                                    + "' follows it: "
                                    + text,
                            "write find PATH... then the tests, e.g. find src -name '*.js'",
                            RunFailure.details("command", text, "operand", w));
                }
                return unknown(w);
            }
            FlagSpec f = flag.get();
            if (!f.takesValue()) {
                options.add(new Option(f.name(), null));
                continue;
            }
            if (i + 1 >= words.size()) {
                return missingValue(f);
            }
            RunFailure bad = addValued(f, words.get(++i));
            if (bad != null) {
                return bad;
            }
        }
        return null;
    }

    private static boolean startsExpression(String w) {
        return (w.startsWith("-") && w.length() > 1) || w.equals("(") || w.equals("!");
    }

    /** echo: like GNU echo, a word is a flag only when every letter of it is a known flag. */
    private RunFailure echo() {
        int i = 1;
        for (; i < words.size(); i++) {
            String w = words.get(i);
            if (w.length() < 2 || w.charAt(0) != '-' || !allFlags(w)) {
                break;
            }
            for (int j = 1; j < w.length(); j++) {
                options.add(new Option("-" + w.charAt(j), null));
            }
        }
        operands.addAll(words.subList(i, words.size()));
        return null;
    }

    private boolean allFlags(String w) {
        for (int j = 1; j < w.length(); j++) {
            if (spec.flag("-" + w.charAt(j)).isEmpty()) {
                return false;
            }
        }
        return true;
    }

    private RunFailure counts() {
        Set<String> given = new HashSet<>();
        options.forEach(o -> given.add(o.flag()));
        int min = spec.operands().min();
        int max = spec.operands().max();
        String dropper = spec.operands().leadingDroppedBy();
        if (dropper != null && given.contains(dropper)) {
            int dropped = spec.operands().leading().size();
            min = Math.max(0, min - dropped);
            max = max < 0 ? max : max - dropped;
        }
        if (spec.name().equals("grep") && !given.contains("-r")) {
            min++; // without -r grep would read stdin, which RUN commands never have
        }
        if (spec.name().equals("basename") && !given.contains("-a") && !given.contains("-s")) {
            max = 2;
        }
        int n = operands.size();
        if (n >= min && (max < 0 || n <= max)) {
            return null;
        }
        String expected;
        if (max < 0) {
            expected = "at least " + min;
        } else if (min == max) {
            expected = "exactly " + min;
        } else {
            expected = min + " to " + max;
        }
        String hint = "usage: " + spec.usage();
        if (spec.name().equals("grep") && n < min) {
            hint += "; name the files to search, or search a directory with grep -r PATTERN .";
        }
        return new RunFailure(
                ErrorCode.WRONG_ARGUMENT_COUNT,
                spec.name()
                        + " takes "
                        + expected
                        + " operand"
                        + (min == 1 && max == 1 ? "" : "s")
                        + " but got "
                        + n
                        + ": "
                        + text,
                hint,
                RunFailure.details("command", text, "expected", expected, "found", n));
    }

    private RunFailure addValued(FlagSpec f, String value) {
        String problem = FlagValues.problem(f.value(), value);
        if (problem != null) {
            return badValue(f, value, problem);
        }
        options.add(new Option(f.name(), value));
        return null;
    }

    private RunFailure unknown(String flag) {
        List<String> supported = spec.flagSynopses();
        String list = supported.isEmpty() ? "none" : String.join("; ", supported);
        return new RunFailure(
                ErrorCode.UNKNOWN_FLAG,
                spec.name() + " does not support the flag " + flag + " (supported: " + list + ")",
                supported.isEmpty()
                        ? "usage: " + spec.usage()
                        : "use only the supported flags; usage: " + spec.usage(),
                RunFailure.details("command", text, "flag", flag, "supported", supported));
    }

    private RunFailure missingValue(FlagSpec f) {
        return new RunFailure(
                ErrorCode.INVALID_FLAG_VALUE,
                spec.name() + ": the flag " + f.name() + " needs a value: " + text,
                "write " + f.synopsis(),
                RunFailure.details("command", text, "flag", f.name()));
    }

    private RunFailure badValue(FlagSpec f, String value, String problem) {
        return new RunFailure(
                ErrorCode.INVALID_FLAG_VALUE,
                spec.name() + ": invalid value '" + value + "' for " + f.name() + ": " + problem,
                "write " + f.synopsis() + " (" + f.description() + ")",
                RunFailure.details("command", text, "flag", f.name(), "value", value));
    }

    private static boolean isDigits(String s) {
        if (s.isEmpty()) {
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
