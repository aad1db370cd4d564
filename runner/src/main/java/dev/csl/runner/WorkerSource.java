package dev.csl.runner;

import dev.csl.runner.sandbox.Sandbox;
import java.io.IOException;
import java.nio.file.Path;

/** Where a session gets a worker JVM for its working directory: started now, or from a pool. */
@FunctionalInterface
interface WorkerSource {
    WorkerProcess take(Path root, Sandbox sandbox) throws IOException;

    static WorkerSource fresh() {
        return fresh(WorkerLauncher.standard());
    }

    static WorkerSource fresh(WorkerLauncher launcher) {
        return (root, sandbox) -> WorkerProcess.start(launcher.command(root, sandbox));
    }
}
