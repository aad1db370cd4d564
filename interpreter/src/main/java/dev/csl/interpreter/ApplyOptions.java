package dev.csl.interpreter;

import dev.csl.grammar.Delimiters;
import dev.csl.runner.OutputListener;
import dev.csl.runner.Prompter;
import dev.csl.runner.SandboxMode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * How to apply one answer.
 *
 * @param workingDir the project directory every path is relative to (created when missing)
 * @param delimiters marker delimiters
 * @param dryRun preview only: nothing on disk changes
 * @param expectPlan apply only if the plan hash still equals this (from a dry run), or null
 * @param allow commands approved for this apply ({@code --allow})
 * @param approveAll {@code --yes}
 * @param timeoutSeconds default per-command timeout, or null for the runner's default
 * @param sandbox sandbox mode for commands
 * @param prompter asks a person about unapproved commands, or null
 * @param output sees the output of external commands and Node scripts as it comes, or null
 * @param strict every warning (SPEC §1.7) refuses its operation ({@code --strict})
 * @param fuzzyWhitespace a SEARCH that matches once whitespace is ignored is applied, with a
 *     warning ({@code --fuzzy=whitespace})
 * @param cancelled true once the caller gave up (an MCP client's cancellation): the operations not
 *     started yet do not run, and a TASKS block in progress is rolled back as a failure would be
 */
public record ApplyOptions(
        Path workingDir,
        Delimiters delimiters,
        boolean dryRun,
        String expectPlan,
        List<String> allow,
        boolean approveAll,
        Integer timeoutSeconds,
        SandboxMode sandbox,
        Prompter prompter,
        OutputListener output,
        boolean strict,
        boolean fuzzyWhitespace,
        java.util.function.BooleanSupplier cancelled) {

    public ApplyOptions {
        cancelled = cancelled == null ? () -> false : cancelled;
        Objects.requireNonNull(workingDir, "workingDir");
        delimiters = delimiters == null ? Delimiters.DEFAULT : delimiters;
        allow = allow == null ? List.of() : List.copyOf(allow);
        sandbox = sandbox == null ? SandboxMode.AUTO : sandbox;
        output = output == null ? OutputListener.NONE : output;
    }

    /** Exact, not strict. */
    public ApplyOptions(
            Path workingDir,
            Delimiters delimiters,
            boolean dryRun,
            String expectPlan,
            List<String> allow,
            boolean approveAll,
            Integer timeoutSeconds,
            SandboxMode sandbox,
            Prompter prompter,
            OutputListener output) {
        this(
                workingDir,
                delimiters,
                dryRun,
                expectPlan,
                allow,
                approveAll,
                timeoutSeconds,
                sandbox,
                prompter,
                output,
                false,
                false,
                null);
    }

    /** With everything but cancellation. */
    public ApplyOptions(
            Path workingDir,
            Delimiters delimiters,
            boolean dryRun,
            String expectPlan,
            List<String> allow,
            boolean approveAll,
            Integer timeoutSeconds,
            SandboxMode sandbox,
            Prompter prompter,
            OutputListener output,
            boolean strict,
            boolean fuzzyWhitespace) {
        this(
                workingDir,
                delimiters,
                dryRun,
                expectPlan,
                allow,
                approveAll,
                timeoutSeconds,
                sandbox,
                prompter,
                output,
                strict,
                fuzzyWhitespace,
                null);
    }

    /** Without a live display of command output. */
    public ApplyOptions(
            Path workingDir,
            Delimiters delimiters,
            boolean dryRun,
            String expectPlan,
            List<String> allow,
            boolean approveAll,
            Integer timeoutSeconds,
            SandboxMode sandbox,
            Prompter prompter) {
        this(
                workingDir,
                delimiters,
                dryRun,
                expectPlan,
                allow,
                approveAll,
                timeoutSeconds,
                sandbox,
                prompter,
                OutputListener.NONE);
    }

    /** Default delimiters, real apply, no approvals, default timeout and sandbox. */
    public static ApplyOptions defaults(Path workingDir) {
        return new ApplyOptions(
                workingDir,
                Delimiters.DEFAULT,
                false,
                null,
                List.of(),
                false,
                null,
                SandboxMode.AUTO,
                null);
    }

    public ApplyOptions withDryRun(boolean value) {
        return new ApplyOptions(
                workingDir,
                delimiters,
                value,
                expectPlan,
                allow,
                approveAll,
                timeoutSeconds,
                sandbox,
                prompter,
                output,
                strict,
                fuzzyWhitespace,
                cancelled);
    }

    public ApplyOptions withExpectPlan(String hash) {
        return new ApplyOptions(
                workingDir,
                delimiters,
                dryRun,
                hash,
                allow,
                approveAll,
                timeoutSeconds,
                sandbox,
                prompter,
                output,
                strict,
                fuzzyWhitespace,
                cancelled);
    }

    /** {@code --strict} and {@code --fuzzy=whitespace}. */
    public ApplyOptions withTolerance(boolean strictValue, boolean fuzzyWhitespaceValue) {
        return new ApplyOptions(
                workingDir,
                delimiters,
                dryRun,
                expectPlan,
                allow,
                approveAll,
                timeoutSeconds,
                sandbox,
                prompter,
                output,
                strictValue,
                fuzzyWhitespaceValue,
                cancelled);
    }

    /** Stops the apply once {@code value} is true (see the {@code cancelled} component). */
    public ApplyOptions withCancellation(java.util.function.BooleanSupplier value) {
        return new ApplyOptions(
                workingDir,
                delimiters,
                dryRun,
                expectPlan,
                allow,
                approveAll,
                timeoutSeconds,
                sandbox,
                prompter,
                output,
                strict,
                fuzzyWhitespace,
                value);
    }
}
