package dev.csl.cli.serve;

import dev.csl.grammar.Delimiters;
import dev.csl.runner.base.SandboxMode;
import java.nio.file.Path;
import java.util.List;

/**
 * The parameters of one {@code apply} request, checked.
 *
 * @param workingDir the working directory, absolute (it need not exist yet)
 * @param expectPlan the plan hash of an earlier dry run, or {@code null}
 * @param allow commands approved for this apply only ({@code --allow})
 * @param approveAll {@code --yes}
 * @param timeoutSeconds the default per-command timeout, or {@code null} for csl's default
 * @param strict every warning refuses its operation
 * @param fuzzyWhitespace SEARCH may match with whitespace ignored, with a warning
 */
public record ApplyCall(
        Path workingDir,
        String answer,
        Delimiters delimiters,
        boolean dryRun,
        String expectPlan,
        List<String> allow,
        boolean approveAll,
        Integer timeoutSeconds,
        SandboxMode sandbox,
        boolean strict,
        boolean fuzzyWhitespace) {
    public ApplyCall {
        allow = List.copyOf(allow);
    }

    /** Exact and not strict. */
    public ApplyCall(
            Path workingDir,
            String answer,
            Delimiters delimiters,
            boolean dryRun,
            String expectPlan,
            List<String> allow,
            boolean approveAll,
            Integer timeoutSeconds,
            SandboxMode sandbox) {
        this(
                workingDir,
                answer,
                delimiters,
                dryRun,
                expectPlan,
                allow,
                approveAll,
                timeoutSeconds,
                sandbox,
                false,
                false);
    }
}
