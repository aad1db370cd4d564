package dev.csl.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The fs-guard's hostile-path corpus (testdata/guard/hostile-paths.tsv) and the working directory
 * it names, for the guards outside fs-guard: the built-ins and the Node preload.
 */
final class HostilePaths {
    /** One corpus row: the path and its outcome letter for read, write, append, delete and list. */
    record Row(String path, char read, char write, char append, char delete, char list) {}

    private HostilePaths() {}

    /** Fills {@code root} and its sibling {@code outside} with what the corpus names. */
    static void populate(Path root, Path outside) throws IOException {
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
        link(root, "link-out", Path.of("../outside"));
        link(root, "link-out-abs", outside);
        link(root, "file-out", Path.of("../outside/secret.txt"));
        link(root, "link-in", Path.of("sub"));
        link(root, "link-in-abs", root.resolve("sub"));
        link(root, "chain1", Path.of("chain2"));
        link(root, "chain2", Path.of("../outside/../proj/sub"));
        link(root, "chain-out1", Path.of("chain-out2"));
        link(root, "chain-out2", Path.of("link-out"));
        link(root, "loop1", Path.of("loop2"));
        link(root, "loop2", Path.of("loop1"));
        link(root, "self", Path.of("self"));
        link(root, "dangling-out", Path.of("../outside/new.txt"));
        link(root, "dangling-in", Path.of("sub/new.txt"));
        link(root, "git-link", Path.of(".git"));
        link(root, "sub/up", Path.of(".."));
        link(root, "sub/up2", Path.of("../.."));
        link(root, "root-link", root.getRoot());
        // Targets as ln -s writes them (Path.of would normalize the slashes away).
        rawLink(root, "up-slash", "../");
        rawLink(root, "in-sub-up", "sub/../../");
        rawLink(root, "dot-up-slash", "./../");
        rawLink(root, "dslash-out", "..//outside");
        rawLink(root, "dotdot-dslash", "..//");
        rawLink(root, "dot-dslash-up", ".//..//");
        rawLink(root, "in-slash", "sub/");
        rawLink(root, "in-dslash", "sub//");
        rawLink(root, "file-slash", "a.txt/");
        rawLink(root, "abs-dslash", root.toString().replace("/proj", "//proj//") + "sub/");
        rawLink(root, "abs-out-slash", outside + "/");
    }

    private static void write(Path p, String s) throws IOException {
        Files.writeString(p, s, StandardCharsets.UTF_8);
    }

    private static void rawLink(Path root, String name, String target) throws IOException {
        try {
            Process ln =
                    new ProcessBuilder("ln", "-s", target, root.resolve(name).toString()).start();
            assertThat(ln.waitFor()).as("ln -s " + target).isZero();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static void link(Path root, String name, Path target) throws IOException {
        Files.createSymbolicLink(root.resolve(name), target);
    }

    /** The corpus's rows, with @ROOT@ and @OUT@ replaced and the escapes undone. */
    static List<Row> corpus(Path root, Path outside) throws IOException {
        List<Row> rows = new ArrayList<>();
        for (String line :
                Files.readAllLines(Path.of("..", "testdata", "guard", "hostile-paths.tsv"))) {
            if (line.startsWith("#") || line.isEmpty()) {
                continue;
            }
            String[] cols = line.split("\t", -1);
            String path = unescape(cols[0], root, outside);
            char[] o = new char[5];
            for (int i = 0; i < 5; i++) {
                o[i] = cols.length == 2 ? cols[1].charAt(0) : cols[1 + i].charAt(0);
            }
            rows.add(new Row(path, o[0], o[1], o[2], o[3], o[4]));
        }
        assertThat(rows).hasSizeGreaterThan(100);
        return rows;
    }

    private static String unescape(String s, Path root, Path outside) {
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
}
