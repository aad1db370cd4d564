package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class WorkerLauncherTest {

    @Test
    void command_workerOfOneApply_compiledByC1Only() {
        assertThat(WorkerLauncher.standard().command(Path.of("/tmp/p")))
                .contains("-XX:TieredStopAtLevel=1", WorkerLauncher.MAIN, "/tmp/p");
    }

    @Test
    void command_workerAPoolKeeps_optimizingCompilerToo() {
        assertThat(WorkerLauncher.longLived().command(Path.of("/tmp/p")))
                .doesNotContain("-XX:TieredStopAtLevel=1")
                .contains("-XX:+UseSerialGC", WorkerLauncher.MAIN, "/tmp/p");
    }

    @Test
    void start_longLivedWorker_answersARequest() throws Exception {
        try (WorkerPool pool = new WorkerPool(1, WorkerLauncher.longLived())) {
            Path dir = java.nio.file.Files.createTempDirectory("csl-launcher").toRealPath();
            try (RunSession s =
                    pool.open(
                            new dev.csl.runner.base.RunnerConfig(
                                    dir,
                                    10,
                                    dev.csl.runner.base.RunnerConfig.DEFAULT_OUTPUT_CAP,
                                    dev.csl.runner.base.SandboxMode.OFF,
                                    java.util.List.of(),
                                    false,
                                    null,
                                    null))) {
                var outcome =
                        s.run(new RunRequest("echo warm", null, null, 10, ChangeRecorder.NONE));
                assertThat(outcome.failure()).isNull();
                assertThat(outcome.commands().get(0).stdout()).isEqualTo("warm\n");
            } finally {
                java.nio.file.Files.deleteIfExists(dir);
            }
        }
    }
}
