package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.csl.runner.base.RunOutcome;
import dev.csl.runner.base.SandboxMode;
import dev.csl.runner.node.NodeRunner;
import dev.csl.runner.process.ProcessLauncher;
import dev.csl.runner.sandbox.Sandbox;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hostile-path corpus (testdata/guard/hostile-paths.tsv) through the Node preload, in a real
 * node: for every row and every operation (read, write, append, delete, list) the preload refuses
 * exactly where the Java guard does, with the same code (the rules come from the Java side, {@code
 * GuardRules}), and never refuses with a guard code where the Java guard lets the path through.
 */
class NodePreloadCorpusTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** What each operation calls; a non-recursive rm acts on a final symlink itself, as delete. */
    private static final List<String> OPS =
            List.of(
                    "read:fs.readFileSync(p)",
                    "write:fs.writeFileSync(p, 'x')",
                    "append:fs.appendFileSync(p, 'x')",
                    "delete:fs.rmSync(p)",
                    "list:fs.readdirSync(p)");

    @TempDir Path temp;

    @Test
    void everyCorpusRow_throughThePreload_sameCodeAsTheJavaGuard() throws IOException {
        assumeTrue(
                ProcessLauncher.findProgram("node", Path.of(".")).isPresent(),
                "node is not installed");
        Path work = temp.resolve("work");
        Path root = work.resolve("proj");
        Path outside = work.resolve("outside");
        HostilePaths.populate(root, outside);
        List<HostilePaths.Row> rows = HostilePaths.corpus(root, outside);

        RunOutcome outcome =
                new NodeRunner(root, Sandbox.forMode(SandboxMode.OFF), new ProcessLauncher(8 << 20))
                        .run(program(rows), root, 60);
        assertThat(outcome.failure()).as("%s", outcome).isNull();
        JsonNode results = JSON.readTree(outcome.commands().get(0).stdout());

        List<String> mismatches = new ArrayList<>();
        for (int op = 0; op < OPS.size(); op++) {
            String name = OPS.get(op).substring(0, OPS.get(op).indexOf(':'));
            for (int i = 0; i < rows.size(); i++) {
                HostilePaths.Row row = rows.get(i);
                char expected = outcomeOf(row, op);
                String got = results.get(op).get(i).asText();
                if (!agrees(expected, got, row.path())) {
                    mismatches.add(
                            name
                                    + " "
                                    + printable(row.path())
                                    + ": Java "
                                    + expected
                                    + ", Node "
                                    + got);
                }
            }
        }
        assertThat(mismatches).isEmpty();
    }

    /**
     * Whether Node's result agrees with the corpus: a refusal of the guard (I, E, P, and O for a
     * symlink loop, which the guard refuses itself) must be the same code; anything the Java guard
     * lets through must not be refused by the preload with a guard code (X: anything but
     * path_escape).
     */
    private static boolean agrees(char expected, String got, String path) {
        return switch (expected) {
            case 'I' -> got.equals("invalid_path");
            case 'E' -> got.equals("path_escape");
            case 'P' -> got.equals("protected_path");
            case 'X' -> !got.equals("path_escape");
            case 'O' -> isLoop(path) ? got.equals("io_error") : !isGuardCode(got);
            default -> !isGuardCode(got);
        };
    }

    private static boolean isLoop(String path) {
        return path.startsWith("loop") || path.startsWith("self");
    }

    private static boolean isGuardCode(String got) {
        return List.of("invalid_path", "path_escape", "protected_path", "io_error").contains(got);
    }

    private static char outcomeOf(HostilePaths.Row row, int op) {
        return switch (op) {
            case 0 -> row.read();
            case 1 -> row.write();
            case 2 -> row.append();
            case 3 -> deleteOutcome(row);
            default -> row.list();
        };
    }

    /**
     * GuardedFiles.delete treats {@code link/} like {@code link} (the corpus's column); Node's rm,
     * like the kernel and the built-in rm, follows the slash first (docs/guard.md), so a link that
     * leads outside is refused there as a read of it is.
     */
    private static char deleteOutcome(HostilePaths.Row row) {
        return row.path().endsWith("/") && row.read() == 'E' ? 'E' : row.delete();
    }

    /**
     * One script for the whole corpus: for each operation, each row's result — the preload's code
     * (err.cslCode), a system error's code (ENOENT …), or "ok" — printed as one JSON array per
     * operation. Reads and lists come first, deletes last, so the rows see the fixture as made.
     */
    private static String program(List<HostilePaths.Row> rows) {
        StringBuilder paths = new StringBuilder("[");
        for (HostilePaths.Row row : rows) {
            paths.append(literal(row.path())).append(",\n");
        }
        paths.append("]");
        // Deletes that must be refused first (they remove nothing); then the others from the last
        // row up, so that a row never finds removed what an earlier row names (loop1/x, loop1).
        List<Integer> deletes = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            if ("IEP".indexOf(rows.get(i).delete()) >= 0) {
                deletes.add(i);
            }
        }
        for (int i = rows.size() - 1; i >= 0; i--) {
            if ("IEP".indexOf(rows.get(i).delete()) < 0) {
                deletes.add(i);
            }
        }
        StringBuilder ops = new StringBuilder("[");
        for (String op : OPS) {
            ops.append("(p) => ").append(op.substring(op.indexOf(':') + 1)).append(",\n");
        }
        ops.append("]");
        return "const fs = require('fs');\n"
                + "const paths = "
                + paths
                + ";\nconst ops = "
                + ops
                + ";\nconst deletes = "
                + deletes
                + ";\nconst out = [[], [], [], [], []];\n"
                + "for (const o of [0, 4, 1, 2, 3]) {\n"
                + "  const rows = o === 3 ? deletes : paths.map((p, i) => i);\n"
                + "  for (const i of rows) {\n"
                + "    let r = 'ok';\n"
                + "    try { ops[o](paths[i]); } catch (e) { r = e.cslCode || e.code || String(e); }\n"
                + "    out[o][i] = r;\n"
                + "  }\n"
                + "}\n"
                + "process.stdout.write(JSON.stringify(out));\n";
    }

    /** A JavaScript string literal, every character outside printable ASCII escaped. */
    private static String literal(String s) {
        StringBuilder b = new StringBuilder("'");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x20 || c > 0x7e || c == '\'' || c == '\\') {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('\'').toString();
    }

    private static String printable(String s) {
        StringBuilder b = new StringBuilder();
        s.codePoints()
                .forEach(
                        cp -> {
                            if (cp < 0x20 || cp > 0x7e) {
                                b.append(String.format(Locale.ROOT, "\\u%04X", cp));
                            } else {
                                b.append((char) cp);
                            }
                        });
        String t = b.toString();
        return t.length() > 80 ? t.substring(0, 77) + "..." : t;
    }
}
