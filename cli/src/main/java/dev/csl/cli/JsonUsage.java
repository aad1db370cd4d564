package dev.csl.cli;

import dev.csl.fsguard.ErrorCode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Function;

/**
 * With {@code --json}, every outcome is one JSON document on stdout — a usage error too (a missing
 * answer file, a bad option value), which would otherwise be plain text on stderr that an agent
 * loop parsing stdout never sees: {@code ok} false and the code {@link ErrorCode#USAGE_ERROR}. The
 * text still goes to stderr for people.
 */
final class JsonUsage {
    private JsonUsage() {}

    /**
     * Runs {@code command} with an error writer that is captured when {@code json}; a usage error
     * (exit 2) is then also printed as the JSON document on {@code out}.
     */
    static int run(
            String name,
            boolean json,
            PrintWriter out,
            PrintWriter err,
            Function<PrintWriter, Integer> command) {
        if (!json) {
            return command.apply(err);
        }
        StringWriter captured = new StringWriter();
        int code;
        Capture capture = new Capture(captured);
        try (capture) {
            code = command.apply(capture);
        }
        err.print(captured);
        err.flush();
        if (code == ExitCodes.USAGE) {
            out.println(document(captured.toString().strip(), name, capture.code, capture.hint));
            out.flush();
        }
        return code;
    }

    /**
     * Says that the usage error being printed on {@code err} has {@code code} (not {@code
     * usage_error}) and {@code hint}; nothing without {@code --json}.
     */
    static void code(PrintWriter err, ErrorCode code, String hint) {
        if (err instanceof Capture capture) {
            capture.code = code;
            capture.hint = hint;
        }
    }

    /** The document for a usage error of {@code csl NAME} saying {@code message}. */
    static String document(String message, String name) {
        return document(message, name, ErrorCode.USAGE_ERROR, null);
    }

    private static String document(String message, String name, ErrorCode code, String hint) {
        return ReportJson.object(
                g -> {
                    g.writeBooleanField("ok", false);
                    g.writeObjectFieldStart("error");
                    g.writeStringField("code", code.wireName());
                    g.writeStringField(
                            "message",
                            message.isEmpty() ? "csl " + name + ": usage error" : message);
                    g.writeStringField(
                            "hint",
                            hint != null
                                    ? hint
                                    : "'csl " + name + " --help' lists the options and arguments");
                    g.writeEndObject();
                });
    }

    /** The error writer under {@code --json}: the text, and the code it stands for. */
    private static final class Capture extends PrintWriter {
        ErrorCode code = ErrorCode.USAGE_ERROR;
        String hint;

        Capture(StringWriter text) {
            super(text);
        }
    }
}
