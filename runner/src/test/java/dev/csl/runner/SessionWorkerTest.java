package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.base.SandboxLayer;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.sandbox.Sandbox;
import dev.csl.runner.sandbox.SandboxProbe;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker started before the machine's bwrap trial answered (under bubblewrap assumed) is used
 * only when the session's sandbox turns out to be bubblewrap; otherwise a new one is started in the
 * sandbox decided. Real child processes ({@code cat}, which lives until its stdin closes) stand in
 * for worker JVMs.
 */
class SessionWorkerTest {
    @TempDir Path dir;

    private final List<SandboxLayer> startedIn = new ArrayList<>();
    private final List<WorkerProcess> started = new ArrayList<>();
    private final WorkerSource source =
            (root, sandbox) -> {
                startedIn.add(sandbox.kind());
                WorkerProcess w = WorkerProcess.start(List.of("cat"));
                started.add(w);
                return w;
            };

    private static final Sandbox BUBBLEWRAP =
            Sandbox.of(SandboxMode.AUTO, new SandboxProbe(Path.of("/usr/bin/bwrap"), ""));
    private static final Sandbox NONE =
            Sandbox.of(SandboxMode.AUTO, SandboxProbe.unavailable("bwrap cannot make namespaces"));

    @AfterEach
    void stopAll() {
        started.forEach(WorkerProcess::close);
    }

    @Test
    void forRoot_assumedBubblewrapButTheSandboxIsNone_replacesTheWorker() throws IOException {
        SessionWorker session = new SessionWorker(source, () -> NONE);
        session.startEarly(dir, BUBBLEWRAP);
        WorkerProcess early = session.current();

        WorkerProcess used = session.forRoot(dir.toRealPath());

        assertThat(used).isNotSameAs(early);
        assertThat(early.alive()).isFalse();
        assertThat(startedIn).containsExactly(SandboxLayer.BUBBLEWRAP, SandboxLayer.NONE);
        session.close();
    }

    @Test
    void forRoot_assumedBubblewrapAndTheSandboxIsBubblewrap_keepsTheWorker() throws IOException {
        SessionWorker session = new SessionWorker(source, () -> BUBBLEWRAP);
        session.startEarly(dir, BUBBLEWRAP);
        WorkerProcess early = session.current();

        assertThat(session.forRoot(dir.toRealPath())).isSameAs(early);
        assertThat(startedIn).containsExactly(SandboxLayer.BUBBLEWRAP);
        session.close();
    }

    @Test
    void close_assumedWorkerNeverUsedAndTheSandboxIsNone_isStoppedNotKept() throws IOException {
        List<WorkerProcess> givenBack = new ArrayList<>();
        WorkerSource pool =
                new WorkerSource() {
                    @Override
                    public WorkerProcess take(Path root, Sandbox sandbox) throws IOException {
                        return source.take(root, sandbox);
                    }

                    @Override
                    public void giveBack(Path root, Sandbox sandbox, WorkerProcess worker) {
                        givenBack.add(worker);
                    }
                };
        SessionWorker session = new SessionWorker(pool, () -> NONE);
        session.startEarly(dir, BUBBLEWRAP);
        WorkerProcess early = session.current();

        session.close();

        assertThat(givenBack).isEmpty();
        assertThat(early.alive()).isFalse();
    }

    @Test
    void startEarly_nothingAssumed_startsInTheSessionsSandbox() {
        SessionWorker session = new SessionWorker(source, () -> NONE);

        session.startEarly(dir, null);

        assertThat(startedIn).containsExactly(SandboxLayer.NONE);
        session.close();
    }
}
