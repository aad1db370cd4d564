package dev.csl.cli.serve;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.grammar.Delimiters;
import dev.csl.runner.base.SandboxMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The csl methods of the server: checks each request's parameters on the reading thread (so a bad
 * call is answered at once) and returns the work to run. {@code shutdown} is the server's own.
 */
final class MethodTable {
    static final List<String> NAMES = List.of("parse", "apply", "undo", "doctor", "shutdown");

    private static final Set<String> PARSE_PARAMS =
            Set.of("answer", "startDelimiter", "endDelimiter", "delimiters");
    private static final Set<String> APPLY_PARAMS =
            Set.of(
                    "answer",
                    "workingDir",
                    "dryRun",
                    "expectPlan",
                    "allow",
                    "yes",
                    "timeout",
                    "sandbox",
                    "strict",
                    "fuzzy",
                    "startDelimiter",
                    "endDelimiter",
                    "delimiters");
    private static final Set<String> UNDO_PARAMS = Set.of("workingDir", "force");

    private final ServeBackend backend;
    private final Path serverDir;

    MethodTable(ServeBackend backend, Path serverDir) {
        this.backend = backend;
        this.serverDir = serverDir;
    }

    boolean has(String method) {
        return NAMES.contains(method);
    }

    /** Checks the parameters of {@code method} (one of {@link #NAMES} but shutdown). */
    Call prepare(String method, ObjectNode node) throws RpcException {
        Params params = new Params(node, serverDir);
        switch (method) {
            case "parse":
                {
                    params.requireOnly(PARSE_PARAMS);
                    String answer = params.requireString("answer");
                    Delimiters delimiters = delimiters(params, node);
                    return new Call(null, () -> backend.parse(answer, delimiters));
                }
            case "apply":
                {
                    params.requireOnly(APPLY_PARAMS);
                    String answer = params.requireString("answer");
                    WorkingDir dir = params.requireWorkingDir();
                    ApplyCall call =
                            new ApplyCall(
                                    dir.path(),
                                    answer,
                                    delimiters(params, node),
                                    params.optBoolean("dryRun", false),
                                    params.optString("expectPlan"),
                                    params.optStringList("allow"),
                                    params.optBoolean("yes", false),
                                    params.optPositiveInt("timeout"),
                                    sandbox(params.optString("sandbox")),
                                    params.optBoolean("strict", false),
                                    fuzzy(params.optString("fuzzy")));
                    return new Call(dir.lockKey(), () -> backend.apply(call));
                }
            case "undo":
                {
                    params.requireOnly(UNDO_PARAMS);
                    WorkingDir dir = params.requireWorkingDir();
                    boolean force = params.optBoolean("force", false);
                    return new Call(dir.lockKey(), () -> backend.undo(dir.path(), force));
                }
            case "doctor":
                params.requireOnly(Set.of());
                return new Call(null, backend::doctor);
            default:
                throw new IllegalArgumentException("not a csl method: " + method);
        }
    }

    /** {@code fuzzy}: absent, "off" or "whitespace" (the CLI's {@code --fuzzy}). */
    private static boolean fuzzy(String value) throws RpcException {
        if (value == null || value.equals("off")) {
            return false;
        }
        if (value.equals("whitespace")) {
            return true;
        }
        throw RpcException.invalidParams(
                "fuzzy must be \"off\" or \"whitespace\", not \"" + value + "\"");
    }

    /**
     * {@code startDelimiter} + {@code endDelimiter} (the CLI's spelling) or {@code delimiters:
     * {"start", "end"}}; both or neither.
     */
    private static Delimiters delimiters(Params params, ObjectNode node) throws RpcException {
        String start = params.optString("startDelimiter");
        String end = params.optString("endDelimiter");
        if (node.has("delimiters") && !node.get("delimiters").isNull()) {
            if (start != null || end != null) {
                throw RpcException.invalidParams(
                        "Give either 'delimiters' or 'startDelimiter'/'endDelimiter', not both");
            }
            if (!node.get("delimiters").isObject()) {
                throw RpcException.invalidParams(
                        "Parameter 'delimiters' must be an object {\"start\": ..., \"end\": ...}");
            }
            Params inner = new Params((ObjectNode) node.get("delimiters"), Path.of(""));
            inner.requireOnly(Set.of("start", "end"));
            start = inner.requireString("start");
            end = inner.requireString("end");
        } else if ((start == null) != (end == null)) {
            throw RpcException.invalidParams(
                    "Give both 'startDelimiter' and 'endDelimiter', or neither");
        }
        if (start == null) {
            return Delimiters.DEFAULT;
        }
        if (start.isEmpty() || end.isEmpty()) {
            throw RpcException.invalidParams("Delimiters must not be empty");
        }
        return new Delimiters(start, end);
    }

    private static SandboxMode sandbox(String value) throws RpcException {
        if (value == null) {
            return SandboxMode.AUTO;
        }
        switch (value.toLowerCase(Locale.ROOT)) {
            case "auto":
                return SandboxMode.AUTO;
            case "required":
                return SandboxMode.REQUIRED;
            case "off":
                return SandboxMode.OFF;
            default:
                throw RpcException.invalidParams(
                        "Parameter 'sandbox' must be 'auto', 'required' or 'off'");
        }
    }
}
