package dev.csl.runner;

import dev.csl.fsguard.ErrorCode;
import dev.csl.fsguard.GuardException;
import dev.csl.runner.base.RunFailure;
import dev.csl.runner.worker.WorkerReply;
import java.util.LinkedHashMap;
import java.util.Map;

/** The runner's failures as data: stable code, one-sentence message, hint, extra fields. */
final class Failures {
    private Failures() {}

    static RunFailure of(ErrorCode code, String message, String hint) {
        return new RunFailure(code, message, hint, Map.of());
    }

    static RunFailure badDir(String dir, GuardException e) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("dir", dir);
        details.put("reason", e.code().wireName());
        if (e.resolved() != null) {
            details.put("resolved", e.resolved().toString());
        }
        return new RunFailure(
                ErrorCode.INVALID_WORKING_DIRECTORY,
                "The RUN dir '" + dir + "' cannot be used: " + e.getMessage(),
                "dir must name an existing directory inside the working directory, relative to"
                        + " it (dir=\"src\"); create it first with mkdir -p in an earlier RUN",
                details);
    }

    static RunFailure commandFailed(Step.Builtin step, WorkerReply reply) {
        String stderr = reply.stderr().strip();
        String firstLine = stderr.isEmpty() ? "" : stderr.lines().findFirst().orElse("");
        return new RunFailure(
                ErrorCode.COMMAND_FAILED,
                "'"
                        + step.text()
                        + "' failed with exit status "
                        + reply.exitCode()
                        + (firstLine.isEmpty() ? "" : ": " + firstLine),
                sourceGone(step, stderr)
                        ? "the source is gone: if this answer was applied before, the "
                                + step.spec().name()
                                + " already happened (look for its destination); leave it out when"
                                + " applying the answer again"
                        : "the command's stderr says why; fix the operands and run it again",
                RunFailure.details(
                        "exitCode", reply.exitCode(), "command", step.text(), "line", step.line()));
    }

    /** An mv or cp whose source does not exist: on a re-applied answer, one that ran already. */
    private static boolean sourceGone(Step.Builtin step, String stderr) {
        String name = step.spec().name();
        return (name.equals("mv") || name.equals("cp"))
                && stderr.contains("cannot stat")
                && stderr.contains("No such file or directory");
    }

    static RunFailure timeout(String text, int seconds) {
        return new RunFailure(
                ErrorCode.TIMEOUT,
                "'"
                        + text
                        + "' did not finish within "
                        + seconds
                        + " s and was stopped, with everything it had started",
                "narrow the command (a smaller directory, find -maxdepth, head -n) or give the RUN"
                        + " more time: <---RUN timeout=\"120\"--->",
                RunFailure.details("command", text, "timeoutSeconds", seconds, "exitCode", -1));
    }

    /** The state before a built-in could not be recorded within its timeout; it did not run. */
    static RunFailure recordingTimeout(String text, int seconds) {
        return new RunFailure(
                ErrorCode.TIMEOUT,
                "'"
                        + text
                        + "' did not run: recording what it would change (for undo and rollback)"
                        + " took longer than its "
                        + seconds
                        + " s timeout",
                "the tree it would change is very large or very deep: work on a smaller part,"
                        + " or give the RUN more time: <---RUN timeout=\"120\"--->",
                RunFailure.details("command", text, "timeoutSeconds", seconds, "exitCode", -1));
    }

    static RunFailure outOfMemory(String text, int heapMb) {
        return new RunFailure(
                ErrorCode.COMMAND_FAILED,
                "'"
                        + text
                        + "' ran out of memory (the worker's cap is "
                        + heapMb
                        + " MiB) and was stopped; a fresh worker runs the next command",
                "work on smaller pieces: head -n, grep -m, a narrower path",
                RunFailure.details("command", text, "exitCode", -1, "reason", "out_of_memory"));
    }

    /** A built-in stopped by the apply's write budget (the first write it refused). */
    static RunFailure limit(String text, WorkerReply reply) {
        WorkerReply.Limit limit = reply.limit();
        return new RunFailure(
                ErrorCode.LIMIT_EXCEEDED,
                "'" + text + "' was stopped by the apply's budget: " + limit.message(),
                limit.hint(),
                RunFailure.details("command", text, "exitCode", reply.exitCode()));
    }

    static RunFailure crashed(String text, String why) {
        return new RunFailure(
                ErrorCode.COMMAND_FAILED,
                "'"
                        + text
                        + "' stopped the worker JVM ("
                        + why
                        + "); a fresh worker runs the next command",
                "this is a csl problem, not yours; try the command again, or do it another way",
                RunFailure.details("command", text, "exitCode", -1, "reason", "worker_crashed"));
    }
}
