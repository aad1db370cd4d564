package dev.csl.runner;

import dev.csl.runner.base.RunnerConfig;
import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.OperandKind;
import java.nio.file.Path;
import java.util.List;

/** Sessions for tests: real worker JVMs, in UTC, with the worker's self-test commands on. */
final class TestSessions {
    static final WorkerLauncher LAUNCHER =
            new WorkerLauncher(List.of("-Duser.timezone=UTC", "-Dcsl.worker.selftest=true"));

    /** The worker's misbehaving commands, declared so that the parent lets them through. */
    static final CommandTable TABLE =
            CommandTable.builtins()
                    .with(
                            selfTest("__sleep", 1),
                            selfTest("__crash", 0),
                            selfTest("__oom", 0),
                            selfTest("__spawn", 0),
                            selfTest("__flood", 1));

    private TestSessions() {}

    static StandardRunSession open(Path root) {
        return open(RunnerConfig.defaults(root));
    }

    static StandardRunSession open(RunnerConfig config) {
        return new StandardRunSession(config, WorkerSource.fresh(LAUNCHER), TABLE);
    }

    static RunRequest request(String content) {
        return new RunRequest(content, null, null, null, ChangeRecorder.NONE);
    }

    private static CommandSpec selfTest(String name, int operands) {
        return new CommandSpec(
                name,
                name,
                "worker self-test",
                CommandSpec.Syntax.GETOPT,
                List.of(),
                null,
                new CommandSpec.Operands(
                        operands, operands, List.of(), OperandKind.TEXT, null, null));
    }
}
