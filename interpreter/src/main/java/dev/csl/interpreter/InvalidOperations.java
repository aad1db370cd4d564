package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Operation;
import dev.csl.grammar.ValidationError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The operations refused before anything runs: those with validation errors and those refused as
 * likely mistakes (docs/language.md, "Likely mistakes"), by line, and the error each one's result
 * reports.
 */
final class InvalidOperations {
    /** Names models use for the file attribute by mistake. */
    private static final List<String> FILE_ALIASES = UnknownAttributes.aliasesOf("file");

    private final Map<Integer, List<ValidationError>> errorsByLine = new LinkedHashMap<>();
    private final Map<Integer, ErrorInfo> mistakes;

    InvalidOperations(List<ValidationError> validationErrors, Map<Integer, ErrorInfo> mistakes) {
        this.mistakes = mistakes;
        for (ValidationError e : validationErrors) {
            errorsByLine.computeIfAbsent(e.line(), l -> new ArrayList<>()).add(e);
        }
    }

    /** True when the operation at {@code line} is refused (invalid or a likely mistake). */
    boolean refuses(Operation op) {
        return errorsByLine.containsKey(op.line()) || mistakes.containsKey(op.line());
    }

    /** True when the operation at {@code line} has validation errors of its own. */
    boolean hasValidationErrors(Operation op) {
        return errorsByLine.containsKey(op.line());
    }

    /** Why {@code op} is refused, or null when it may run. */
    ErrorInfo errorOf(Operation op) {
        if (mistakes.containsKey(op.line())) {
            return mistakes.get(op.line());
        }
        List<ValidationError> errors = errorsByLine.get(op.line());
        if (errors == null) {
            return null;
        }
        List<String> messages = new ArrayList<>();
        Map<String, Object> details = new LinkedHashMap<>();
        for (ValidationError e : errors) {
            messages.add(e.error());
            if (e.field() != null && !details.containsKey("field")) {
                details.put("field", e.field());
            }
        }
        if (errors.size() > 1) {
            details.put("errors", messages);
        }
        return new ErrorInfo(
                ErrorCode.VALIDATION_ERROR,
                String.join("; ", messages),
                "Fix the "
                        + op.type()
                        + " at line "
                        + op.line()
                        + " as the message says; it was not run."
                        + probablyMeantFile(op, messages),
                details);
    }

    /** For a missing file: the unknown attribute that probably meant it ({@code path=}). */
    private static String probablyMeantFile(Operation op, List<String> messages) {
        if (!messages.contains("Missing required attribute 'file'")) {
            return "";
        }
        for (String alias : FILE_ALIASES) {
            String value = op.attributes().getOr(alias, null);
            if (value != null) {
                return " It has the unknown attribute "
                        + alias
                        + "=\""
                        + value
                        + "\": did you mean file=\""
                        + value
                        + "\"?";
            }
        }
        return "";
    }
}
