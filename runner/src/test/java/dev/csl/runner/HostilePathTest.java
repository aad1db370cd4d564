package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.OperandKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fs-guard's hostile-path corpus (testdata/guard/hostile-paths.tsv) through every path operand
 * of every built-in: each one must refuse the whole block before anything runs, with the corpus's
 * code, and leave the outside directory untouched.
 */
class HostilePathTest {
    @TempDir static Path temp;
    private static Path root;
    private static Path outside;
    private static StandardRunSession session;

    /** One corpus row: the path and its expected outcome for read, write and delete. */
    private record Row(String path, char read, char write, char delete) {}

    @BeforeAll
    static void setUp() throws IOException {
        Path work = temp.resolve("work");
        root = work.resolve("proj");
        outside = work.resolve("outside");
        HostilePaths.populate(root, outside);
        session = TestSessions.open(root);
    }

    @AfterAll
    static void tearDown() {
        session.close();
    }

    @TestFactory
    Stream<DynamicTest> run_hostilePathInAnyPathOperand_refusedBeforeAnythingRuns()
            throws IOException {
        List<Row> rows = corpus();
        List<DynamicTest> tests = new ArrayList<>();
        for (CommandSpec spec : CommandTable.builtins().commands()) {
            for (int position = 0; position < operandSlots(spec); position++) {
                int pos = position;
                OperandKind kind = kinds(spec).get(pos);
                if (kind == OperandKind.TEXT) {
                    continue;
                }
                for (Row row : rows) {
                    char expected = expected(row, kind);
                    if ("IEP".indexOf(expected) < 0) {
                        continue;
                    }
                    String line = commandLine(spec, pos, row.path());
                    tests.add(
                            DynamicTest.dynamicTest(
                                    line.replaceAll("\\p{Cntrl}", "?"),
                                    () -> check(line, expected)));
                }
            }
        }
        return tests.stream();
    }

    private static void check(String line, char expected) throws IOException {
        Map<String, String> before = snapshot(outside);
        List<Path> recorded = new ArrayList<>();
        RunOutcome outcome =
                session.run(new RunRequest("pwd\n" + line, null, null, 10, recorded::add));
        String code =
                switch (expected) {
                    case 'I' -> "invalid_path";
                    case 'E' -> "path_escape";
                    default -> "protected_path";
                };
        assertThat(outcome.failure()).as("refusal").isNotNull();
        assertThat(outcome.failure().code().wireName()).isEqualTo(code);
        assertThat(outcome.commands()).as("nothing ran, not even pwd").isEmpty();
        assertThat(recorded).isEmpty();
        assertThat(snapshot(outside)).isEqualTo(before);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(
            strings = {
                "grep -r secret .",
                "grep -rl x .",
                "find . -name 'secret*'",
                "find -L-free . -type f",
                "ls -R",
                "tree -a",
                "cp -r sub copied",
            })
    void run_walkingATreeWithSymlinksOut_neverReachesOutside(String line) throws IOException {
        String command = line.replace("-L-free ", "");
        Map<String, String> before = snapshot(outside);
        RunOutcome outcome =
                session.run(new RunRequest(command, null, null, 20, ChangeRecorder.NONE));
        assertThat(outcome.commands()).as("%s", outcome.failure()).isNotEmpty();
        // tree prints where links point ("file-out -> ../outside/secret.txt"); that is no read
        String out = outcome.commands().get(0).stdout().replaceAll(" -> .*", "");
        assertThat(out).doesNotContain("secret.txt").doesNotContain("secret\n");
        assertThat(out).doesNotContain("x.txt");
        assertThat(snapshot(outside)).isEqualTo(before);
    }

    private static char expected(Row row, OperandKind kind) {
        return switch (kind) {
            case WRITE -> row.write();
            case DELETE -> row.delete();
            default -> row.read();
        };
    }

    private static List<OperandKind> kinds(CommandSpec spec) {
        return spec.operands().kinds(java.util.Set.of(), operandSlots(spec));
    }

    private static int operandSlots(CommandSpec spec) {
        int n = Math.max(spec.operands().min(), 1) + (spec.name().equals("grep") ? 1 : 0);
        if (spec.operands().last() != null) {
            n = Math.max(n, 2);
        }
        return spec.operands().max() >= 0 ? Math.min(n, spec.operands().max()) : n;
    }

    /** The command with the hostile path (single-quoted) at {@code position}, safe elsewhere. */
    private static String commandLine(CommandSpec spec, int position, String hostile) {
        List<OperandKind> kinds = kinds(spec);
        StringBuilder s = new StringBuilder(spec.name());
        for (int i = 0; i < kinds.size(); i++) {
            s.append(' ');
            if (i == position) {
                s.append('\'').append(hostile).append('\'');
            } else {
                s.append(
                        switch (kinds.get(i)) {
                            case TEXT -> "x";
                            case WRITE -> "new.txt";
                            default -> "a.txt";
                        });
            }
        }
        return s.toString();
    }

    private static List<Row> corpus() throws IOException {
        List<Row> rows = new ArrayList<>();
        for (HostilePaths.Row row : HostilePaths.corpus(root, outside)) {
            if (!row.path().contains("'")) { // cannot be single-quoted
                rows.add(new Row(row.path(), row.read(), row.write(), row.delete()));
            }
        }
        return rows;
    }

    private static Map<String, String> snapshot(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String what =
                        Files.isDirectory(p)
                                ? "D"
                                : "F" + HexFormat.of().formatHex(Files.readAllBytes(p));
                out.put(dir.relativize(p).toString(), what);
            }
        }
        return out;
    }
}
