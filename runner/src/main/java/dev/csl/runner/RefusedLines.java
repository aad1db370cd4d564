package dev.csl.runner;

import dev.csl.runner.base.RunFailure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The refusal of a RUN block with several refused lines: the first line's code and hint, a message
 * that names every line and why, and {@code refused: [{line, command, code, message, hint}]} in the
 * details, so that an answer can fix them all in one turn.
 */
final class RefusedLines {
    private RefusedLines() {}

    /** One refused line: its failure, and whether the message already names the line. */
    record Refusal(RunFailure failure, boolean namesLine) {
        /** A message that begins "Command line N" itself (shell syntax, an assignment). */
        static Refusal namingItsLine(RunFailure failure) {
            return new Refusal(failure, true);
        }

        /** A message about the command only: the combined message puts the line before it. */
        static Refusal of(RunFailure failure) {
            return new Refusal(failure, false);
        }

        Refusal withFailure(RunFailure other) {
            return new Refusal(other, namesLine);
        }
    }

    static RunFailure combine(List<Refusal> refusals) {
        if (refusals.size() == 1) {
            return refusals.get(0).failure();
        }
        RunFailure first = refusals.get(0).failure();
        StringBuilder message =
                new StringBuilder()
                        .append(refusals.size())
                        .append(
                                " command lines of this RUN block were refused, so none of it ran:");
        List<Map<String, Object>> each = new ArrayList<>();
        for (Refusal refusal : refusals) {
            RunFailure f = refusal.failure();
            message.append("\n  ");
            if (!refusal.namesLine()) {
                message.append("Command line ").append(f.details().get("line"));
                if (f.details().get("command") != null) {
                    message.append(" (").append(f.details().get("command")).append(')');
                }
                message.append(": ");
            }
            message.append(f.message());
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("line", f.details().get("line"));
            if (f.details().get("command") != null) {
                entry.put("command", f.details().get("command"));
            }
            entry.put("code", f.code().wireName()); // details are JSON as they stand
            entry.put("message", f.message());
            entry.put("hint", f.hint());
            each.add(entry);
        }
        Map<String, Object> details = new LinkedHashMap<>(first.details());
        details.put("refused", each);
        return new RunFailure(
                first.code(),
                message.toString(),
                first.hint() + " (and fix the other lines as their messages say)",
                details);
    }
}
