package dev.csl.runner;

import dev.csl.runner.approval.SettingsFingerprint;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * All that a warm worker's behaviour depends on, so that a pool hands it only to a session that
 * would have started the same one: the project's real path; the whole command line (the JVM's
 * flags, and the sandbox's layer, view and ceilings, which the project's {@code .csl/commands.json}
 * and its trust record decide; the layer alone too, to tell a view that changed from another
 * layer); the environment the worker was started with (the caller's, filtered as every command's:
 * {@code TZ} decides the times {@code ls -l} shows); and what the project's commands.json grants
 * with the bytes it holds ({@code settings}), so that any change to the file or to its trust
 * retires the project's workers.
 */
record WorkerKey(
        Path root,
        String layer,
        List<String> command,
        Map<String, String> environment,
        Object settings) {
    WorkerKey {
        command = List.copyOf(command);
        environment = Map.copyOf(environment);
    }

    static WorkerKey of(
            Path root, String layer, List<String> command, Map<String, String> environment) {
        return new WorkerKey(root, layer, command, environment, SettingsFingerprint.of(root));
    }

    /**
     * The same project started under other settings, or in the same sandbox layer with another
     * view: such a worker is stale. One started for another caller's environment or another layer
     * is not (two callers may share a project, and {@code --sandbox off} is one call's choice).
     */
    boolean sameProjectOtherSettings(WorkerKey other) {
        return root.equals(other.root)
                && (!Objects.equals(settings, other.settings)
                        || layer.equals(other.layer) && !command.equals(other.command));
    }
}
