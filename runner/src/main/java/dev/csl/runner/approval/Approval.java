package dev.csl.runner.approval;

import dev.csl.runner.base.RunFailure;

/**
 * The decision about one command line.
 *
 * @param failure {@code null} when the command may run, otherwise {@code command_not_approved} or
 *     {@code command_blocked}
 * @param network whether the command keeps network access in the sandbox
 * @param reason how it was approved ("commands.json: npm run *", "--allow", "--yes", "prompt")
 */
public record Approval(RunFailure failure, boolean network, String reason) {
    public boolean approved() {
        return failure == null;
    }

    static Approval granted(String reason, boolean network) {
        return new Approval(null, network, reason);
    }

    static Approval refused(RunFailure failure) {
        return new Approval(failure, false, "");
    }
}
