package dev.csl.runner;

import dev.csl.runner.sandbox.ContainerPool;
import dev.csl.runner.sandbox.Sandbox;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/** Where a session gets a worker JVM for its working directory: started now, or from a pool. */
@FunctionalInterface
interface WorkerSource {
    WorkerProcess take(Path root, Sandbox sandbox) throws IOException;

    /**
     * A worker for {@code root} whose environment is {@code environment} (the caller's, filtered as
     * a command's): never the JVM's own, which in the resident process is whoever started it.
     * Sources that start no real worker (tests) ignore it.
     */
    default WorkerProcess take(Path root, Sandbox sandbox, Map<String, String> environment)
            throws IOException {
        return take(root, sandbox);
    }

    /**
     * Called when a session ends with a healthy worker (it never crashed, timed out or ran out of
     * memory): a pool keeps it for the next session of the same directory; otherwise it stops.
     */
    default void giveBack(Path root, Sandbox sandbox, WorkerProcess worker) {
        worker.close();
    }

    /**
     * The warm containers kept between sessions (a pool's: {@code serve}, the resident process), or
     * {@code null}: each session starts and removes its own.
     */
    default ContainerPool containers() {
        return null;
    }

    /** Background work to wait for before the process exits (archive recording), or null. */
    default Thread background(Path root) {
        return null;
    }

    static WorkerSource fresh() {
        return fresh(WorkerLauncher.standard());
    }

    static WorkerSource fresh(WorkerLauncher launcher) {
        return new WorkerSource() {
            @Override
            public WorkerProcess take(Path root, Sandbox sandbox) throws IOException {
                return WorkerProcess.start(launcher.command(root, sandbox));
            }

            @Override
            public WorkerProcess take(Path root, Sandbox sandbox, Map<String, String> environment)
                    throws IOException {
                return WorkerProcess.start(launcher.command(root, sandbox), environment);
            }

            @Override
            public Thread background(Path root) {
                return launcher.prepareArchive(root);
            }
        };
    }
}
