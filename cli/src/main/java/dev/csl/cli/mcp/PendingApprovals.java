package dev.csl.cli.mcp;

import dev.csl.fsguard.ErrorCode;
import dev.csl.interpreter.ApplyReport;
import dev.csl.interpreter.OperationResult;
import dev.csl.interpreter.Status;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A check whose plan is valid but runs commands the user has not approved yet: nothing is wrong
 * with the answer (the apply will ask the user, or the user approves with {@code csl allow}), so
 * the tool result is no error. Any other failure makes the check an error as before.
 */
final class PendingApprovals {
    private PendingApprovals() {}

    /**
     * The commands that wait for approval when they are the only thing that failed in {@code
     * report}, each once, in answer order; empty otherwise.
     */
    static List<String> onlyPending(ApplyReport report) {
        if (report.ok() || !report.syntaxErrors().isEmpty() || report.error() != null) {
            return List.of();
        }
        Set<String> commands = new LinkedHashSet<>();
        for (OperationResult result : report.results()) {
            if (!collect(result, commands)) {
                return List.of();
            }
        }
        return new ArrayList<>(commands);
    }

    /** Whether {@code result} failed, if at all, only for want of approval. */
    private static boolean collect(OperationResult result, Set<String> commands) {
        if (result.status() == Status.OK || result.status() == Status.NO_OP) {
            return true;
        }
        if (result.error() == null) {
            return result.status() == Status.ROLLED_BACK;
        }
        ErrorCode code = result.error().code();
        if (code == ErrorCode.TASK_ABORTED || result.status() == Status.ROLLED_BACK) {
            return true;
        }
        if (code != ErrorCode.COMMAND_NOT_APPROVED) {
            return false;
        }
        if (result.results() != null) {
            for (OperationResult inner : result.results()) {
                if (!collect(inner, commands)) {
                    return false;
                }
            }
            return true;
        }
        Object refused = result.error().details().get("refused");
        if (refused instanceof List<?> lines) {
            // Several refused lines: each must be waiting for approval only.
            for (Object line : lines) {
                if (!(line instanceof Map<?, ?> entry)
                        || !ErrorCode.COMMAND_NOT_APPROVED.wireName().equals(entry.get("code"))) {
                    return false;
                }
                commands.add(String.valueOf(entry.get("command")));
            }
            return true;
        }
        Object command = result.error().details().get("command");
        commands.add(command == null ? result.error().message() : command.toString());
        return true;
    }
}
