package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardException;
import java.util.LinkedHashMap;
import java.util.Map;

/** An operation failed; carries the error as data. Never leaves the interpreter. */
final class OpFailure extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient ErrorInfo error;

    OpFailure(ErrorInfo error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    OpFailure(ErrorCode code, String message, String hint) {
        this(ErrorInfo.of(code, message, hint));
    }

    ErrorInfo error() {
        return error;
    }

    /** A guard refusal or I/O failure, with the path as written and where it resolved. */
    static OpFailure of(GuardException e, String notChanged) {
        Map<String, Object> details = new LinkedHashMap<>();
        if (e.pathAsWritten() != null) {
            details.put("path", e.pathAsWritten());
        }
        if (e.resolved() != null) {
            details.put("resolved", e.resolved().toString());
        }
        String message = e.getMessage();
        if (notChanged != null && !message.contains("not changed")) {
            message = message + (message.endsWith(".") ? " " : ". ") + notChanged;
        }
        return new OpFailure(new ErrorInfo(e.code(), message, e.hint(), details));
    }
}
