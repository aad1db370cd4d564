package dev.csl.runner.worker;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.csl.fsguard.GuardedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * find and grep -r on the real disk, over a tree where files sort before, between and after
 * subdirectories at every level, with symlinks and empty directories: where the file system counts
 * subdirectories in a directory's link count, entries after the last subdirectory are not looked
 * at, and the output must still be what GNU find and grep print (compared where they are
 * installed).
 */
class WalkTreeTest {
    @TempDir Path dir;
    GuardedFiles files;

    @BeforeEach
    void setUp() throws IOException {
        for (String d : List.of("b", "b/b1", "b/b1/deep", "b/c2", "d", "empty", "z")) {
            Files.createDirectories(dir.resolve(d));
        }
        for (String f :
                List.of(
                        "a.txt",
                        "c.txt",
                        "e.js",
                        "zz.txt",
                        "b/a.txt",
                        "b/b0.txt",
                        "b/b2.txt",
                        "b/c1.js",
                        "b/zz.txt",
                        "b/b1/x.txt",
                        "b/b1/deep/y.txt",
                        "b/c2/n.txt",
                        "d/only.txt",
                        "z/last.txt")) {
            Files.writeString(dir.resolve(f), "needle in " + f + "\nhay\n", UTF_8);
        }
        Files.writeString(dir.resolve("b/empty.txt"), "", UTF_8);
        Files.createSymbolicLink(dir.resolve("b/link-to-b1"), Path.of("b1"));
        Files.createSymbolicLink(dir.resolve("link.txt"), Path.of("a.txt"));
        Files.createSymbolicLink(dir.resolve("b/zlink"), Path.of("../d"));
        files = GuardedFiles.open(dir);
    }

    record Result(int exit, String out, String err) {}

    private Result csl(Builtin command, String name, String... words) throws IOException {
        List<Invocation.Option> options = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        for (int i = 0; i < words.length; i++) {
            String w = words[i];
            if (List.of("-name", "-type", "-path", "-maxdepth", "--include").contains(w)) {
                options.add(new Invocation.Option(w, words[++i]));
            } else if (w.startsWith("-") && w.length() > 1) {
                options.add(new Invocation.Option(w, null));
            } else {
                operands.add(w);
            }
        }
        Output out = new Output(1 << 20);
        Output err = new Output(1 << 20);
        int exit =
                command.run(
                        new Invocation(name, options, operands),
                        new Context(name, files, out, err));
        return new Result(exit, out.text(), err.text());
    }

    private Result gnu(String... words) throws IOException, InterruptedException {
        Process p;
        try {
            p = new ProcessBuilder(words).directory(dir.toFile()).start();
        } catch (IOException e) {
            assumeTrue(false, words[0] + " is not installed");
            throw e;
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return new Result(p.exitValue(), out, err);
    }

    /** GNU find lists a directory in the order of its entries on disk; csl sorts them. */
    private static List<String> sorted(String out) {
        return out.lines().sorted().toList();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                ".",
                ". -name *.txt",
                ". -type f",
                ". -type d",
                ". -type l",
                ". -empty",
                "b -path *b1*",
                ". -maxdepth 1",
                ". -name z*"
            })
    void find_treeOfMixedEntries_listsWhatGnuFindLists(String line) throws Exception {
        String[] words = line.split(" ");
        Result csl = csl(new FindCommand(), "find", words);
        List<String> cmd = new ArrayList<>(List.of("find"));
        cmd.addAll(Arrays.asList(words));
        Result gnu = gnu(cmd.toArray(String[]::new));
        assertThat(csl.exit()).isEqualTo(gnu.exit());
        assertThat(csl.err()).isEqualTo(gnu.err());
        assertThat(sorted(csl.out())).isEqualTo(sorted(gnu.out()));
        assertThat(csl.out().lines().toList()).isEqualTo(sorted(csl.out())); // walk order: sorted
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "-r -n needle .",
                "-r -l needle b",
                "-r -c hay .",
                "-r -n --include *.js needle ."
            })
    void grep_treeOfMixedEntries_printsWhatGnuGrepPrints(String line) throws Exception {
        String[] words = line.split(" ");
        Result csl = csl(new GrepCommand(), "grep", words);
        List<String> cmd = new ArrayList<>(List.of("grep"));
        cmd.addAll(Arrays.asList(words));
        Result gnu = gnu(cmd.toArray(String[]::new));
        assertThat(csl.exit()).isEqualTo(gnu.exit());
        assertThat(csl.err()).isEqualTo(gnu.err());
        assertThat(sorted(csl.out())).isEqualTo(sorted(gnu.out()));
    }
}
