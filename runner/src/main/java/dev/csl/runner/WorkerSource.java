package dev.csl.runner;

import java.io.IOException;
import java.nio.file.Path;

/** Where a session gets a worker JVM: started on demand, or taken warm from a pool. */
@FunctionalInterface
interface WorkerSource {
    WorkerProcess take(Path root) throws IOException;

    static WorkerSource fresh() {
        return fresh(WorkerLauncher.standard());
    }

    static WorkerSource fresh(WorkerLauncher launcher) {
        return root -> WorkerProcess.start(launcher, root);
    }
}
