package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.fsguard.ErrorCode;
import dev.csl.runner.base.CommandResult;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.FlagSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every built-in against what the real GNU tools printed for the same command on the same tree
 * (testdata/runner/NAME.cases, written by generate.py). All cases share one worker JVM; each runs
 * in its own fresh copy of the fixture, as the RUN dir.
 */
class BuiltinGoldenTest {
    @TempDir static Path root;
    private static StandardRunSession session;
    private static final AtomicInteger COUNTER = new AtomicInteger();

    @BeforeAll
    static void start() {
        session = TestSessions.open(root);
    }

    @AfterAll
    static void stop() {
        session.close();
    }

    @TestFactory
    Stream<DynamicContainer> run_goldenCase_printsWhatGnuPrints() throws IOException {
        List<DynamicContainer> containers = new ArrayList<>();
        for (String name : CommandTable.builtins().names()) {
            Path file = Fixture.TESTDATA.resolve(name + ".cases");
            List<DynamicTest> tests = new ArrayList<>();
            for (GoldenCase c : GoldenCase.read(file)) {
                tests.add(DynamicTest.dynamicTest(c.command(), () -> check(c)));
            }
            containers.add(DynamicContainer.dynamicContainer(name, tests));
        }
        return containers.stream();
    }

    private static void check(GoldenCase c) throws IOException {
        String dirName = "case" + COUNTER.incrementAndGet();
        Path dir = root.resolve(dirName);
        Fixture.create(dir);
        RunOutcome outcome =
                session.run(new RunRequest(c.command(), dirName, null, 20, ChangeRecorder.NONE));
        assertThat(outcome.commands()).as("ran (failure: %s)", outcome.failure()).hasSize(1);
        CommandResult r = outcome.commands().get(0);
        String real = dir.toRealPath().toString();
        assertThat(r.exitCode()).as("exit status, stderr: %s", r.stderr()).isEqualTo(c.exit());
        assertThat(normalize(r.stdout().replace(real, "/ROOT"), c.command()))
                .as("stdout")
                .isEqualTo(normalize(c.stdout(), c.command()));
        assertThat(r.stderr().replace(real, "/ROOT")).as("stderr").isEqualTo(c.stderr());
        if (c.tree() != null) {
            assertThat(Fixture.listing(dir)).as("tree afterwards").isEqualTo(c.tree());
        }
        // Exit status 1 of grep (no match) and diff (the files differ) is an answer, not a failure.
        boolean answer =
                c.exit() == 1 && (c.command().startsWith("grep") || c.command().startsWith("diff"));
        assertThat(outcome.ok()).isEqualTo(c.exit() == 0 || answer);
        assertThat(outcome.notes()).hasSize(answer ? 1 : 0);
        if (!outcome.ok()) {
            assertThat(outcome.failure().code()).isEqualTo(ErrorCode.COMMAND_FAILED);
            assertThat(outcome.failure().details()).containsEntry("exitCode", c.exit());
        }
    }

    /**
     * Owner and group differ between machines; find and grep -r print in directory order, which the
     * file system decides, so their lines are compared sorted.
     */
    private static String normalize(String out, String command) {
        String s = out.replaceAll("(?m)^([-dl][rwx-]{9} +\\d+) +\\S+ +\\S+ ", "$1 OWNER GROUP ");
        if (command.startsWith("find") || command.matches("grep .*-[a-zA-Z]*[rR].*")) {
            String[] lines = s.split("\n", -1);
            Arrays.sort(lines);
            s = String.join("\n", lines);
        }
        return s;
    }

    @Test
    void goldenCases_everyCommandAndFlagOfTheTable_areCovered() throws IOException {
        for (CommandSpec spec : CommandTable.builtins().commands()) {
            Set<String> used = new HashSet<>();
            for (GoldenCase c : GoldenCase.read(Fixture.TESTDATA.resolve(spec.name() + ".cases"))) {
                var split = WordSplitter.split(c.command());
                var parsed = OptionParser.parse(spec, split.lines().get(0).words(), c.command());
                assertThat(parsed.failure()).as(c.command()).isNull();
                parsed.invocation().options().forEach(o -> used.add(o.flag()));
            }
            List<String> flags = spec.flags().stream().map(FlagSpec::name).toList();
            assertThat(used)
                    .as("flags of %s used in its golden cases", spec.name())
                    .containsAll(flags.stream().filter(f -> !f.equals("-print")).toList());
        }
    }
}
