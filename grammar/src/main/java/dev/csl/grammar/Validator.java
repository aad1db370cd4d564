package dev.csl.grammar;

import java.util.ArrayList;
import java.util.List;

/**
 * Semantic checks after a successful parse (docs/language.md, "Validation"); collects every
 * problem.
 */
public final class Validator {
    static final String MISSING_FILE = "Missing required attribute 'file'";
    static final String BAD_COUNT = "Invalid value for 'count': must be positive integer or 'all'";
    static final String BAD_APPEND = "Invalid value for 'append': must be 'true' or 'false'";
    static final String BAD_TIMEOUT =
            "Invalid value for 'timeout': must be a positive whole number of seconds";
    static final String BAD_LANG = "Invalid value for 'lang': must be 'node'";
    static final String EMPTY_RUN = "Empty content not allowed for RUN operation";
    static final String EMPTY_PATTERN = "Empty search pattern not allowed";
    static final String EMPTY_TO = "Empty TO pattern not allowed";
    static final String NESTED_TASKS = "TASKS cannot contain other TASKS operations";

    private final List<ValidationError> errors = new ArrayList<>();

    private Validator() {}

    /**
     * Every problem of {@code operations}, in operation order; within one operation: missing file,
     * attribute values (count, append, timeout, lang), empty content or pattern, empty TO.
     */
    public static List<ValidationError> validate(List<Operation> operations) {
        Validator validator = new Validator();
        for (Operation operation : operations) {
            validator.check(operation, null);
        }
        return List.copyOf(validator.errors);
    }

    private void check(Operation operation, Integer parentTaskLine) {
        if (operation instanceof Write write) {
            requireFile(write, parentTaskLine);
            String append = write.attributes().getOr("append", "false");
            if (!append.equals("true") && !append.equals("false")) {
                add(write, BAD_APPEND, "append", parentTaskLine);
            }
        } else if (operation instanceof Search search) {
            requireFile(search, parentTaskLine);
            if (!isCount(search.attributes().getOr("count", "1"))) {
                add(search, BAD_COUNT, "count", parentTaskLine);
            }
            if (search.pattern().isEmpty()) {
                add(search, EMPTY_PATTERN, null, parentTaskLine);
            }
            if (search.hasTo() && search.to().isEmpty()) {
                add(search, EMPTY_TO, null, parentTaskLine);
            }
        } else if (operation instanceof Run run) {
            if (!isPositiveWholeNumber(run.attributes().getOr("timeout", "1"))) {
                add(run, BAD_TIMEOUT, "timeout", parentTaskLine);
            }
            String lang = run.attributes().getOr("lang", "node");
            if (!lang.equals("node") && !lang.equals("js") && !lang.equals("javascript")) {
                add(run, BAD_LANG, "lang", parentTaskLine);
            }
            if (run.content().isEmpty()) {
                add(run, EMPTY_RUN, null, parentTaskLine);
            }
        } else if (operation instanceof Tasks tasks) {
            if (parentTaskLine != null) {
                add(tasks, NESTED_TASKS, null, parentTaskLine);
                return;
            }
            for (Operation child : tasks.operations()) {
                check(child, tasks.line());
            }
        }
    }

    private void requireFile(Operation operation, Integer parentTaskLine) {
        if (operation.attributes().getOr("file", "").isEmpty()) {
            add(operation, MISSING_FILE, null, parentTaskLine);
        }
    }

    private void add(Operation operation, String error, String field, Integer parentTaskLine) {
        errors.add(
                new ValidationError(
                        operation.line(), operation.type(), error, field, parentTaskLine));
    }

    /** "all", or digits spelling a number above zero ("01" is 1; "+3", "3.0" are not). */
    static boolean isCount(String value) {
        return value.equals("all") || isPositiveWholeNumber(value);
    }

    static boolean isPositiveWholeNumber(String value) {
        if (value.isEmpty()) {
            return false;
        }
        boolean nonZero = false;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
            nonZero |= c != '0';
        }
        return nonZero;
    }
}
