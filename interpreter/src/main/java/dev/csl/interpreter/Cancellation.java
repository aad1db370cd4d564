package dev.csl.interpreter;

import dev.csl.fsguard.ErrorCode;
import java.util.function.BooleanSupplier;

/**
 * Whether the caller withdrew the request (serve and mcp can), asked before each operation starts;
 * an operation it keeps from starting reports {@link #error()}.
 */
final class Cancellation {
    private final BooleanSupplier requested;

    Cancellation(BooleanSupplier requested) {
        this.requested = requested;
    }

    boolean requested() {
        return requested.getAsBoolean();
    }

    static ErrorInfo error() {
        return ErrorInfo.of(
                ErrorCode.TASK_ABORTED,
                "Not run: the request was cancelled before this operation started.",
                "Send the operations again if they are still wanted.");
    }
}
