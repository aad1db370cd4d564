package dev.csl.interpreter;

import dev.csl.grammar.Delimiters;
import dev.csl.runner.base.CallContext;
import dev.csl.runner.base.OutputListener;
import dev.csl.runner.base.Prompter;
import dev.csl.runner.base.SandboxMode;
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
 * @param strict every warning (docs/language.md, "Likely mistakes") refuses its operation ({@code
 *     --strict})
 * @param fuzzyWhitespace a SEARCH that matches once whitespace is ignored is applied, with a
 *     warning ({@code --fuzzy=whitespace})
 * @param cancelled true once the caller gave up (an MCP client's cancellation): the operations not
 *     started yet do not run, and a TASKS block in progress is rolled back as a failure would be
 * @param atomic the whole answer is one transaction ({@code --atomic}): the first failure rolls
 *     back every file change csl made for it and skips the rest (see {@link AtomicAnswer})
 * @param source who applied it, for {@code csl undo --list}: {@code cli}, {@code watch}, {@code
 *     serve}, {@code mcp}; null when not said
 * @param answerName the answer file as the user named it ({@code -} for standard input), or null
 * @param context the caller's directory, environment and streams, handed to the runner; null is
 *     this process's own (a call in a process of its own)
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
        java.util.function.BooleanSupplier cancelled,
        boolean atomic,
        String source,
        String answerName,
        CallContext context) {

    public ApplyOptions {
        cancelled = cancelled == null ? () -> false : cancelled;
        Objects.requireNonNull(workingDir, "workingDir");
        delimiters = delimiters == null ? Delimiters.DEFAULT : delimiters;
        allow = allow == null ? List.of() : List.copyOf(allow);
        sandbox = sandbox == null ? SandboxMode.AUTO : sandbox;
        output = output == null ? OutputListener.NONE : output;
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
                null,
                null,
                false,
                false,
                null,
                false,
                null,
                null,
                null);
    }

    public ApplyOptions withDelimiters(Delimiters value) {
        return with(c -> c.delimiters = value);
    }

    public ApplyOptions withDryRun(boolean value) {
        return with(c -> c.dryRun = value);
    }

    public ApplyOptions withExpectPlan(String hash) {
        return with(c -> c.expectPlan = hash);
    }

    /** {@code --allow} and {@code --yes}. */
    public ApplyOptions withApprovals(List<String> allowed, boolean all) {
        return with(
                c -> {
                    c.allow = allowed;
                    c.approveAll = all;
                });
    }

    public ApplyOptions withTimeout(Integer seconds) {
        return with(c -> c.timeoutSeconds = seconds);
    }

    public ApplyOptions withSandbox(SandboxMode mode) {
        return with(c -> c.sandbox = mode);
    }

    public ApplyOptions withPrompter(Prompter value) {
        return with(c -> c.prompter = value);
    }

    public ApplyOptions withOutput(OutputListener value) {
        return with(c -> c.output = value);
    }

    /** {@code --strict} and {@code --fuzzy=whitespace}. */
    public ApplyOptions withTolerance(boolean strictValue, boolean fuzzyWhitespaceValue) {
        return with(
                c -> {
                    c.strict = strictValue;
                    c.fuzzyWhitespace = fuzzyWhitespaceValue;
                });
    }

    /** Stops the apply once {@code value} is true (see the {@code cancelled} component). */
    public ApplyOptions withCancellation(java.util.function.BooleanSupplier value) {
        return with(c -> c.cancelled = value);
    }

    /** {@code --atomic}: the whole answer applies, or none of its file changes stays. */
    public ApplyOptions withAtomic(boolean value) {
        return with(c -> c.atomic = value);
    }

    /** Who applies the answer and from which file, as {@code csl undo --list} shows it. */
    public ApplyOptions withSource(String who, String file) {
        return with(
                c -> {
                    c.source = who;
                    c.answerName = file;
                });
    }

    /** The call this apply belongs to (see the {@code context} component). */
    public ApplyOptions withContext(CallContext value) {
        return with(c -> c.context = value);
    }

    /** A copy with some components changed: the one place besides the record that lists them. */
    private ApplyOptions with(java.util.function.Consumer<Components> change) {
        Components c = new Components(this);
        change.accept(c);
        return new ApplyOptions(
                c.workingDir,
                c.delimiters,
                c.dryRun,
                c.expectPlan,
                c.allow,
                c.approveAll,
                c.timeoutSeconds,
                c.sandbox,
                c.prompter,
                c.output,
                c.strict,
                c.fuzzyWhitespace,
                c.cancelled,
                c.atomic,
                c.source,
                c.answerName,
                c.context);
    }

    /** The components, to be changed one by one. */
    private static final class Components {
        Path workingDir;
        Delimiters delimiters;
        boolean dryRun;
        String expectPlan;
        List<String> allow;
        boolean approveAll;
        Integer timeoutSeconds;
        SandboxMode sandbox;
        Prompter prompter;
        OutputListener output;
        boolean strict;
        boolean fuzzyWhitespace;
        java.util.function.BooleanSupplier cancelled;
        boolean atomic;
        String source;
        String answerName;
        CallContext context;

        Components(ApplyOptions o) {
            workingDir = o.workingDir;
            delimiters = o.delimiters;
            dryRun = o.dryRun;
            expectPlan = o.expectPlan;
            allow = o.allow;
            approveAll = o.approveAll;
            timeoutSeconds = o.timeoutSeconds;
            sandbox = o.sandbox;
            prompter = o.prompter;
            output = o.output;
            strict = o.strict;
            fuzzyWhitespace = o.fuzzyWhitespace;
            cancelled = o.cancelled;
            atomic = o.atomic;
            source = o.source;
            answerName = o.answerName;
            context = o.context;
        }
    }
}
