package dev.csl.runner;

/**
 * Exit statuses that answer a question instead of reporting a failure (docs/builtins.md,
 * "Failures"): status 1 of {@code grep} (no line selected) and of {@code diff} (the files differ).
 * Such a command's entry keeps its exit status, the block goes on, and the RUN's result carries the
 * note made here. Every other non-zero status (2: trouble) stays a failure.
 */
final class ExitAnswers {
    private ExitAnswers() {}

    /** The note for {@code step} ending with {@code exitCode}, or {@code null} when it failed. */
    static String noteFor(Step.Builtin step, int exitCode) {
        if (exitCode != 1) {
            return null;
        }
        return switch (step.spec().name()) {
            case "grep" -> "grep found no match (exit status 1): " + step.text();
            case "diff" -> "the files differ (exit status 1): " + step.text();
            default -> null;
        };
    }
}
