package dev.csl.interpreter;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.GuardedFiles;
import dev.csl.runner.RunRequest;
import dev.csl.runner.RunSession;
import dev.csl.runner.RunSessionFactory;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.RunnerConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An apply whose answer holds a RUN of commands opens its run session and has it start the worker
 * before the first operation runs, so the JVM boots meanwhile; the RUN then uses that session.
 */
class EarlyWorkerStartTest {
    @TempDir Path work;
    final List<String> events = new ArrayList<>();

    /** Records what the interpreter asks of its sessions, and whether w.txt existed by then. */
    final RunSessionFactory recording =
            new RunSessionFactory() {
                @Override
                public RunSession open(RunnerConfig config) {
                    events.add("open");
                    return new RunSession() {
                        @Override
                        public void prepare() {
                            events.add("prepare, w.txt " + Files.exists(work.resolve("w.txt")));
                        }

                        @Override
                        public RunOutcome run(RunRequest request) {
                            events.add("run " + request.content().strip());
                            return new RunOutcome(List.of(), null, "none", false);
                        }

                        @Override
                        public dev.csl.runner.base.RunFailure check(
                                RunRequest request,
                                java.util.function.Predicate<java.nio.file.Path> madeEarlier) {
                            return null;
                        }

                        @Override
                        public void close() {
                            events.add("close");
                        }
                    };
                }
            };

    private ApplyReport apply(String answer) {
        return new Interpreter(recording, GuardedFiles::open)
                .apply(answer, ApplyOptions.defaults(work));
    }

    private static final String WRITE = "<---WRITE file=\"w.txt\"--->\nhi\n<---END--->\n";

    @Test
    void apply_runAfterWrite_workerPreparedBeforeTheWriteAndUsedByTheRun() {
        ApplyReport report = apply(WRITE + "<---RUN--->\necho hi\n<---END--->\n");
        assertThat(report.ok()).isTrue();
        assertThat(events.get(0)).isEqualTo("open");
        assertThat(events.get(1)).isEqualTo("prepare, w.txt false");
        assertThat(events.subList(2, events.size())).startsWith("run echo hi").contains("close");
        assertThat(events).filteredOn("open"::equals).hasSize(1);
    }

    @Test
    void apply_runInsideTasks_prepared() {
        apply("<---TASKS--->\n" + WRITE + "<---RUN--->\necho hi\n<---END--->\n<---END--->\n");
        assertThat(events).startsWith("open", "prepare, w.txt false");
    }

    @Test
    void apply_dryRun_noWorkerStarted() {
        new Interpreter(recording, GuardedFiles::open)
                .apply(
                        WRITE + "<---RUN--->\necho hi\n<---END--->\n",
                        ApplyOptions.defaults(work).withDryRun(true));
        // a dry run checks the RUN through a session (open, close) but never starts a worker
        assertThat(events).noneMatch(e -> e.startsWith("prepare") || e.startsWith("run"));
    }

    @Test
    void apply_noRun_noSessionOpened() {
        apply(WRITE);
        assertThat(events).isEmpty();
    }

    @Test
    void apply_nodeProgramOnly_sessionOpenedAtTheRunWithoutAWorker() {
        apply(WRITE + "<---RUN lang=\"node\"--->\nconsole.log(1)\n<---END--->\n");
        assertThat(events).doesNotContain("prepare, w.txt false").startsWith("open");
        assertThat(events.get(1)).startsWith("run ");
    }
}
