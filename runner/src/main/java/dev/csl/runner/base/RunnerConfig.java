package dev.csl.runner.base;

import java.nio.file.Path;
import java.util.List;

/**
 * Settings for one apply's runner session.
 *
 * @param workingDir the working directory (its real path is the guard root)
 * @param defaultTimeoutSeconds per-command timeout when a RUN has no {@code timeout} (SPEC: 30)
 * @param outputCapBytes per-stream output cap (SPEC: 1 MiB)
 * @param sandbox the sandbox mode
 * @param allowed commands approved for this apply only ({@code --allow}), in the commands.json form
 * @param approveAll {@code --yes}: approve every command (dangerous)
 * @param prompter asks a person, or {@code null} when nobody can be asked
 * @param output sees the output of external commands and Node scripts as it comes
 * @param layer the OS confinement to use whatever the machine offers (tests force each layer with
 *     it), or {@code null} to choose: {@code CSL_SANDBOX_LAYER}, else the strongest that works
 * @param context the call's directory, environment and streams: children's environments start from
 *     its environment, never from the JVM's
 */
public record RunnerConfig(
        Path workingDir,
        int defaultTimeoutSeconds,
        long outputCapBytes,
        SandboxMode sandbox,
        List<String> allowed,
        boolean approveAll,
        Prompter prompter,
        OutputListener output,
        SandboxLayer layer,
        CallContext context) {
    public static final int DEFAULT_TIMEOUT_SECONDS = 30;
    public static final long DEFAULT_OUTPUT_CAP = 1024 * 1024;

    public RunnerConfig {
        allowed = List.copyOf(allowed);
        output = output == null ? OutputListener.NONE : output;
        context = context == null ? CallContext.ofProcess() : context;
    }

    /** For a call in a process of its own (tests): the process's context. */
    public RunnerConfig(
            Path workingDir,
            int defaultTimeoutSeconds,
            long outputCapBytes,
            SandboxMode sandbox,
            List<String> allowed,
            boolean approveAll,
            Prompter prompter,
            OutputListener output,
            SandboxLayer layer) {
        this(
                workingDir,
                defaultTimeoutSeconds,
                outputCapBytes,
                sandbox,
                allowed,
                approveAll,
                prompter,
                output,
                layer,
                null);
    }

    /** Choosing the layer from the machine (and {@code CSL_SANDBOX_LAYER}). */
    public RunnerConfig(
            Path workingDir,
            int defaultTimeoutSeconds,
            long outputCapBytes,
            SandboxMode sandbox,
            List<String> allowed,
            boolean approveAll,
            Prompter prompter,
            OutputListener output) {
        this(
                workingDir,
                defaultTimeoutSeconds,
                outputCapBytes,
                sandbox,
                allowed,
                approveAll,
                prompter,
                output,
                null);
    }

    /** This configuration with {@code layer} forced (in-process tests of each layer). */
    public RunnerConfig withLayer(SandboxLayer layer) {
        return new RunnerConfig(
                workingDir,
                defaultTimeoutSeconds,
                outputCapBytes,
                sandbox,
                allowed,
                approveAll,
                prompter,
                output,
                layer,
                context);
    }

    /** Without a live display of output. */
    public RunnerConfig(
            Path workingDir,
            int defaultTimeoutSeconds,
            long outputCapBytes,
            SandboxMode sandbox,
            List<String> allowed,
            boolean approveAll,
            Prompter prompter) {
        this(
                workingDir,
                defaultTimeoutSeconds,
                outputCapBytes,
                sandbox,
                allowed,
                approveAll,
                prompter,
                OutputListener.NONE);
    }

    public static RunnerConfig defaults(Path workingDir) {
        return new RunnerConfig(
                workingDir,
                DEFAULT_TIMEOUT_SECONDS,
                DEFAULT_OUTPUT_CAP,
                SandboxMode.AUTO,
                List.of(),
                false,
                null);
    }
}
