package dev.csl.cli.serve;

import static dev.csl.cli.options.ApplyOption.ALLOW;
import static dev.csl.cli.options.ApplyOption.ATOMIC;
import static dev.csl.cli.options.ApplyOption.DRY_RUN;
import static dev.csl.cli.options.ApplyOption.EXPECT_PLAN;
import static dev.csl.cli.options.ApplyOption.FUZZY;
import static dev.csl.cli.options.ApplyOption.SANDBOX;
import static dev.csl.cli.options.ApplyOption.STRICT;
import static dev.csl.cli.options.ApplyOption.TIMEOUT;
import static dev.csl.cli.options.ApplyOption.YES;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.csl.cli.options.ApplyOption;
import dev.csl.cli.options.ApplySettings;
import dev.csl.cli.options.BadOptionValue;
import dev.csl.cli.rpc.RpcException;
import dev.csl.grammar.Delimiters;
import dev.csl.interpreter.ApplyOptions;
import java.nio.file.Path;
import java.util.HashSet;
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
    private static final Set<String> APPLY_PARAMS = applyParams();
    private static final Set<String> UNDO_PARAMS =
            Set.of("workingDir", "force", "applyId", "dryRun");

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
        return prepare(method, node, () -> false);
    }

    /**
     * As above; {@code cancelled} turns true when the client cancels the request ({@code
     * $/cancelRequest}): an apply then stops as a failure would (its TASKS block rolls back).
     */
    Call prepare(String method, ObjectNode node, java.util.function.BooleanSupplier cancelled)
            throws RpcException {
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
                    ApplySettings settings =
                            new ApplySettings()
                                    .delimiters(delimiters(params, node))
                                    .dryRun(params.optBoolean(DRY_RUN.json(), false))
                                    .expectPlan(params.optString(EXPECT_PLAN.json()))
                                    .allow(params.optStringList(ALLOW.json()))
                                    .yes(params.optBoolean(YES.json(), false))
                                    .timeout(params.optPositiveInt(TIMEOUT.json()))
                                    .sandbox(lowerCase(params.optString(SANDBOX.json())))
                                    .strict(params.optBoolean(STRICT.json(), false))
                                    .fuzzy(params.optString(FUZZY.json()))
                                    .atomic(params.optBoolean(ATOMIC.json(), false));
                    ApplyOptions options;
                    try {
                        options =
                                settings.options(dir.path())
                                        .withCancellation(cancelled)
                                        .withSource("serve", null);
                    } catch (BadOptionValue e) {
                        throw RpcException.invalidParams(e.json());
                    }
                    return new Call(dir.lockKey(), () -> backend.apply(answer, options));
                }
            case "undo":
                {
                    params.requireOnly(UNDO_PARAMS);
                    WorkingDir dir = params.requireWorkingDir();
                    dev.csl.interpreter.Undoer.Request request =
                            new dev.csl.interpreter.Undoer.Request(
                                    params.optString("applyId"),
                                    params.optBoolean("force", false),
                                    params.optBoolean("dryRun", false));
                    return new Call(dir.lockKey(), () -> backend.undo(dir.path(), request));
                }
            case "doctor":
                params.requireOnly(Set.of());
                return new Call(null, backend::doctor);
            default:
                throw new IllegalArgumentException("not a csl method: " + method);
        }
    }

    /**
     * {@code answer}, {@code delimiters} (which {@code parse} takes too) and the JSON name of every
     * apply option but the command line's own.
     */
    private static Set<String> applyParams() {
        Set<String> names = new HashSet<>(Set.of("answer", "delimiters"));
        for (ApplyOption option : ApplyOption.values()) {
            if (option.json() != null) {
                names.add(option.json());
            }
        }
        return Set.copyOf(names);
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
        try {
            return new Delimiters(start, end);
        } catch (IllegalArgumentException e) {
            // "Delimiters must not be empty", "... contain line breaks": the command line's check.
            throw RpcException.invalidParams("D" + e.getMessage().substring(1));
        }
    }

    /** JSON clients may write the sandbox mode in any case. */
    private static String lowerCase(String value) {
        return value == null ? null : value.toLowerCase(Locale.ROOT);
    }
}
