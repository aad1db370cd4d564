package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import dev.csl.grammar.Operation;
import dev.csl.grammar.Run;
import dev.csl.grammar.Tasks;
import dev.csl.runner.approval.CommandLimits;
import dev.csl.runner.approval.CommandsFile;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ceiling of the {@code timeout} an answer may give a RUN block (docs/external.md): 10 minutes,
 * unless the user set another in {@code .csl/commands.json} ({@code "limits": {"timeout":
 * SECONDS}}) or gave a longer {@code --timeout}, which raises it for that apply. The answer cannot
 * raise it: it cannot write {@code .csl/}. A RUN asking for more is refused before anything runs,
 * as a validation error of its {@code timeout} field, never silently cut down.
 *
 * @param seconds the ceiling
 * @param source where it comes from, as the refusal names it
 */
record TimeoutCeiling(long seconds, String source) {
    static final int DEFAULT_SECONDS = (int) CommandLimits.DEFAULT_TIMEOUT_SECONDS;

    /**
     * The refusals of {@code operations} under the ceiling of {@code root}; commands.json is read
     * only when a RUN gives a {@code timeout} (most answers do not).
     */
    static Map<Integer, ErrorInfo> refusals(
            List<Operation> operations, Path root, Integer commandLine) {
        if (!givesTimeout(operations)) {
            return Map.of();
        }
        return of(root, commandLine).refusals(operations);
    }

    private static boolean givesTimeout(List<Operation> operations) {
        for (Operation op : operations) {
            if (op instanceof Tasks t
                    ? givesTimeout(t.operations())
                    : op instanceof Run run && run.attributes().getOr("timeout", null) != null) {
                return true;
            }
        }
        return false;
    }

    /** The ceiling for {@code root}, with {@code commandLine} the user's {@code --timeout}. */
    static TimeoutCeiling of(Path root, Integer commandLine) {
        TimeoutCeiling ceiling = new TimeoutCeiling(DEFAULT_SECONDS, "the default");
        try {
            var limit = CommandsFile.load(root).timeoutLimit();
            if (limit.isPresent()) {
                ceiling =
                        new TimeoutCeiling(
                                limit.getAsInt(), CommandsFile.RELATIVE_PATH + " \"limits\"");
            }
        } catch (IOException e) {
            ceiling = new TimeoutCeiling(DEFAULT_SECONDS, "the default (" + e.getMessage() + ")");
        }
        if (commandLine != null && commandLine > ceiling.seconds) {
            ceiling = new TimeoutCeiling(commandLine, "--timeout");
        }
        return ceiling;
    }

    /** The refusal of every RUN (also inside TASKS) asking for more than the ceiling, by line. */
    Map<Integer, ErrorInfo> refusals(List<Operation> operations) {
        Map<Integer, ErrorInfo> refused = new LinkedHashMap<>();
        for (Operation op : operations) {
            if (op instanceof Tasks t) {
                refused.putAll(refusals(t.operations()));
            } else if (op instanceof Run run) {
                String value = run.attributes().getOr("timeout", null);
                if (value != null && above(value.strip())) {
                    refused.put(run.line(), refusal(run, value));
                }
            }
        }
        return refused;
    }

    private boolean above(String value) {
        if (value.isEmpty() || !value.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return false; // not a number: the validator refuses it with its own message
        }
        return new BigInteger(value).compareTo(BigInteger.valueOf(seconds)) > 0;
    }

    private Map<String, Object> details() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("field", "timeout");
        details.put("ceiling", seconds);
        return details;
    }

    private ErrorInfo refusal(Run run, String value) {
        return new ErrorInfo(
                ErrorCode.VALIDATION_ERROR,
                "Invalid value for 'timeout': "
                        + value
                        + " seconds is above the ceiling of "
                        + seconds
                        + " seconds ("
                        + source
                        + ")",
                "Give the RUN at line "
                        + run.line()
                        + " timeout=\""
                        + seconds
                        + "\" or less (it was not run); only the user can raise the ceiling, in "
                        + CommandsFile.RELATIVE_PATH
                        + " (\"limits\": {\"timeout\": SECONDS}) or with --timeout.",
                details());
    }
}
