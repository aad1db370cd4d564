package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.worker.CommandSpec;
import dev.csl.runner.worker.CommandTable;
import dev.csl.runner.worker.OperandKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
        Files.createDirectories(root.resolve("sub"));
        Files.createDirectories(outside.resolve("dir"));
        write(outside.resolve("secret.txt"), "secret\n");
        write(outside.resolve("dir/x.txt"), "x\n");
        write(root.resolve("a.txt"), "a\n");
        write(root.resolve("sub/file.txt"), "file\n");
        Files.createDirectories(root.resolve(".git/hooks"));
        write(root.resolve(".git/config"), "[core]\n");
        Files.createDirectories(root.resolve(".csl"));
        write(root.resolve(".csl/commands.json"), "{}\n");
        link("link-out", Path.of("../outside"));
        link("link-out-abs", outside);
        link("file-out", Path.of("../outside/secret.txt"));
        link("link-in", Path.of("sub"));
        link("link-in-abs", root.resolve("sub"));
        link("chain1", Path.of("chain2"));
        link("chain2", Path.of("../outside/../proj/sub"));
        link("chain-out1", Path.of("chain-out2"));
        link("chain-out2", Path.of("link-out"));
        link("loop1", Path.of("loop2"));
        link("loop2", Path.of("loop1"));
        link("self", Path.of("self"));
        link("dangling-out", Path.of("../outside/new.txt"));
        link("dangling-in", Path.of("sub/new.txt"));
        link("git-link", Path.of(".git"));
        link("sub/up", Path.of(".."));
        link("sub/up2", Path.of("../.."));
        link("root-link", root.getRoot());
        // Targets as ln -s writes them (Path.of would normalize the slashes away).
        rawLink("up-slash", "../");
        rawLink("in-sub-up", "sub/../../");
        rawLink("dot-up-slash", "./../");
        rawLink("dslash-out", "..//outside");
        rawLink("dotdot-dslash", "..//");
        rawLink("dot-dslash-up", ".//..//");
        rawLink("in-slash", "sub/");
        rawLink("in-dslash", "sub//");
        rawLink("file-slash", "a.txt/");
        rawLink("abs-dslash", root.toString().replace("/proj", "//proj//") + "sub/");
        rawLink("abs-out-slash", outside + "/");
        session = TestSessions.open(root);
    }

    @AfterAll
    static void tearDown() {
        session.close();
    }

    private static void write(Path p, String s) throws IOException {
        Files.writeString(p, s, StandardCharsets.UTF_8);
    }

    private static void rawLink(String name, String target) throws IOException {
        try {
            Process ln =
                    new ProcessBuilder("ln", "-s", target, root.resolve(name).toString()).start();
            assertThat(ln.waitFor()).as("ln -s " + target).isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static void link(String name, Path target) throws IOException {
        Files.createSymbolicLink(root.resolve(name), target);
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
        for (String line :
                Files.readAllLines(Path.of("..", "testdata", "guard", "hostile-paths.tsv"))) {
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            String[] cols = line.split("\t", -1);
            String path = unescape(cols[0]);
            if (path.contains("'")) {
                continue; // cannot be single-quoted
            }
            char[] o = new char[5];
            for (int i = 0; i < 5; i++) {
                o[i] = cols.length == 2 ? cols[1].charAt(0) : cols[1 + i].charAt(0);
            }
            rows.add(new Row(path, o[0], o[1], o[3]));
        }
        assertThat(rows).hasSizeGreaterThan(100);
        return rows;
    }

    private static String unescape(String s) {
        String p = s.replace("@ROOT@", root.toString()).replace("@OUT@", outside.toString());
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            if (c == '\\' && i + 1 < p.length()) {
                char d = p.charAt(++i);
                switch (d) {
                    case 'u' -> {
                        b.append((char) Integer.parseInt(p.substring(i + 1, i + 5), 16));
                        i += 4;
                    }
                    case 't' -> b.append('\t');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    default -> b.append(d);
                }
            } else {
                b.append(c);
            }
        }
        return b.toString();
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
