package dev.csl.fsguard;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs every case of testdata/guard/hostile-paths.tsv through read, write, append, delete and list,
 * and checks the outcome and that the sibling outside directory is unchanged. Subclasses supply the
 * file system.
 */
abstract class GuardCorpusContract {

    /** An empty directory on the file system under test, fresh for each case. */
    abstract Path freshParent() throws IOException;

    /** The guard under test; real-disk suites also run the portable mode. */
    GuardedFiles openGuard(Path root) throws IOException {
        return GuardedFiles.open(root);
    }

    enum Op {
        READ,
        WRITE,
        APPEND,
        DELETE,
        LIST
    }

    record Case(int line, String raw, String path, String[] outcomes) {
        @Override
        public String toString() {
            return "line " + line + " '" + raw + "'";
        }
    }

    static Stream<Arguments> cases() throws IOException {
        Path file = corpusFile();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<Arguments> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            String[] cols = line.split("\t", -1);
            String[] outcomes = new String[5];
            for (int k = 0; k < 5; k++) {
                outcomes[k] = cols.length == 2 ? cols[1] : cols[k + 1];
            }
            Case c = new Case(i + 1, cols[0], unescape(cols[0]), outcomes);
            for (Op op : Op.values()) {
                out.add(Arguments.of(c, op));
            }
        }
        return out.stream();
    }

    static Path corpusFile() {
        Path p = Path.of("testdata/guard/hostile-paths.tsv");
        return Files.exists(p) ? p : Path.of("../testdata/guard/hostile-paths.tsv");
    }

    static String unescape(String s) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                b.append(c);
                continue;
            }
            char n = s.charAt(++i);
            switch (n) {
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case '\\' -> b.append('\\');
                case 'u' -> {
                    b.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> b.append('\\').append(n);
            }
        }
        return b.toString();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void hostilePath_eachOperation_refusedAsExpectedAndOutsideUnchanged(Case c, Op op)
            throws IOException {
        Workspace w = Workspace.create(freshParent());
        Map<String, String> before = w.snapshotOutside();
        GuardedFiles guard = openGuard(w.root);
        String path = w.expand(c.path());

        String outcome = run(guard, op, path);

        String expected = c.outcomes()[op.ordinal()];
        if (expected.equals("X")) {
            assertThat(outcome).as("outcome of %s %s", op, c).isNotIn("E", "!");
        } else {
            assertThat(outcome).as("outcome of %s %s", op, c).isEqualTo(expected);
        }
        assertThat(w.snapshotOutside()).as("outside after %s %s", op, c).isEqualTo(before);
    }

    private static String run(GuardedFiles guard, Op op, String path) {
        byte[] text = "new\n".getBytes(StandardCharsets.UTF_8);
        try {
            switch (op) {
                case READ -> guard.readBytes(path);
                case WRITE -> guard.writeAtomic(path, text);
                case APPEND -> guard.append(path, text);
                case DELETE -> guard.delete(path);
                case LIST -> guard.list(path);
            }
            return "K";
        } catch (GuardException e) {
            assertThat(e.getMessage()).contains("working directory");
            assertThat(e.hint()).as("hint of %s", e.getMessage()).isNotBlank();
            assertThat(e.pathAsWritten()).isEqualTo(path);
            return switch (e.code()) {
                case INVALID_PATH -> "I";
                case PATH_ESCAPE -> "E";
                case PROTECTED_PATH -> "P";
                case FILE_NOT_FOUND -> "N";
                case IS_DIRECTORY -> "D";
                case IO_ERROR -> "O";
                case PERMISSION_DENIED -> "A";
                default -> "?" + e.code().wireName(); // not a guard code: the corpus line fails
            };
        } catch (IOException | RuntimeException e) {
            return "!" + e;
        }
    }
}
