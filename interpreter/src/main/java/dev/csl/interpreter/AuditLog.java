package dev.csl.interpreter;

import dev.csl.fsguard.StateDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code .csl/audit.jsonl}: one JSON line per operation of every real apply (docs/external.md):
 * time, task, operation, path or command, decision, sandbox layer, exit status, duration.
 */
final class AuditLog {
    static final String FILE = ".csl/audit.jsonl";

    /** The log's name within {@code .csl}. */
    static final String NAME = FILE.substring(FILE.indexOf('/') + 1);

    /** What is known about one operation besides its result. */
    record Facts(Instant time, long durationMs, String subject, String sandbox, Integer exitCode) {}

    private final Map<String, Facts> facts = new HashMap<>();

    void note(String task, Facts f) {
        facts.put(task, f);
    }

    /** Milliseconds since {@code t0}, a {@link System#nanoTime()}: an operation's duration. */
    static long millisSince(long t0) {
        return (System.nanoTime() - t0) / 1_000_000;
    }

    /** Appended by atomic replace; past this size the log is renamed aside and begun anew. */
    static final int ROTATE_BYTES = 1 << 20;

    void write(StateDirectory state, String applyId, List<OperationResult> results)
            throws IOException {
        StringBuilder out = new StringBuilder();
        append(out, applyId, results);
        if (out.length() == 0) {
            return;
        }
        if (state.exists(NAME) && state.read(NAME).length > ROTATE_BYTES) {
            state.move(NAME, "audit-" + System.currentTimeMillis() + ".jsonl");
        }
        state.append(NAME, out.toString().getBytes(StandardCharsets.UTF_8));
    }

    private void append(StringBuilder out, String applyId, List<OperationResult> results)
            throws IOException {
        for (OperationResult r : results) {
            Facts f = facts.get(r.task());
            String line =
                    JsonLines.object(
                            g -> {
                                g.writeStringField(
                                        "time", (f == null ? Instant.now() : f.time()).toString());
                                if (applyId != null) {
                                    g.writeStringField("apply", applyId);
                                }
                                g.writeStringField("task", r.task());
                                g.writeStringField("operation", r.type());
                                if ("RUN".equals(r.type())) {
                                    g.writeStringField("command", f == null ? "" : f.subject());
                                } else if (r.file() != null) {
                                    g.writeStringField("path", r.file());
                                }
                                g.writeStringField("decision", decision(r));
                                if (f != null && f.sandbox() != null) {
                                    g.writeStringField("sandbox", f.sandbox());
                                }
                                g.writeStringField("status", r.status().wireName());
                                if (f != null && f.exitCode() != null) {
                                    g.writeNumberField("exitStatus", f.exitCode());
                                }
                                g.writeNumberField("durationMs", f == null ? 0 : f.durationMs());
                            });
            out.append(line).append('\n');
            if (r.results() != null) {
                append(out, applyId, r.results());
            }
        }
    }

    private static String decision(OperationResult r) {
        if (r.error() == null) {
            return "allowed";
        }
        return switch (r.error().code()) {
            case PATH_ESCAPE,
                            INVALID_PATH,
                            PROTECTED_PATH,
                            SHELL_OPERATOR,
                            INVALID_SHELL_SYNTAX,
                            COMMAND_NOT_ALLOWED,
                            COMMAND_NOT_APPROVED,
                            COMMAND_BLOCKED,
                            UNKNOWN_FLAG,
                            INVALID_FLAG_VALUE,
                            WRONG_ARGUMENT_COUNT,
                            INVALID_WORKING_DIRECTORY,
                            VALIDATION_ERROR,
                            TASK_ABORTED ->
                    "refused: " + r.error().code().wireName();
            default -> "allowed";
        };
    }
}
